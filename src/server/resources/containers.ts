// JSON:API resources of containers, with their dates read in the zones of the shipment's port of discharge and
// destination.
import type { Container } from "../../api/containers";
import { freeTimeFactsOf, freeTimeOf, type TariffsByLine } from "../../api/free-time";
import { iso } from "../../api/timestamps";
import type { ContainerRecord } from "../db/containers";
import type { ReferenceData } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import { inlandPredictedArrivalOf, predictedArrivalOf } from "./predicted-arrival";
import { ref } from "./refs";

export interface ContainerContext {
  reference: ReferenceData;
  /**
   * The container's shipment: its ports' time zones are the ones the container's times are local to, and a list of
   * containers shows its number, line, port of discharge, ETA, vessel, tags and customer.
   */
  shipment: ShipmentRecord | undefined;
  /** The account's tariffs (own, then published) and the service's now: demurrage and detention are counted. */
  freeTime?: { tariffs: TariffsByLine; now: Date };
}

export function containerResource(record: ContainerRecord, ctx: ContainerContext): Container {
  const c = record.container;
  const s = ctx.shipment?.shipment;
  const zones = zonesOf(ctx.reference, s);
  const finalZone = zones.destination ?? zones.pod;
  const pod = s?.portOfDischargeId ? ctx.reference.ports.get(s.portOfDischargeId) : undefined;
  const scac = (s && ctx.reference.shippingLines.get(s.shippingLineId)?.scac) ?? "";
  const terminal = c.podTerminalId ? ctx.reference.terminals.get(c.podTerminalId) : undefined;
  const facts = freeTimeFactsOf(c, {
    scac,
    port_locode: pod?.locode ?? null,
    terminal: terminal ? { firms_code: terminal.firmsCode, name: terminal.name } : null,
    pod_timezone: zones.pod,
    final_destination_timezone: zones.destination,
  });
  const freeTime = ctx.freeTime
    ? freeTimeOf(ctx.freeTime.tariffs, facts, ctx.freeTime.now)
    : { demurrage: null, detention: null };
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
      demurrage: freeTime.demurrage,
      detention: freeTime.detention,
      on_hold: c.holdsAtPodTerminal.some((h) => h.status === "hold"),
      bill_of_lading_number: s?.billOfLadingNumber ?? "",
      shipping_line_scac: scac,
      port_of_discharge_locode: pod?.locode ?? null,
      port_of_discharge_name: pod?.name ?? null,
      pod_eta_at: iso(s?.podEtaAt ?? null),
      pod_ata_at: iso(s?.podAtaAt ?? null),
      ...predictedArrivalOf(s),
      ...inlandPredictedArrivalOf(s),
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

/** The time zones of a shipment's port of discharge and destination, which its containers' dates are read in. */
export function zonesOf(
  reference: ReferenceData,
  shipment: { portOfDischargeId: string | null; destinationId: string | null } | undefined,
) {
  const pod = shipment?.portOfDischargeId ? reference.ports.get(shipment.portOfDischargeId) : undefined;
  const destination = shipment?.destinationId ? reference.ports.get(shipment.destinationId) : undefined;
  return { pod: pod?.timeZone ?? null, destination: destination?.timeZone ?? null };
}
