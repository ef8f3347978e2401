// Tests of the track memory: ships near here, going the same way, bound for the same port.
import { describe, expect, it } from "vitest";
import { DAY } from "../../../api/durations";
import { TrackMemory } from "./track-memory";

const T0 = Date.UTC(2026, 5, 1);
const MID_PACIFIC = { lat: 35, lon: -170 };

function memory(): TrackMemory {
  const m = new TrackMemory();
  for (let i = 0; i < 6; i++) {
    // Eastbound for Los Angeles, 8 to 10 days out.
    m.add("USLAX", T0 - i * DAY, {
      vessel: `93000${i}`,
      lat: MID_PACIFIC.lat + i * 0.1,
      lon: MID_PACIFIC.lon + i * 0.1,
      headingDegrees: 80,
      toArrivalMs: (8 + (i % 3)) * DAY,
    });
    // Westbound, passing the same water on the way out, weeks from Los Angeles.
    m.add("USLAX", T0 - i * DAY, {
      ...MID_PACIFIC,
      vessel: `94000${i}`,
      headingDegrees: 260,
      toArrivalMs: 40 * DAY,
    });
  }
  return m;
}

describe("track memory", () => {
  it("answers from ships near here going the same way to the same port", () => {
    const similar = memory().similar("USLAX", { ...MID_PACIFIC, vessel: "9999999", headingDegrees: 85 }, T0);
    expect(similar).toMatchObject({ count: 6, ownPasses: false, medianMs: 9 * DAY });
    expect(similar?.p10Ms).toBe(8 * DAY);
    expect(similar?.p90Ms).toBe(10 * DAY);
  });

  it("knows nothing of another port, of far-off water, of ships going the other way round, or of the future", () => {
    const m = memory();
    expect(m.similar("USOAK", { ...MID_PACIFIC, vessel: "9", headingDegrees: 80 }, T0)).toBeNull();
    expect(m.similar("USLAX", { lat: 20, lon: -150, vessel: "9", headingDegrees: 80 }, T0)).toBeNull();
    expect(m.similar("USLAX", { ...MID_PACIFIC, vessel: "9", headingDegrees: 200 }, T0)).toBeNull();
    expect(m.similar("USLAX", { ...MID_PACIFIC, vessel: "9", headingDegrees: 80 }, T0 - 4 * DAY)).toBeNull();
  });

  it("lets the ship's own earlier pass pick the ships that took about as long (the same calls on the way)", () => {
    const m = memory();
    // Another service passes here too, calling somewhere first: 15 days to Los Angeles.
    for (let i = 0; i < 4; i++) {
      m.add("USLAX", T0 - i * DAY, {
        ...MID_PACIFIC,
        vessel: `95000${i}`,
        headingDegrees: 80,
        toArrivalMs: 15 * DAY,
      });
    }
    const stranger = m.similar("USLAX", { ...MID_PACIFIC, vessel: "9999999", headingDegrees: 80 }, T0);
    expect(stranger?.ownPasses).toBe(false);
    expect(stranger?.medianMs).toBeLessThan(12 * DAY);
    const own = m.similar("USLAX", { ...MID_PACIFIC, vessel: "950001", headingDegrees: 80 }, T0);
    expect(own).toMatchObject({ ownPasses: true, count: 4, medianMs: 15 * DAY });
  });
});
