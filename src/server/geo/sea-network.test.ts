// Tests of the sea-lane graph: joining across the antimeridian and of stubs, repairs against land, nearest nodes.
import type { FeatureCollection, LineString } from "geojson";
import { describe, expect, it } from "vitest";
import { buildSeaNetwork, getSeaNetwork, nearestNode, nodePosition, nodesNear } from "./sea-network";
import { haversineNm } from "./spherical";

function lanes(...lines: [number, number][][]): FeatureCollection<LineString> {
  return {
    type: "FeatureCollection",
    features: lines.map((coordinates) => ({
      type: "Feature",
      properties: {},
      geometry: { type: "LineString", coordinates },
    })),
  };
}

describe("buildSeaNetwork", () => {
  // Open water at 20°N either side of the antimeridian (Wake Island and Hawaii are well clear).
  const west: [number, number][] = [
    [170, 20],
    [175, 20],
    [180, 20],
  ];
  const east: [number, number][] = [
    [-180, 20],
    [-175, 20],
    [-170, 20],
  ];

  it("joins lanes cut at the antimeridian with a zero-length link", () => {
    const net = buildSeaNetwork(lanes(west, east));
    expect(net.stats.antimeridianLinks).toBe(1);
    expect(net.stats.componentsBeforeJoining).toBe(1);
    expect(net.stats.componentsAfterJoining).toBe(1);
    expect(net.nodeCount).toBe(6);
    expect(net.edgeCount).toBe(5);
  });

  it("attaches a stub ending a few nm short of a lane at the closest point", () => {
    const stub: [number, number][] = [
      [172.5, 20.05], // 3 nm north of the lane, between two of its vertices
      [172.5, 21],
    ];
    const net = buildSeaNetwork(lanes(west, east, stub));
    expect(net.stats.componentsBeforeJoining).toBe(2);
    expect(net.stats.componentsJoined).toBe(1);
    expect(net.stats.componentsAfterJoining).toBe(1);
    expect(net.routable.every((flag) => flag === 1)).toBe(true);
  });

  it("leaves a far-off lane out of routing", () => {
    const far: [number, number][] = [
      [150, 30],
      [151, 30],
    ];
    const net = buildSeaNetwork(lanes(west, east, far));
    expect(net.stats.componentsAfterJoining).toBe(2);
    expect(net.routable.filter((flag) => flag === 0)).toHaveLength(2);
  });
});

describe("the MARNET network", () => {
  const net = getSeaNetwork();

  it("is essentially one component once joined", () => {
    const { stats } = net;
    expect(stats.componentsBeforeJoining).toBeGreaterThan(100);
    expect(stats.componentsAfterJoining).toBeLessThan(20);
    // What stays apart is landlocked or remote: the Caspian, a few Arctic and fjord stubs.
    expect(stats.mainComponentNodes / net.nodeCount).toBeGreaterThan(0.99);
  });

  it("links the two sides of the antimeridian", () => {
    expect(net.stats.antimeridianLinks).toBeGreaterThan(10);
  });

  it("bends nearly every lane that cut across land", () => {
    expect(net.stats.lanesCrossingLand).toBeGreaterThan(200);
    // The few left are river and inside-passage lanes narrower than the 1:50m coastline resolves.
    expect(net.stats.lanesCrossingLand - net.stats.lanesRepaired).toBeLessThanOrEqual(10);
  });

  it("finds the exact nearest routable node (checked against a full haversine scan)", () => {
    const probes = [
      { lat: 30, lon: -40 },
      { lat: 1.2, lon: 103.8 },
      { lat: 0.5, lon: 179.99 },
      { lat: -0.5, lon: -179.99 },
      { lat: 70, lon: 20 },
      { lat: -60, lon: 0 },
    ];
    for (const probe of probes) {
      let best = Number.POSITIVE_INFINITY;
      for (let id = 0; id < net.nodeCount; id++) {
        if (net.routable[id]) best = Math.min(best, haversineNm(probe, nodePosition(net, id)));
      }
      expect(haversineNm(probe, nodePosition(net, nearestNode(probe.lat, probe.lon)))).toBeCloseTo(best, 6);
    }
  });

  it("lists nearby nodes nearest first, starting with the nearest node", () => {
    const near = nodesNear(51.9, 4.0, 50);
    expect(near[0]?.id).toBe(nearestNode(51.9, 4.0));
    expect(near.map((n) => n.nm)).toEqual([...near.map((n) => n.nm)].sort((a, b) => a - b));
    expect(near.every((n) => n.nm <= (near[0]?.nm ?? 0) + 50 + 1e-6)).toBe(true);
  });
});
