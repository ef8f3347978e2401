// A vessel's own last port call, read from the carrier lines that place it at a port (loaded, departed, arrived,
// berthed, discharged there), whichever of the account's containers they belong to: unlike the port the account's
// cargo was loaded at, it is the port the vessel itself was at last, and whether it has left it.
import type { VesselCallLine } from "../db/journeys";
import type { PortCall } from "../resources/inputs";
import { SEA_EVENTS } from "./journey";

/** The carrier lines that place a vessel at a port. */
export const CALL_EVENTS: readonly string[] = Object.keys(SEA_EVENTS);

const latest = (a: Date | null, b: Date) => (a === null || b > a ? b : a);

/**
 * The last call of a vessel: the port of its latest line, and the times of the lines of that visit (the lines
 * before it at the same port, back to the first line at another port). Lines in any order; null when none.
 */
export function lastPortCall(lines: readonly VesselCallLine[]): PortCall | null {
  const byTime = [...lines].sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
  const last = byTime[0];
  if (!last) return null;
  const call: PortCall = { portId: last.locationId, arrivedAt: null, berthedAt: null, departedAt: null };
  for (const line of byTime) {
    if (line.locationId !== call.portId) break;
    const role = SEA_EVENTS[line.event];
    if (line.event === "vessel_berthed") call.berthedAt = latest(call.berthedAt, line.timestamp);
    else if (role === "arrive") call.arrivedAt = latest(call.arrivedAt, line.timestamp);
    else if (role === "depart") call.departedAt = latest(call.departedAt, line.timestamp);
  }
  return call;
}
