// The one JSON:API serializer: turns repository rows into the resources of the /v2 contract.
import type { z } from "zod";
import type { Container } from "../../api/containers";
import type { RawEvent, TransportEvent } from "../../api/events";
import type { anyResourceSchema } from "../../api/json-api";
import { rawEventName } from "../../api/milestones";
import type { Party } from "../../api/parties";
import type { Account, MetroArea, Port, ShippingLine, Terminal, User } from "../../api/reference";
import type { Route, RouteLocation } from "../../api/routes";
import type { Shipment, TrackingStoppedReason } from "../../api/shipments";
import { iso } from "../../api/timestamps";
import type { Vessel, VesselPosition } from "../../api/vessels";
import type { ContainerRecord } from "../db/containers";
import type { RawEventRow, TransportEventRow } from "../db/events";
import type { PartyRecord } from "../db/parties";
import type { PortRow, ReferenceData, ShippingLineRow, TerminalRow } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import type { VesselRow } from "../db/vessels";
import type { PositionInput, RouteStop } from "./inputs";

/** Any resource of the /v2 contract, as `included` holds them. */
export type Resource = z.infer<typeof anyResourceSchema>;

/** A to-one relationship: the related resource's identifier, or null when there is none. */
export const ref = <T extends string>(type: T, id: string | null | undefined) => ({
  data: id ? { id, type } : null,
});

export function portResource(p: PortRow): Port {
  return {
    id: p.id,
    type: "port",
    attributes: {
      name: p.name,
      code: p.locode,
      state_abbr: p.stateAbbr,
      city: p.city,
      country_code: p.countryCode,
      time_zone: p.timeZone,
      latitude: p.latitude,
      longitude: p.longitude,
    },
  };
}

/**
 * A place the hosted API calls a metro area: an inland city (a rail journey's destination, where the rail ramps
 * are), from our reference ports of kind `inland`.
 */
export function metroAreaResource(p: PortRow): MetroArea {
  return {
    id: p.id,
    type: "metro_area",
    attributes: {
      name: p.name,
      code: p.locode,
      state_abbr: p.stateAbbr,
      country_code: p.countryCode,
      time_zone: p.timeZone,
      latitude: p.latitude,
      longitude: p.longitude,
    },
  };
}

/**
 * A terminal with its place: `port` always (an inland place is also a port here, GET /v2/ports/{id}), and, as the
 * hosted API's rail terminals have it, `metro_area` when the place is an inland city.
 */
export function terminalResource(
  t: TerminalRow,
  reference: Pick<ReferenceData, "ports">,
): Terminal & { links: { self: string } } {
  const place = reference.ports.get(t.portId);
  return {
    id: t.id,
    type: "terminal",
    attributes: {
      name: t.name,
      nickname: t.nickname,
      firms_code: t.firmsCode,
      smdg_code: t.smdgCode,
      bic_facility_code: t.bicFacilityCode,
      street: t.street,
      city: t.city,
      state: t.state,
      state_abbr: t.stateAbbr,
      zip: t.zip,
      country: t.country,
    },
    relationships: {
      port: ref("port", t.portId),
      metro_area: ref("metro_area", place?.kind === "inland" ? place.id : null),
    },
    links: { self: `/v2/terminals/${t.id}` },
  };
}

export function shippingLineResource(l: ShippingLineRow): ShippingLine {
  return {
    id: l.id,
    type: "shipping_line",
    attributes: {
      scac: l.scac,
      name: l.name,
      short_name: l.shortName,
      alternative_scacs: l.alternativeScacs,
      bill_of_lading_tracking_support: l.billOfLadingTracking,
      booking_number_tracking_support: l.bookingNumberTracking,
      container_number_tracking_support: l.containerNumberTracking,
    },
  };
}

