// What the vessel panel says of a vessel's motion and arrival, decided apart from React so that its facts agree:
// a vessel that is stopped gets no arrival time worked out from its speed (it has none), a projection from its
// speed is always named as such beside the carrier's ETA, and the "last port" is the vessel's own last call.

import { HOUR } from "../../../api/durations";
import type { Port } from "../../../api/reference";
import type { FleetVesselView, LastPortCall } from "./fleet";

/** Below this speed over ground a vessel is stopped (moored, at anchor, drifting): AIS jitter is a few tenths. */
export const STOPPED_KNOTS = 1;
/** Within this of a port's position a stopped vessel is taken to be at that port (its anchorage included). */
const AT_PORT_NM = 15;

export type Motion =
  | { kind: "unknown" }
  | { kind: "under_way"; knots: number }
  /** Stopped at a port: `berthed` when a carrier line says so, else arrived (or off it, at anchor). */
  | { kind: "at_berth" | "in_port" | "at_anchor"; knots: number; portName: string }
  /** Stopped at a port no carrier line names as its call yet (its position says where). */
  | { kind: "stopped_at"; knots: number; portName: string }
  | { kind: "stopped"; knots: number };

/** Great-circle distance in nautical miles. */
function distanceNm(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLon = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function near(vessel: FleetVesselView, port: { latitude: number | null; longitude: number | null }) {
  return (
    vessel.position !== null &&
    port.latitude !== null &&
    port.longitude !== null &&
    distanceNm(vessel.position, [port.latitude, port.longitude]) <= AT_PORT_NM
  );
}

/**
 * How the vessel moves now, as far as its last report, its next port, its own last call and the other ports the map
 * knows (`ports`: the fleet's) tell.
 */
export function motionOf(
  vessel: FleetVesselView,
  lastCall: LastPortCall | null | undefined,
  ports: readonly Port[] = [],
): Motion {
  const knots = vessel.speedKnots;
  if (knots === null) return { kind: "unknown" };
  if (knots >= STOPPED_KNOTS) return { kind: "under_way", knots };
  // At its last call and not reported gone: berthed there when a line says so, else in port.
  if (
    lastCall &&
    lastCall.departedAt === null &&
    (near(vessel, lastCall.port.attributes) || !vessel.position)
  ) {
    const portName = lastCall.port.attributes.name;
    return { kind: lastCall.berthedAt ? "at_berth" : "in_port", knots, portName };
  }
  const next = vessel.nextPort?.attributes;
  if (next && near(vessel, next)) {
    // Arrived (the carrier says so) but no berthing reported: in port; not arrived yet: waiting off it.
    return { kind: vessel.nextPortAta ? "in_port" : "at_anchor", knots, portName: next.name };
  }
  const at = ports.find((p) => near(vessel, p.attributes));
  return at ? { kind: "stopped_at", knots, portName: at.attributes.name } : { kind: "stopped", knots };
}

/** The speed fact: "17.2 kn", or what a stop means, with the reported speed. */
export function motionText(motion: Motion): string {
  switch (motion.kind) {
    case "unknown":
      return "Not known";
    case "under_way":
      return `${motion.knots.toFixed(1)} kn`;
    case "at_berth":
      return `At berth in ${motion.portName} (${motion.knots.toFixed(1)} kn)`;
    case "in_port":
      return `In port at ${motion.portName} (${motion.knots.toFixed(1)} kn)`;
    case "at_anchor":
      return `At anchor off ${motion.portName} (${motion.knots.toFixed(1)} kn)`;
    case "stopped_at":
      return `Stopped at ${motion.portName} (${motion.knots.toFixed(1)} kn)`;
    case "stopped":
      return `Stopped (${motion.knots.toFixed(1)} kn)`;
  }
}

/** What the panel says about the arrival worked out from the vessel's speed, beside the carrier's ETA. */
export type SpeedArrival =
  /** Under way: at its speed it would arrive then (`differs`: more than an hour from the carrier's ETA). */
  | { kind: "projected"; at: string; knots: number; differs: boolean }
  /** Stopped or speed unknown: no arrival from its speed. */
  | { kind: "none"; reason: "stopped" | "speed_unknown" }
  /** Already arrived, or no estimated path: nothing to say. */
  | { kind: "silent" };

export function speedArrival(
  vessel: FleetVesselView,
  motion: Motion,
  projected: string | null,
): SpeedArrival {
  if (vessel.nextPortAta !== null || !vessel.nextPort) return { kind: "silent" };
  if (motion.kind === "unknown") return { kind: "none", reason: "speed_unknown" };
  if (motion.kind !== "under_way") return { kind: "none", reason: "stopped" };
  if (!projected) return { kind: "silent" };
  const eta = vessel.nextPortEta ? Date.parse(vessel.nextPortEta) : null;
  const differs = eta === null || Math.abs(Date.parse(projected) - eta) > HOUR;
  return { kind: "projected", at: projected, knots: motion.knots, differs };
}
