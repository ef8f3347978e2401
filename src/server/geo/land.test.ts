// Tests of the Natural Earth 1:50m land test: known land and sea points, coastline crossings, sea points near quays.
import { describe, expect, it } from "vitest";
import { coastlineCrossings, isOnLand, nearestSeaPoint, segmentCrossesLand } from "./land";
import { haversineNm } from "./spherical";

describe("isOnLand", () => {
  it.each([
    ["Madrid", 40.4, -3.7],
    ["Denver", 39.7, -105],
    ["Beijing", 39.9, 116.4],
    ["central Australia", -23.7, 133.9],
    ["Greenland ice sheet", 75, -40],
    // Polygons that cross the antimeridian or circle the pole, which planar ray casting needs unwrapped:
    ["Chukotka, west of 180°", 66, 175],
    ["Chukotka, east of 180°", 66, -175],
    ["Fiji, Vanua Levu", -16.5, 179.5],
    ["Antarctica", -80, 0],
    ["near the South Pole", -89.5, 45],
  ])("%s is land", (_name, lat, lon) => {
    expect(isOnLand(lat, lon)).toBe(true);
  });

  it.each([
    ["mid-Atlantic", 30, -40],
    ["mid-Pacific", 0, -150],
    ["Indian Ocean", -20, 80],
    ["Bering Sea", 58, -175],
    ["Arctic Ocean", 88, 0],
    ["Ross Sea", -75, -175],
    // A hole in the Eurasia polygon: even-odd ray casting must treat holes as water.
    ["Caspian Sea", 42, 50.5],
    // The latitude of Fiji's antimeridian seam, far from Fiji: once read as land by a wrapped ring.
    ["Indian Ocean at Fiji's latitude", -16.525, 89.25],
  ])("%s is sea", (_name, lat, lon) => {
    expect(isOnLand(lat, lon)).toBe(false);
  });
});

describe("coastlineCrossings", () => {
  it("finds none for open water", () => {
    expect(coastlineCrossings({ lat: 30, lon: -40 }, { lat: 35, lon: -30 })).toEqual([]);
  });

  it("finds an even number, in order, for a leg over an island and back to sea", () => {
    // Due east across Sri Lanka.
    const crossings = coastlineCrossings({ lat: 7.5, lon: 79 }, { lat: 7.5, lon: 83 });
    expect(crossings.length % 2).toBe(0);
    expect(crossings.length).toBeGreaterThanOrEqual(2);
    expect(crossings).toEqual([...crossings].sort((a, b) => a - b));
    expect(segmentCrossesLand({ lat: 7.5, lon: 79 }, { lat: 7.5, lon: 83 })).toBe(true);
  });

  it("finds an odd number from land to sea", () => {
    expect(coastlineCrossings({ lat: 40.4, lon: -3.7 }, { lat: 40, lon: -15 }).length % 2).toBe(1);
  });

  it("handles a leg across the antimeridian", () => {
    expect(coastlineCrossings({ lat: 20, lon: 179 }, { lat: 20, lon: -179 })).toEqual([]);
    // Over Chukotka's tip at 180°.
    expect(segmentCrossesLand({ lat: 67, lon: 178 }, { lat: 66, lon: -178 })).toBe(true);
  });
});

describe("nearestSeaPoint", () => {
  it("returns a sea position itself", () => {
    const p = { lat: 30, lon: -40 };
    expect(nearestSeaPoint(p)).toBe(p);
  });

  it("finds open water next to a quay that reads as land", () => {
    const tokyoQuay = { lat: 35.595, lon: 139.77 };
    expect(isOnLand(tokyoQuay.lat, tokyoQuay.lon)).toBe(true);
    const sea = nearestSeaPoint(tokyoQuay);
    expect(sea && isOnLand(sea.lat, sea.lon)).toBe(false);
    expect(sea && haversineNm(tokyoQuay, sea)).toBeLessThan(2);
  });

  it("gives up inland", () => {
    expect(nearestSeaPoint({ lat: 40.4, lon: -3.7 })).toBeUndefined();
  });
});