/** A person as the hosted API's `user` (an included stopper): the name's first word and the rest. */
export function userResource(u: { id: string; email: string; name: string }): User {
  const { first, last } = splitName(u.name);
  return { id: u.id, type: "user", attributes: { email: u.email, first_name: first, last_name: last } };
}

/** "Ana María Ruiz" -> Ana / María Ruiz; an empty name has neither. */
export function splitName(name: string): { first: string | null; last: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, last: null };
  return { first: words[0]!, last: words.length > 1 ? words.slice(1).join(" ") : null };
}

export function accountResource(a: { id: string; companyName: string }): Account {
  return { id: a.id, type: "account", attributes: { company_name: a.companyName } };
}

export function partyResource({ party, shipmentsCount }: PartyRecord): Party {
  return {
    id: party.id,
    type: "party",
    attributes: {
      company_name: party.companyName,
      shipments_count: shipmentsCount,
      created_at: party.createdAt.toISOString(),
      updated_at: party.updatedAt.toISOString(),
    },
    links: { self: `/v2/parties/${party.id}` },
  };
}

export function shipmentResource(record: ShipmentRecord, reference: ReferenceData): Shipment {
  const s = record.shipment;
  const line = reference.shippingLines.get(s.shippingLineId);
  const pol = s.portOfLadingId ? reference.ports.get(s.portOfLadingId) : undefined;
  const pod = s.portOfDischargeId ? reference.ports.get(s.portOfDischargeId) : undefined;
  const destination = s.destinationId ? reference.ports.get(s.destinationId) : undefined;
  return {
    id: s.id,
    type: "shipment",
    attributes: {
      created_at: s.createdAt.toISOString(),
      bill_of_lading_number: s.billOfLadingNumber,
      normalized_number: s.normalizedNumber,
      ref_numbers: s.refNumbers,
      tags: s.tags,
      shipping_line_scac: line?.scac ?? "",
      shipping_line_name: line?.name ?? "",
      shipping_line_short_name: line?.shortName ?? "",
      customer_name: s.customerName,
      port_of_lading_locode: pol?.locode ?? null,
      port_of_lading_name: pol?.name ?? null,
      port_of_discharge_locode: pod?.locode ?? null,
      port_of_discharge_name: pod?.name ?? null,
      destination_locode: destination?.locode ?? null,
      destination_name: destination?.name ?? null,
      pod_vessel_name: record.vessel?.name ?? null,
      pod_vessel_imo: record.vessel?.imo ?? null,
      pod_voyage_number: s.podVoyageNumber,
      pol_etd_at: iso(s.polEtdAt),
      pol_atd_at: iso(s.polAtdAt),
      pod_eta_at: iso(s.podEtaAt),
      pod_original_eta_at: iso(s.podOriginalEtaAt),
      pod_ata_at: iso(s.podAtaAt),
      destination_eta_at: iso(s.destinationEtaAt),
      destination_ata_at: iso(s.destinationAtaAt),
      pol_timezone: pol?.timeZone ?? null,
      pod_timezone: pod?.timeZone ?? null,
      destination_timezone: destination?.timeZone ?? null,
      line_tracking_last_attempted_at: iso(s.lineTrackingLastAttemptedAt),
      line_tracking_last_succeeded_at: iso(s.lineTrackingLastSucceededAt),
      line_tracking_stopped_at: iso(s.lineTrackingStoppedAt),
      line_tracking_stopped_reason: s.lineTrackingStoppedReason as TrackingStoppedReason | null,
      last_free_day_at: iso(s.lastFreeDayAt),
      last_free_day_timezone: s.lastFreeDayTimeZone,
      containers_by_phase: record.containersByPhase,
    },
    relationships: {
      port_of_lading: ref("port", s.portOfLadingId),
      port_of_discharge: ref("port", s.portOfDischargeId),
      pod_terminal: ref("terminal", s.podTerminalId),
      destination: ref("port", s.destinationId),
      destination_terminal: ref("terminal", s.destinationTerminalId),
      line_tracking_stopped_by_user: ref("user", s.lineTrackingStoppedByUserId),
      line_tracking_stopped_by_api_key: ref("api_key", s.lineTrackingStoppedByApiKeyId),
      containers: { data: record.containerIds.map((id) => ({ id, type: "container" as const })) },
      customer: ref("party", s.customerId),
    },
    links: { self: `/v2/shipments/${s.id}` },
  };
}

