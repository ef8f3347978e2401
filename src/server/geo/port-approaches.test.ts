// Tests of routes out of and into river ports: down the river to the sea, never across the marshes beside it.
import { describe, expect, it } from "vitest";
import { PORTS } from "../db/reference/ports";
import { isOnLand } from "./land";
import { projectPositions, type RouteLike, routeLengthNm, sampleAlong } from "./route-geometry";
import { routeBetweenPorts, seaRoute } from "./sea-route";
import { closestFraction, haversineNm, interpolateGreatCircle, type LatLon } from "./spherical";

function portPosition(locode: string): LatLon {
  const port = PORTS.find((p) => p.locode === locode);
  if (!port) throw new Error(`${locode} missing from PORTS`);
  return { lat: port.latitude, lon: port.longitude };
}

/** A river's course from the quay to open water, by landmarks along it (the river itself is land at 1:50m). */
const SAVANNAH_RIVER: readonly LatLon[] = [
  portPosition("USSAV"), // Garden City terminal
  { lat: 32.081, lon: -81.091 }, // Savannah riverfront
  { lat: 32.082, lon: -81.036 }, // Fort Jackson
  { lat: 32.08, lon: -80.998 }, // Elba Island
  { lat: 32.035, lon: -80.893 }, // Fort Pulaski, Cockspur Island
  { lat: 32.02, lon: -80.84 }, // Tybee Roads
];
const ST_JOHNS_RIVER: readonly LatLon[] = [
  portPosition("USJAX"), // Blount Island
  { lat: 30.387, lon: -81.46 }, // St Johns Bluff
  { lat: 30.395, lon: -81.41 }, // Mayport
  { lat: 30.4, lon: -81.38 }, // the jetties
];
const SAIGON_RIVER: readonly LatLon[] = [
  portPosition("VNSGN"), // Cat Lai
  { lat: 10.69, lon: 106.755 }, // Nha Be
  { lat: 10.56, lon: 106.84 }, // the Long Tau through Can Gio
  { lat: 10.42, lon: 106.95 },
  { lat: 10.35, lon: 107.03 }, // Ganh Rai Bay
];

/** Distance from p to a polyline. */
function fromCourseNm(p: LatLon, course: readonly LatLon[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < course.length - 1; i++) {
    const a = course[i] as LatLon;
    const b = course[i + 1] as LatLon;
    best = Math.min(best, haversineNm(p, interpolateGreatCircle(a, b, closestFraction(p, a, b))));
  }
  return best;
}

/** The river is a few cables wide; the waypoints of the landmarks are approximate. */
const RIVER_WIDTH_NM = 1;

/** Points of a path that are on land at 1:50m and not on one of the rivers. */
const offTheWater = (points: readonly LatLon[], rivers: readonly (readonly LatLon[])[]) =>
  points.filter(
    (p) => isOnLand(p.lat, p.lon) && rivers.every((river) => fromCourseNm(p, river) > RIVER_WIDTH_NM),
  );

/** Every half mile of a route. */
const sampled = (route: RouteLike) => sampleAlong(route, 0, routeLengthNm(route), 0.5);

const projected = (from: LatLon, to: LatLon) =>
  projectPositions({
    from,
    to,
    speedKnots: 16,
    startTime: new Date("2026-03-01T12:00:00Z"),
    intervalMinutes: 10,
  }).map((p) => ({ lat: p.latitude, lon: p.longitude }));

describe("routes of river ports", () => {
  it("leave Savannah for Jacksonville down the Savannah River, and reach Jacksonville up the St Johns", () => {
    const points = projected(portPosition("USSAV"), portPosition("USJAX"));
    expect(offTheWater(points, [SAVANNAH_RIVER, ST_JOHNS_RIVER])).toEqual([]);
    // Out through Tybee Roads, not south over the Georgia sea islands.
    expect(points.some((p) => fromCourseNm(p, SAVANNAH_RIVER.slice(-2)) < RIVER_WIDTH_NM)).toBe(true);
  });

  it("keep a ship already on the river to it, whichever way it is bound", () => {
    // Halfway down, off Elba Island, bound up the coast (off Charleston); and up from Tybee Roads to the terminal.
    const offElba = { lat: 32.081, lon: -81.0 };
    const seaward = sampled(seaRoute(offElba, { lat: 32.65, lon: -79.7 }));
    expect(offTheWater(seaward, [SAVANNAH_RIVER])).toEqual([]);
    const upriver = sampled(seaRoute({ lat: 32.02, lon: -80.84 }, portPosition("USSAV")));
    expect(offTheWater(upriver, [SAVANNAH_RIVER])).toEqual([]);
    expect(upriver.every((p) => fromCourseNm(p, SAVANNAH_RIVER) <= RIVER_WIDTH_NM)).toBe(true);
  });

  it("leave Cat Lai down the Saigon River and the Long Tau, not across the Can Gio mangroves", () => {
    expect(offTheWater(sampled(routeBetweenPorts("VNSGN", "SGSIN")), [SAIGON_RIVER])).toEqual([]);
    expect(offTheWater(projected(portPosition("VNSGN"), portPosition("THLCH")), [SAIGON_RIVER])).toEqual([]);
  });
});
