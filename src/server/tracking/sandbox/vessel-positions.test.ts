// Tests of the AIS-like feed: at sea on the sea routes, alongside at the ports the events name, fast enough to poll.
import { describe, expect, it } from "vitest";
import { DAY, MINUTE } from "../../../api/durations";
import { PORTS } from "../../db/reference/ports";
import { isOnLand } from "../../geo/land";
import { haversineNm, type LatLon } from "../../geo/route-geometry";
import type { CarrierVesselPosition } from "../carrier-adapter";
import { allShips, type Ship } from "./fleet";
import { SandboxCarrierNetwork, sandboxNumber } from "./network";
import { EPOCH } from "./service-schedule";

const net = new SandboxCarrierNetwork();
const FROM = new Date("2026-01-05T00:00:00Z");
const WEEKS = 8;
const TO = new Date(FROM.getTime() + WEEKS * 7 * DAY);

interface Box {
  name: string;
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * Water in reality, land in the Natural Earth 1:50m polygons, which generalise the coast to ~1-2 km:
 * the ship canals and the rivers up to inland container ports, plus the Inside Passage behind Vancouver
 * Island that the lanes to Prince Rupert use. Positions inside them are not checked against land.
 */
const WATERWAYS: readonly Box[] = [
  { name: "Suez Canal", south: 29.85, north: 31.35, west: 32.1, east: 32.65 },
  { name: "Panama Canal", south: 8.8, north: 9.5, west: -80.0, east: -79.45 },
  { name: "Lower Elbe", south: 53.45, north: 53.95, west: 8.95, east: 10.05 },
  { name: "Mississippi", south: 28.9, north: 30.1, west: -90.2, east: -89.0 },
  { name: "Savannah River", south: 31.95, north: 32.2, west: -81.2, east: -80.7 },
  { name: "Delaware River", south: 38.7, north: 40.0, west: -75.6, east: -74.9 },
  { name: "Johnstone Strait", south: 49.8, north: 50.8, west: -126.5, east: -124.5 },
];
/** Quays sit on the coastline and the last miles of an approach are often land at 1:50m (see the geo tests). */
const PORT_APPROACH_NM = 15;

const PORT_POSITIONS: LatLon[] = PORTS.map((p) => ({ lat: p.latitude, lon: p.longitude }));
const nearAPort = (p: LatLon) => PORT_POSITIONS.some((q) => haversineNm(p, q) <= PORT_APPROACH_NM);
const inWaterway = (p: LatLon) =>
  WATERWAYS.some((b) => p.lat >= b.south && p.lat <= b.north && p.lon >= b.west && p.lon <= b.east);
const latLon = (r: CarrierVesselPosition): LatLon => ({ lat: r.latitude, lon: r.longitude });

/** A sample of the fleet: a few ships of every service (feeders included). */
function sampleShips(): Ship[] {
  const byService = new Map<string, Ship[]>();
  for (const ship of allShips()) {
    const list = byService.get(ship.layout.service.code) ?? [];
    list.push(ship);
    byService.set(ship.layout.service.code, list);
  }
  return [...byService.values()].flatMap((ships) => ships.slice(0, 2));
}

describe("vessel positions", () => {
  const ships = sampleShips();
  const tracks = new Map(ships.map((ship) => [ship, net.positionsNow(ship.imo, FROM, TO)]));

  // Violations are gathered and compared once: a million expect() calls would take minutes.
  it("report every 10 minutes of vessel time, in order, within the window", () => {
    const wrong: string[] = [];
    for (const [ship, reports] of tracks) {
      expect(reports.length, ship.name).toBe((WEEKS * 7 * DAY) / (10 * MINUTE));
      reports.forEach((r, i) => {
        const gap = r.at.getTime() - (reports[i - 1]?.at.getTime() ?? r.at.getTime() - 10 * MINUTE);
        if (r.imo !== ship.imo || r.at.getTime() % (10 * MINUTE) !== 0 || gap !== 10 * MINUTE) {
          wrong.push(`${ship.name} ${r.at.toISOString()}`);
        }
      });
      expect(reports[0]?.at.getTime()).toBeGreaterThan(FROM.getTime());
      expect(reports.at(-1)?.at.getTime()).toBeLessThanOrEqual(TO.getTime());
    }
    expect(wrong).toEqual([]);
  });

  it("move at 14–20 knots at sea, drift a few tenths of a knot at anchor, and report 0 alongside", () => {
    const wrong: string[] = [];
    for (const [ship, reports] of tracks) {
      for (const r of reports) {
        // The sandbox always reports both (null, which an AIS source may give, counts as wrong here).
        const speed = r.speedKnots ?? -1;
        const heading = r.headingDegrees ?? -1;
        const speedOk = (speed >= 0 && speed <= 0.3) || (speed >= 14 && speed <= 20);
        const headingOk = heading >= 0 && heading < 360.05;
        if (!speedOk || !headingOk)
          wrong.push(`${ship.name} ${r.at.toISOString()} ${r.speedKnots} kn ${r.headingDegrees}°`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never put a ship on land, except at a port's approach or in a waterway the map closes", () => {
    const aground: string[] = [];
    for (const [ship, reports] of tracks) {
      for (const r of reports) {
        const p = latLon(r);
        if (isOnLand(p.lat, p.lon) && !nearAPort(p) && !inWaterway(p)) {
          aground.push(`${ship.layout.service.code} ${ship.name} ${r.at.toISOString()} ${p.lat},${p.lon}`);
        }
      }
    }
    expect(aground).toEqual([]);
  });

  it("never jump: consecutive reports are at most 10 minutes of steaming apart", () => {
    const jumps: string[] = [];
    for (const [ship, reports] of tracks) {
      reports.slice(1).forEach((r, i) => {
        // 20 knots for 10 minutes, plus the rounding of positions to 5 decimals.
        const nm = haversineNm(latLon(reports[i] as CarrierVesselPosition), latLon(r));
        if (nm > 3.4) jumps.push(`${ship.name} ${r.at.toISOString()} ${nm.toFixed(1)} nm`);
      });
    }
    expect(jumps).toEqual([]);
  });

  it("cross the Pacific eastbound over the 180th meridian, not westwards round the world", () => {
    const transpacific = ships.filter((s) => s.layout.service.code === "TP6");
    const crossings = transpacific.flatMap((ship) =>
      (tracks.get(ship) ?? []).slice(1).filter((r, i) => {
        const previous = tracks.get(ship)?.[i];
        return previous !== undefined && Math.abs(r.longitude - previous.longitude) > 300;
      }),
    );
    expect(crossings.length).toBeGreaterThan(0);
    for (const r of crossings) expect(Math.abs(r.longitude)).toBeGreaterThan(175);
    // Nobody on the loop goes anywhere near the Indian Ocean or Suez.
    const longitudes = transpacific.flatMap((s) => (tracks.get(s) ?? []).map((r) => r.longitude));
    expect(longitudes.some((lon) => lon > 60 && lon < 100)).toBe(false);
  });

  it("place the ship at the port of lading when it loads and sails, and at the port of discharge when it arrives", async () => {
    for (const scac of ["MAEU", "CMDU", "ONEY"]) {
      for (let seed = 0; seed < 6; seed++) {
        const answer = net.lookupNow(
          { requestType: "bill_of_lading", number: sandboxNumber(scac, seed), scac, requestedAt: FROM },
          new Date(FROM.getTime() + 150 * DAY),
        );
        if (answer.outcome !== "found") throw new Error(answer.outcome);
        for (const e of answer.snapshot.containers[0]?.events ?? []) {
          if (!e.vesselImo || !e.place) continue;
          if (
            !["vessel_loaded", "vessel_departed", "vessel_arrived", "transshipment_arrived"].includes(
              e.event ?? "",
            )
          )
            continue;
          // Reports come on the 10-minute marks: the last one before a departure, the first one after the others.
          const t = e.at.getTime();
          const window = e.event === "vessel_departed" ? [t - 10 * MINUTE, t] : [t - 1, t + 10 * MINUTE - 1];
          const [report] = await net.positions(
            e.vesselImo,
            new Date(window[0] ?? t),
            new Date(window[1] ?? t),
          );
          const port = PORTS.find((p) => p.locode === e.place?.locode);
          const reportAt = report ? latLon(report) : { lat: 0, lon: 0 };
          const distance = haversineNm(reportAt, { lat: port?.latitude ?? 0, lon: port?.longitude ?? 0 });
          expect(distance, `${scac} ${e.key} at ${e.at.toISOString()}`).toBeLessThan(1);
        }
      }
    }
  });

  it("know nothing of unknown ships or of times before the network began", () => {
    expect(net.positionsNow("9999999", FROM, TO)).toEqual([]);
    const ship = ships[0] as Ship;
    expect(net.positionsNow(ship.imo, new Date(EPOCH - 30 * DAY), new Date(EPOCH - 1))).toEqual([]);
  });

  it("answer a week of one ship with a report every ten minutes", () => {
    // How fast is measured by `npm run bench` (engine.bench.ts), not here.
    const ship = ships[5] as Ship;
    const later = new Date(TO.getTime() + 30 * DAY);
    expect(net.positionsNow(ship.imo, later, new Date(later.getTime() + 7 * DAY))).toHaveLength(1008);
  });
});