export interface ContainerContext {
  reference: ReferenceData;
  /**
   * The container's shipment: its ports' time zones are the ones the container's times are local to, and a list of
   * containers shows its number, line, port of discharge, ETA, vessel, tags and customer.
   */
  shipment: ShipmentRecord | undefined;
}

export function containerResource(record: ContainerRecord, ctx: ContainerContext): Container {
  const c = record.container;
  const s = ctx.shipment?.shipment;
  const zones = zonesOf(ctx.reference, s);
  const finalZone = zones.destination ?? zones.pod;
  const pod = s?.portOfDischargeId ? ctx.reference.ports.get(s.portOfDischargeId) : undefined;
  return {
    id: c.id,
    type: "container",
    attributes: {
      number: c.number,
      seal_number: c.sealNumber,
      created_at: c.createdAt.toISOString(),
      ref_numbers: c.refNumbers,
      weight_in_lbs: c.weightInLbs,
      equipment_type: c.equipmentType as Container["attributes"]["equipment_type"],
      equipment_length: c.equipmentLength,
      equipment_height: c.equipmentHeight as Container["attributes"]["equipment_height"],
      current_status: c.currentStatus as Container["attributes"]["current_status"],
      availability_known: c.availabilityKnown,
      available_for_pickup: c.availableForPickup,
      pod_arrived_at: iso(c.podArrivedAt),
      pod_discharged_at: iso(c.podDischargedAt),
      pod_full_out_at: iso(c.podFullOutAt),
      final_destination_full_out_at: iso(c.finalDestinationFullOutAt),
      empty_terminated_at: iso(c.emptyTerminatedAt),
      terminal_checked_at: iso(c.terminalCheckedAt),
      pod_last_tracking_request_at: iso(c.podLastTrackingRequestAt),
      shipment_last_tracking_request_at: iso(c.shipmentLastTrackingRequestAt),
      // The hosted API coalesces the deadlines, preferring the line's.
      pickup_lfd: iso(c.lfdLine ?? c.lfdTerminal ?? c.lfdRail),
      pickup_appointment_at: iso(c.pickupAppointmentAt),
      pod_full_out_chassis_number: c.podFullOutChassisNumber,
      location_at_pod_terminal: c.locationAtPodTerminal,
      holds_at_pod_terminal: c.holdsAtPodTerminal,
      fees_at_pod_terminal: c.feesAtPodTerminal,
      pod_timezone: zones.pod,
      final_destination_timezone: c.finalDestinationFullOutAt ? finalZone : zones.destination,
      empty_terminated_timezone: c.emptyTerminatedAt ? finalZone : null,
      pod_rail_carrier_scac: c.podRailCarrierScac,
      ind_rail_carrier_scac: c.indRailCarrierScac,
      pod_rail_loaded_at: iso(c.podRailLoadedAt),
      pod_rail_departed_at: iso(c.podRailDepartedAt),
      ind_eta_at: iso(c.indEtaAt),
      ind_ata_at: iso(c.indAtaAt),
      ind_rail_unloaded_at: iso(c.indRailUnloadedAt),
      ind_facility_lfd_on: iso(c.indFacilityLfdOn),
      import_deadlines: {
        pickup_lfd_terminal: iso(c.lfdTerminal),
        pickup_lfd_rail: iso(c.lfdRail),
        pickup_lfd_line: iso(c.lfdLine),
      },
      last_free_day_at: iso(c.lastFreeDayAt),
      last_free_day_source: c.lastFreeDaySource as Container["attributes"]["last_free_day_source"],
      last_free_day_timezone: c.lastFreeDayTimeZone,
      awaiting_pickup: c.awaitingPickup,
      on_hold: c.holdsAtPodTerminal.some((h) => h.status === "hold"),
      bill_of_lading_number: s?.billOfLadingNumber ?? "",
      shipping_line_scac: (s && ctx.reference.shippingLines.get(s.shippingLineId)?.scac) ?? "",
      port_of_discharge_locode: pod?.locode ?? null,
      port_of_discharge_name: pod?.name ?? null,
      pod_eta_at: iso(s?.podEtaAt ?? null),
      pod_ata_at: iso(s?.podAtaAt ?? null),
      pod_vessel_name: ctx.shipment?.vessel?.name ?? null,
      pod_vessel_imo: ctx.shipment?.vessel?.imo ?? null,
      tags: s?.tags ?? [],
      customer_name: s?.customerName ?? null,
    },
    relationships: {
      shipment: ref("shipment", c.shipmentId),
      pickup_facility: ref("terminal", c.pickupFacilityId),
      pod_terminal: ref("terminal", c.podTerminalId),
      transport_events: {
        data: record.transportEventIds.map((id) => ({ id, type: "transport_event" as const })),
      },
      raw_events: { data: record.rawEventIds.map((id) => ({ id, type: "raw_event" as const })) },
    },
    links: { self: `/v2/containers/${c.id}` },
  };
}

