// Tests of our predicted arrival at the port of discharge, on hand-made observations (never the sandbox's).
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../api/durations";
import { seaRoute } from "../../geo/sea-route";
import { type ArrivalObservation, predictArrival, type VesselFix } from "./arrival-predictor";
import { EtaKnowledge } from "./eta-knowledge";
import { predictInlandArrival } from "./inland-predictor";

const NOW = Date.UTC(2026, 8, 10, 12);
const LOS_ANGELES = { locode: "USLAX", name: "Los Angeles", lat: 33.74, lon: -118.26 };
/** Mid-Pacific, eastbound for Los Angeles. */
const AT_SEA = { lat: 33.5, lon: -140 };

/** Hourly fixes over the last day, all at `at` and `knots` (a ship lying still when 0). */
function fixes(at: { lat: number; lon: number }, knots: number, heading = 85): VesselFix[] {
  return Array.from({ length: 24 }, (_, i) => ({
    vessel: "9321483",
    at: NOW - (23 - i) * HOUR,
    ...at,
    speedKnots: knots,
    headingDegrees: heading,
  }));
}

function observation(extra: Partial<ArrivalObservation>): ArrivalObservation {
  return {
    now: NOW,
    pod: LOS_ANGELES,
    carrierEta: NOW + 4 * DAY,
    carrierFirstEta: NOW + 4 * DAY,
    polDeparture: { firstEstimate: NOW - 10 * DAY, actual: NOW - 10 * DAY },
    fixes: [],
    vesselName: "EVER GIVEN",
    lane: "CNSHA>USLAX",
    ...extra,
  };
}

