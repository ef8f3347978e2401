// Which voyage exceptions (src/api/voyage-exceptions.ts) a refresh reveals: a box's stored lines against the lines
// the carrier shows now. Plain values in and out, the same for every carrier, so that a sandbox roll and a DCSA
// carrier's are seen alike. Lines are matched by milestone and port, not by the carrier's line identity, which a
// carrier may renew when it replans.
import { ROLL_DELAY_MS, type VoyageExceptionKind } from "../../api/voyage-exceptions";

/** A line as stored or as derived from the carrier's answer (the raw event's columns). */
export interface PlanLine {
  event: string | null;
  estimated: boolean;
  timestamp: Date | null;
  locationId: string | null;
  vesselId: string | null;
  voyageNumber: string | null;
}

export interface DetectedException {
  kind: VoyageExceptionKind;
  locationId: string | null;
  previousLocationId: string | null;
  vesselId: string | null;
  previousVesselId: string | null;
  voyageNumber: string | null;
  previousVoyageNumber: string | null;
  departureAt: Date | null;
  previousDepartureAt: Date | null;
}

/** The departures whose vessel a roll, a missed connection or a swap changes, and where each leaves from. */
const DEPARTURES: Record<string, "lading" | "transshipment"> = {
  vessel_departed: "lading",
  feeder_departed: "lading",
  transshipment_departed: "transshipment",
};
/** The calls a box stops at on its way (a transshipment port, the port of discharge): a changed port is news. */
const CALLS = ["transshipment_arrived", "vessel_arrived"] as const;

const plannedAt = (lines: readonly PlanLine[], event: string, locationId: string | null) =>
  lines.find((l) => l.estimated && l.event === event && l.locationId === locationId);
const happenedAt = (lines: readonly PlanLine[], event: string, locationId: string | null) =>
  lines.some((l) => !l.estimated && l.event === event && l.locationId === locationId);
const portsOf = (lines: readonly PlanLine[], event: string, estimated: boolean) =>
  new Set(
    lines
      .filter((l) => l.event === event && l.estimated === estimated && l.locationId)
      .map((l) => l.locationId),
  );

/**
 * What changed between the plan stored (`before`) and the one shown now (`after`) for one box; nothing for a box
 * seen for the first time (no plan to change) or when only times moved on the same ships and ports.
 */
export function voyageExceptions(
  before: readonly PlanLine[],
  after: readonly PlanLine[],
): DetectedException[] {
  if (!before.some((l) => l.estimated)) return [];
  const found: DetectedException[] = [];
  let atLading = false;
  for (const [event, from] of Object.entries(DEPARTURES)) {
    // A box moved off its first sailing takes a later connection too: that follows from it, and is not told again.
    if (from === "transshipment" && atLading) continue;
    for (const next of after) {
      if (!next.estimated || next.event !== event || !next.vesselId) continue;
      const was = plannedAt(before, event, next.locationId);
      if (!was?.vesselId || was.vesselId === next.vesselId) continue;
      const later = (next.timestamp?.getTime() ?? 0) - (was.timestamp?.getTime() ?? 0) >= ROLL_DELAY_MS;
      // At a hub, a box already there whose connection changes missed it, however soon the next ship leaves.
      const atHub = from === "transshipment" && happenedAt(after, "transshipment_arrived", next.locationId);
      const kind: VoyageExceptionKind =
        !later && !atHub ? "vessel_swap" : from === "lading" ? "rolled" : "missed_transshipment";
      if (from === "lading") atLading = true;
      found.push({
        kind,
        locationId: next.locationId,
        previousLocationId: was.locationId,
        vesselId: next.vesselId,
        previousVesselId: was.vesselId,
        voyageNumber: next.voyageNumber,
        previousVoyageNumber: was.voyageNumber,
        departureAt: next.timestamp,
        previousDepartureAt: was.timestamp,
      });
    }
  }
  for (const event of CALLS) {
    // A call that happened is no longer planned: only ports planned before and not reached count as dropped.
    const reached = portsOf(after, event, false);
    const wasPlanned = [...portsOf(before, event, true)].filter((p) => !reached.has(p));
    const nowPlanned = portsOf(after, event, true);
    const beforeAll = new Set([...portsOf(before, event, true), ...portsOf(before, event, false)]);
    const dropped = wasPlanned.filter((p) => !nowPlanned.has(p));
    const added = [...nowPlanned].filter((p) => !beforeAll.has(p));
    // The port of discharge is always planned: it can only be replaced, never dropped or added alone.
    if (event === "vessel_arrived" && (dropped.length === 0 || added.length === 0)) continue;
    const pairs = Math.max(dropped.length, added.length);
    for (let i = 0; i < pairs; i++) {
      found.push({
        kind: "port_call_changed",
        locationId: added[i] ?? null,
        previousLocationId: dropped[i] ?? null,
        vesselId: null,
        previousVesselId: null,
        voyageNumber: null,
        previousVoyageNumber: null,
        departureAt: null,
        previousDepartureAt: null,
      });
    }
  }
  return found;
}