// ---- Events ----

export function transportEventResource(te: TransportEventRow, reference: ReferenceData): TransportEvent {
  const location = te.locationId ? reference.ports.get(te.locationId) : undefined;
  return {
    id: te.id,
    type: "transport_event",
    attributes: {
      event: te.event,
      created_at: te.createdAt.toISOString(),
      voyage_number: te.voyageNumber,
      timestamp: iso(te.timestamp),
      location_locode: location?.locode ?? null,
      timezone: location?.timeZone ?? null,
      data_source: te.dataSource as NonNullable<TransportEvent["attributes"]["data_source"]>,
    },
    relationships: {
      shipment: ref("shipment", te.shipmentId),
      container: ref("container", te.containerId),
      vessel: ref("vessel", te.vesselId),
      location: ref("port", te.locationId),
      terminal: ref("terminal", te.terminalId),
    },
  };
}

const localDays = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) of an instant in a zone; en-CA writes dates that way. */
function localDay(date: Date, timeZone: string): string {
  let format = localDays.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    localDays.set(timeZone, format);
  }
  return format.format(date);
}

export function rawEventResource(
  raw: RawEventRow,
  reference: ReferenceData,
  vessel: Pick<VesselRow, "name" | "imo"> | undefined,
): RawEvent {
  const location = raw.locationId ? reference.ports.get(raw.locationId) : undefined;
  const timezone = location?.timeZone ?? null;
  const timestamp = iso(raw.timestamp);
  const day = raw.timestamp ? localDay(raw.timestamp, timezone ?? "UTC") : null;
  return {
    id: raw.id,
    type: "raw_event",
    attributes: {
      // In the hosted API's vocabulary; a milestone it lacks is null, its carrier text still in original_event.
      event: raw.event === null ? null : rawEventName(raw.event),
      index: raw.index,
      original_event: raw.originalEvent,
      timestamp,
      estimated: raw.estimated,
      actual_at: raw.estimated ? null : timestamp,
      estimated_at: raw.estimated ? timestamp : null,
      actual_on: raw.estimated ? null : day,
      estimated_on: raw.estimated ? day : null,
      created_at: raw.createdAt.toISOString(),
      voyage_number: raw.voyageNumber,
      location_name: raw.locationName ?? location?.name ?? null,
      location_locode: location?.locode ?? null,
      vessel_name: vessel?.name ?? null,
      vessel_imo: vessel?.imo ?? null,
      timezone,
    },
    relationships: {
      location: ref("port", raw.locationId),
      vessel: ref("vessel", raw.vesselId),
    },
  };
}