describe("our predicted arrival", () => {
  const toGo = seaRoute(AT_SEA, LOS_ANGELES).distanceNm;

  it("at sea, heading for the port: the miles to go at the ship's own speed, plus the wait ships meet there lately", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 10; i++) k.addPortCall("USLAX", NOW - i * DAY, i < 6 ? 30 * HOUR : 0);
    const sailMs = (toGo / 14.2) * HOUR;
    const p = predictArrival(observation({ fixes: fixes(AT_SEA, 14.2), carrierEta: NOW + sailMs - DAY }), k);
    expect(p.basis).toBe("at_sea");
    // Six of ten waited 30 h: the median wait of all ten is 30 h.
    expect(p.at).toBeCloseTo(NOW + sailMs + 30 * HOUR, -5);
    expect(p.p10).toBeLessThan(p.at);
    expect(p.p90).toBeGreaterThan(p.at);
    expect(p.reason).toContain("EVER GIVEN is sailing 14.2 kn");
    expect(p.reason).toContain("6 of 10 ships waited at anchor off Los Angeles lately, typically 1.3 days");
  });

  it("does not sail straight for the port when the line's estimate allows a call on the way", () => {
    const sailMs = (toGo / 18) * HOUR;
    const p = predictArrival(
      observation({ fixes: fixes(AT_SEA, 18), carrierEta: NOW + sailMs + 3 * DAY }),
      new EtaKnowledge(),
    );
    expect(p.basis).toBe("schedule");
  });

  it("at anchor off the port: the queue's usual wait less what the ship has already waited", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 10; i++) k.addPortCall("USLAX", NOW - i * DAY, 48 * HOUR);
    const offshore = { lat: 33.65, lon: -118.35 };
    const p = predictArrival(observation({ fixes: fixes(offshore, 0.2), carrierEta: NOW + 2 * HOUR }), k);
    expect(p.basis).toBe("anchored");
    // Still for at least the day of fixes: about a day of the usual two left, and the approach.
    expect(p.at - NOW).toBeGreaterThan(20 * HOUR);
    expect(p.at - NOW).toBeLessThan(28 * HOUR);
    expect(p.reason).toMatch(/has lain at anchor off Los Angeles for 1\.0 days/);
  });

  it("before the ship sails: the line's estimate plus the lateness the box has run up that the line does not show", () => {
    const p = predictArrival(
      observation({
        polDeparture: { firstEstimate: NOW - 3 * DAY, actual: null },
        carrierEta: NOW + 14 * DAY + 12 * HOUR,
        carrierFirstEta: NOW + 14 * DAY,
      }),
      new EtaKnowledge(),
    );
    expect(p.basis).toBe("schedule");
    // Three days late leaving, of which the line shows half a day.
    expect(p.at).toBe(NOW + 17 * DAY);
    expect(p.reason).toContain("is leaving 3.0 days late, of which the line shows 0.5 days");
  });

  it("leans on the line where past misses say it knows better, and never predicts the past", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 70; i++) {
      // Ours scattered by days either way (no correction mends that), the line's within hours.
      k.addMiss("CNNGB>USLGB|at_sea/2-4d/line-far", NOW - DAY - i * HOUR, {
        oursMs: (i % 2 ? 2 : -1.5) * DAY,
        lineMs: (i % 3) * HOUR,
      });
    }
    const sailMs = (toGo / 14.2) * HOUR;
    const o = observation({ fixes: fixes(AT_SEA, 14.2), carrierEta: NOW + sailMs - 2 * HOUR });
    const p = predictArrival(o, k);
    expect(p.bucket).toBe("CNSHA>USLAX|at_sea/2-4d/line-far");
    expect(Math.abs(p.at - o.carrierEta)).toBeLessThan(3 * HOUR);
    expect(p.reason).toContain("the line's own estimate has been the better one");
    const late = predictArrival(observation({ carrierEta: NOW - DAY, carrierFirstEta: NOW - DAY }), k);
    expect(late.at).toBeGreaterThanOrEqual(NOW);
    expect(late.p10).toBeGreaterThanOrEqual(NOW);
  });

  it("learns apart the misses where ours runs well before the line's still far-off estimate", () => {
    const k = new EtaKnowledge();
    const sailMs = (toGo / 14.2) * HOUR;
    for (let i = 0; i < 70; i++) {
      const scatter = (i % 2 ? 2 : -1.5) * DAY;
      // When ours ran well before the line's, the line had heard of a delay and was right; otherwise ours was.
      k.addMiss("CNSHA>USLAX|at_sea/2-4d/line-far/ours-earlier", NOW - DAY - i * HOUR, {
        oursMs: scatter,
        lineMs: (i % 3) * HOUR,
      });
      k.addMiss("CNSHA>USLAX|at_sea/2-4d/line-far", NOW - DAY - i * HOUR, {
        oursMs: (i % 3) * HOUR,
        lineMs: scatter,
      });
    }
    const behind = observation({ fixes: fixes(AT_SEA, 14.2), carrierEta: NOW + sailMs + 12 * HOUR });
    const p = predictArrival(behind, k);
    expect(p.bucket).toBe("CNSHA>USLAX|at_sea/2-4d/line-far/ours-earlier");
    expect(Math.abs(p.at - behind.carrierEta)).toBeLessThan(3 * HOUR);
    const ahead = observation({ fixes: fixes(AT_SEA, 14.2), carrierEta: NOW + sailMs - 12 * HOUR });
    const q = predictArrival(ahead, k);
    expect(q.bucket).toBe("CNSHA>USLAX|at_sea/2-4d/line-far");
    expect(Math.abs(q.at - (NOW + sailMs))).toBeLessThan(3 * HOUR);
  });

  it("does not split the misses once the line puts the arrival within about a day", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 10; i++) k.addPortCall("USLAX", NOW - i * DAY, 10 * HOUR);
    const offshore = { lat: 33.65, lon: -118.35 };
    // A day at anchor of the usual ten hours' wait: ours within hours, the line's a day off.
    const p = predictArrival(observation({ fixes: fixes(offshore, 0.2), carrierEta: NOW + 25 * HOUR }), k);
    expect(p.at).toBeLessThan(NOW + 6 * HOUR);
    expect(p.bucket).toBe("CNSHA>USLAX|anchored/0-12h/line-near");
  });
});

describe("our predicted inland arrival", () => {
  it("follows the line until the train leaves, then the route's recent trains, else the timetable stretched", () => {
    const k = new EtaKnowledge();
    const base = {
      now: NOW,
      route: "USLAX>USCHI",
      fromName: "Los Angeles",
      toName: "Chicago",
      carrierEta: NOW + 4 * DAY,
    };
    expect(predictInlandArrival({ ...base, railDepartedAt: null }, k).at).toBe(NOW + 4 * DAY);
    for (let i = 0; i < 5; i++) k.addTrain("USSAV>USATL", NOW - i * DAY, 1.5 * DAY, DAY);
    const stretched = predictInlandArrival({ ...base, railDepartedAt: NOW }, k);
    expect(stretched.at).toBe(NOW + 6 * DAY);
    expect(stretched.reason).toContain("50 % over their timetables");
    for (let i = 0; i < 5; i++) k.addTrain("USLAX>USCHI", NOW - i * DAY, 5 * DAY, 4 * DAY);
    const learned = predictInlandArrival({ ...base, railDepartedAt: NOW }, k);
    expect(learned.at).toBe(NOW + 5 * DAY);
    expect(learned.reason).toContain("Trains from Los Angeles to Chicago took 5.0 days lately");
  });
});
