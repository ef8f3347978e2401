// The snapshot writer's pure step: what a carrier snapshot says, as the columns of the rows it decides (a
// shipment, its containers, their raw and transport events), given the reference ids resolved for it. No
// database: plain values in, plain values out. The scale seeder copies snapshots in bulk with the same mapping.

import type { ReferenceData } from "../db/reference-data";
import type { ContainerInsert, RawEventInsert, ShipmentInsert, TransportEventInsert } from "../db/snapshots";
import type { HeldShipment } from "../db/tracking-work";
import type { CarrierContainer, CarrierEvent, CarrierSnapshot } from "./carrier-adapter";
import { ABOARD_EVENTS } from "./journey";
import { containerStatus, transportEventName } from "./milestones";
import { portIdOf, terminalIdOf } from "./snapshot-resolve";
import type { AutomaticStopReason } from "./stop-rules";

/** The shipment columns a snapshot decides. */
export function shipmentColumns(
  reference: ReferenceData,
  s: CarrierSnapshot,
  vesselIds: Map<string, string>,
) {
  return {
    billOfLadingNumber: s.billOfLadingNumber,
    normalizedNumber: s.billOfLadingNumber.toUpperCase().replace(/[\s-]/g, ""),
    portOfLadingId: portIdOf(reference, s.portOfLading),
    portOfDischargeId: portIdOf(reference, s.portOfDischarge),
    destinationId: portIdOf(reference, s.destination),
    podTerminalId: terminalIdOf(reference, s.portOfDischargeTerminal),
    destinationTerminalId: terminalIdOf(reference, s.destinationTerminal),
    podVesselId: s.podVessel ? (vesselIds.get(s.podVessel.imo) ?? null) : null,
    podVoyageNumber: s.podVoyageNumber,
    polEtdAt: s.polEtd,
    polAtdAt: s.polAtd,
    podEtaAt: s.podEta,
    podAtaAt: s.podAta,
    destinationEtaAt: s.destinationEta,
    destinationAtaAt: s.destinationAta,
  } satisfies Partial<ShipmentInsert>;
}

/** The engine's bookkeeping after a successful lookup; every key is set, so that rows of a batch share a shape. */
export function trackingColumns(
  snapshot: CarrierSnapshot,
  stoppedReason: AutomaticStopReason | null,
  current: HeldShipment | null,
  now: Date,
) {
  return {
    lineTrackingLastAttemptedAt: now,
    lineTrackingLastSucceededAt: now,
    nextRefreshAt: stoppedReason ? null : snapshot.nextCheckAt,
    lineTrackingStoppedAt: stoppedReason ? now : (current?.lineTrackingStoppedAt ?? null),
    lineTrackingStoppedReason: stoppedReason ?? current?.lineTrackingStoppedReason ?? null,
  } satisfies Partial<ShipmentInsert>;
}

const actual = (events: CarrierEvent[], name: CarrierEvent["event"], locode?: string) =>
  events.find((e) => !e.estimated && e.event === name && (!locode || e.place?.locode === locode))?.at ?? null;
const estimate = (events: CarrierEvent[], name: CarrierEvent["event"]) =>
  events.find((e) => e.event === name)?.at ?? null;