// ---- Vessels and routes ----

export function vesselPosition(p: PositionInput): VesselPosition {
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    heading: p.heading,
    timestamp: p.timestamp.toISOString(),
    estimated: p.estimated,
  };
}

/**
 * A vessel; with `positions` when the response returns them. `hidePosition` blanks the last known position of a
 * vessel the account may not see yet (one its cargo is only booked on).
 */
export function vesselResource(
  v: VesselRow,
  options: { positions?: PositionInput[]; hidePosition?: boolean } = {},
): Vessel & { links: { self: string } } {
  const hide = options.hidePosition === true;
  return {
    id: v.id,
    type: "vessel",
    attributes: {
      name: v.name,
      imo: v.imo,
      mmsi: v.mmsi,
      latitude: hide ? null : v.latitude,
      longitude: hide ? null : v.longitude,
      nautical_speed_knots: hide ? null : v.speedKnots,
      navigational_heading_degrees: hide ? null : v.headingDegrees,
      position_timestamp: hide ? null : iso(v.positionAt),
      ...(options.positions ? { positions: options.positions.map(vesselPosition) } : {}),
    },
    links: { self: `/v2/vessels/${v.id}` },
  };
}

export function routeResource(input: {
  id: string;
  containerId: string;
  shipmentId: string;
  routeLocationIds: string[];
  createdAt: Date;
  updatedAt: Date;
}): Route {
  return {
    id: input.id,
    type: "route",
    attributes: { created_at: input.createdAt.toISOString(), updated_at: input.updatedAt.toISOString() },
    relationships: {
      cargo: ref("container", input.containerId),
      shipment: ref("shipment", input.shipmentId),
      route_locations: {
        data: input.routeLocationIds.map((id) => ({ id, type: "route_location" as const })),
      },
    },
    links: { self: `/v2/containers/${input.containerId}/route` },
  };
}

export function routeLocationResource(input: {
  id: string;
  routeId: string;
  stop: RouteStop;
  /** The shipping line of vessel movements. */
  scac: string | null;
  createdAt: Date;
  updatedAt: Date;
}): RouteLocation {
  const { stop } = input;
  const scac = (mode: string | null) => (mode === "vessel" ? input.scac : null);
  return {
    id: input.id,
    type: "route_location",
    attributes: {
      inbound_mode: stop.inbound.mode,
      inbound_scac: scac(stop.inbound.mode),
      inbound_voyage_number: stop.inbound.voyageNumber,
      inbound_eta_at: iso(stop.inbound.estimatedAt),
      inbound_ata_at: iso(stop.inbound.actualAt),
      outbound_mode: stop.outbound.mode,
      outbound_scac: scac(stop.outbound.mode),
      outbound_voyage_number: stop.outbound.voyageNumber,
      outbound_etd_at: iso(stop.outbound.estimatedAt),
      outbound_atd_at: iso(stop.outbound.actualAt),
      created_at: input.createdAt.toISOString(),
      updated_at: input.updatedAt.toISOString(),
    },
    relationships: {
      route: ref("route", input.routeId),
      location: ref("port", stop.portId),
      inbound_vessel: ref("vessel", stop.inbound.vesselId),
      outbound_vessel: ref("vessel", stop.outbound.vesselId),
    },
  };
}

/** The time zones of a shipment's port of discharge and destination, which its containers' dates are read in. */
export function zonesOf(
  reference: ReferenceData,
  shipment: { portOfDischargeId: string | null; destinationId: string | null } | undefined,
) {
  const pod = shipment?.portOfDischargeId ? reference.ports.get(shipment.portOfDischargeId) : undefined;
  const destination = shipment?.destinationId ? reference.ports.get(shipment.destinationId) : undefined;
  return { pod: pod?.timeZone ?? null, destination: destination?.timeZone ?? null };
}