/** The container columns a snapshot decides. */
export function containerColumns(reference: ReferenceData, snapshot: CarrierSnapshot, box: CarrierContainer) {
  const events = box.events;
  const pod = snapshot.portOfDischarge.locode;
  const hasRailLeg = events.some((e) => e.event?.startsWith("rail_"));
  const inlandArrival = hasRailLeg ? "rail_arrived" : "arrived_at_inland_destination";
  const t = box.terminal;
  return {
    sealNumber: box.sealNumber ?? null,
    weightInLbs: box.weightInLbs ?? null,
    equipmentType: box.equipmentType,
    equipmentLength: box.equipmentLength,
    equipmentHeight: box.equipmentHeight,
    currentStatus: containerStatus({ events, terminal: t, hasRailLeg }),
    availabilityKnown: t !== null,
    availableForPickup: t ? t.availableForPickup : null,
    podTerminalId: terminalIdOf(reference, snapshot.portOfDischargeTerminal),
    pickupFacilityId: hasRailLeg ? terminalIdOf(reference, snapshot.destinationTerminal) : null,
    podArrivedAt: actual(events, "vessel_arrived", pod),
    podDischargedAt: actual(events, "vessel_discharged", pod),
    podFullOutAt: actual(events, "full_out", pod),
    finalDestinationFullOutAt: snapshot.destination
      ? actual(events, "full_out", snapshot.destination.locode)
      : null,
    emptyTerminatedAt: actual(events, "empty_in"),
    terminalCheckedAt: t?.checkedAt ?? null,
    pickupAppointmentAt: t?.pickupAppointmentAt ?? null,
    podFullOutChassisNumber: t?.fullOutChassisNumber ?? null,
    locationAtPodTerminal: t?.locationAtTerminal ?? null,
    holdsAtPodTerminal: t?.holds ?? [],
    feesAtPodTerminal: t?.fees ?? [],
    podRailCarrierScac: box.podRailCarrierScac ?? null,
    indRailCarrierScac: box.indRailCarrierScac ?? null,
    podRailLoadedAt: actual(events, "rail_loaded"),
    podRailDepartedAt: actual(events, "rail_departed"),
    indEtaAt: hasRailLeg || snapshot.destination ? estimate(events, inlandArrival) : null,
    indAtaAt: actual(events, inlandArrival),
    indRailUnloadedAt: actual(events, "rail_unloaded"),
    indFacilityLfdOn: t?.lastFreeDayRail ?? null,
    lfdTerminal: t?.lastFreeDayTerminal ?? null,
    lfdRail: t?.lastFreeDayRail ?? null,
    lfdLine: t?.lastFreeDayLine ?? null,
  } satisfies Partial<ContainerInsert>;
}

/**
 * The vessel a container is aboard now and the port its voyage on it began at: the vessel and place of its last
 * actual carrier line when that line is a loading, departure or arrival; both null when it is not aboard (or the
 * line names no vessel or place). The fleet (GET /v2/vessels) starts from these.
 */
export function aboardColumns(
  reference: ReferenceData,
  box: CarrierContainer,
  vesselIds: Map<string, string>,
) {
  const last = box.events.filter((e) => !e.estimated && e.event !== null).at(-1);
  const vesselId = last?.vesselImo ? (vesselIds.get(last.vesselImo) ?? null) : null;
  const portId = portIdOf(reference, last?.place ?? null);
  const aboard =
    last?.event != null && ABOARD_EVENTS.includes(last.event) && vesselId !== null && portId !== null;
  return {
    aboardVesselId: aboard ? vesselId : null,
    aboardPortId: aboard ? portId : null,
  } satisfies Partial<ContainerInsert>;
}

/** Every container column a snapshot decides, with the vessel ids resolved for it. */
export type ContainerColumns = ReturnType<typeof containerColumns> & ReturnType<typeof aboardColumns>;

/** The columns of the raw event a carrier's line is (every line has one, estimated or not). */
export function rawEventColumns(reference: ReferenceData, e: CarrierEvent, vesselIds: Map<string, string>) {
  return {
    event: e.event,
    originalEvent: e.originalEvent,
    timestamp: e.at,
    estimated: e.estimated,
    voyageNumber: e.voyageNumber ?? null,
    locationId: portIdOf(reference, e.place),
    locationName: e.place?.name ?? null,
    vesselId: e.vesselImo ? (vesselIds.get(e.vesselImo) ?? null) : null,
  } satisfies Partial<RawEventInsert>;
}

/** The columns of the transport event a carrier's line is, or null when it is none (an estimate, say). */
export function transportEventColumns(
  reference: ReferenceData,
  e: CarrierEvent,
  vesselIds: Map<string, string>,
) {
  const name = transportEventName(e);
  if (!name) return null;
  return {
    event: name,
    timestamp: e.at,
    voyageNumber: e.voyageNumber ?? null,
    locationId: portIdOf(reference, e.place),
    terminalId: terminalIdOf(reference, e.terminal),
    vesselId: e.vesselImo ? (vesselIds.get(e.vesselImo) ?? null) : null,
  } satisfies Partial<TransportEventInsert>;
}
