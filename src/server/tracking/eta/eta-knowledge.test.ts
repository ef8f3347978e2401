// Tests of what the arrival predictor learns: port queues, how to weigh the line's estimate, trains.
import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../api/durations";
import { EtaKnowledge, MIN_QUEUE_CALLS } from "./eta-knowledge";

const T0 = Date.UTC(2026, 5, 1);

describe("port queues", () => {
  it("judge a port by the last three weeks of calls, the waits' median counting those that came straight in", () => {
    const k = new EtaKnowledge();
    // An old spell of long waits, then three weeks of mostly waiting a day.
    for (let i = 0; i < 5; i++) k.addPortCall("USLAX", T0 - 40 * DAY + i * DAY, 5 * DAY);
    for (let i = 0; i < 10; i++) k.addPortCall("USLAX", T0 - 20 * DAY + i * DAY, i < 7 ? DAY : 0);
    const queue = k.portQueue("USLAX", T0);
    expect(queue.calls).toBe(10);
    expect(queue.waitedShare).toBeCloseTo(0.7);
    expect(queue.typicalWaitMs).toBe(DAY);
    expect(queue.expectedWaitMs).toBe(DAY);
    // Before the recent calls happened, only the old ones count; another port knows nothing.
    expect(k.portQueue("USLAX", T0 - 25 * DAY).typicalWaitMs).toBe(5 * DAY);
    expect(k.portQueue("NLRTM", T0)).toMatchObject({ calls: 0, expectedWaitMs: 0 });
  });

  it("expect no wait from a port with too few recent calls to judge (one ship's long wait is not a queue)", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < MIN_QUEUE_CALLS - 1; i++) k.addPortCall("USNYC", T0 - i * DAY, 3 * DAY);
    expect(k.portQueue("USNYC", T0)).toMatchObject({ calls: MIN_QUEUE_CALLS - 1, expectedWaitMs: 0 });
    k.addPortCall("USNYC", T0 - 10 * DAY, 3 * DAY);
    expect(k.portQueue("USNYC", T0).expectedWaitMs).toBe(3 * DAY);
  });

  it("expect no wait where fewer than half of the ships waited", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 10; i++) k.addPortCall("USSAV", T0 - i * DAY, i < 3 ? 2 * DAY : 0);
    expect(k.portQueue("USSAV", T0)).toMatchObject({
      waitedShare: 0.3,
      expectedWaitMs: 0,
      typicalWaitMs: 2 * DAY,
    });
  });
});

describe("blends", () => {
  it("trust the line where it was right, ourselves where we were, with the misses' spread as the window", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 70; i++) {
      const wobble = ((i % 5) - 2) * HOUR;
      k.addMiss("CNSHA>USLAX|at_sea/4-8d/line-far", T0 - i * HOUR, {
        oursMs: wobble,
        lineMs: -DAY + 3 * wobble,
      });
      k.addMiss("CNSHA>USLAX|at_sea/0-12h/line-near", T0 - i * HOUR, {
        oursMs: 10 * HOUR + 4 * wobble,
        lineMs: wobble,
      });
    }
    const far = k.blend("CNSHA>USLAX|at_sea/4-8d/line-far", T0);
    expect(far?.oursWeight).toBeGreaterThan(0.9);
    expect(Math.abs(far?.medianMs ?? DAY)).toBeLessThanOrEqual(HOUR);
    expect(far?.p10Ms).toBeLessThan(0);
    expect(far?.p90Ms).toBeGreaterThan(0);
    const near = k.blend("CNSHA>USLAX|at_sea/0-12h/line-near", T0);
    expect(near?.oursWeight).toBeLessThan(0.1);
  });

  it("pool other ways of estimating at the same lead when a bucket has too few misses, and know nothing before any", () => {
    const k = new EtaKnowledge();
    expect(k.blend("CNSHA>USLAX|track/2-4d/line-far", T0)).toBeNull();
    for (let i = 0; i < 70; i++)
      k.addMiss("VNSGN>USLAX|at_sea/2-4d/line-far", T0 - i * HOUR, { oursMs: 0, lineMs: -DAY });
    expect(k.blend("CNSHA>USLAX|track/2-4d/line-far", T0)?.count).toBe(70);
    // Misses of boxes that arrive later are not known yet.
    expect(k.blend("CNSHA>USLAX|track/2-4d/line-far", T0 - 30 * HOUR)?.count ?? 0).toBeLessThan(30);
  });

  it("learn from the last eight months of misses, and forget older ones", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 70; i++)
      k.addMiss("CNSHA>USLAX|at_sea/4-8d/line-far", T0 - 200 * DAY - i * HOUR, { oursMs: 0, lineMs: DAY });
    expect(k.blend("CNSHA>USLAX|at_sea/4-8d/line-far", T0)?.count).toBe(70);
    expect(k.blend("CNSHA>USLAX|at_sea/4-8d/line-far", T0 + 50 * DAY)).toBeNull();
  });

  it("learn a lane's own blend where it has a past, every lane's where it has not", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 70; i++) {
      // On the backhaul the line is right and ours scattered; on the headhaul the other way round. (A steady miss
      // is no reason to lean away: the blend's median miss is taken off.)
      k.addMiss("USLAX>CNSHA|track/4-8d/line-far", T0 - i * HOUR, {
        oursMs: i % 2 ? 20 * HOUR : -20 * HOUR,
        lineMs: i % 2 ? HOUR : -HOUR,
      });
      k.addMiss("CNSHA>USLAX|track/4-8d/line-far", T0 - i * HOUR, {
        oursMs: i % 2 ? HOUR : -HOUR,
        lineMs: i % 2 ? -DAY : DAY,
      });
    }
    expect(k.blend("USLAX>CNSHA|track/4-8d/line-far", T0)?.oursWeight).toBeLessThan(0.1);
    expect(k.blend("CNSHA>USLAX|track/4-8d/line-far", T0)?.oursWeight).toBeGreaterThan(0.9);
    expect(k.blend("CNNGB>USLGB|track/4-8d/line-far", T0)?.count).toBe(140);
  });
});

describe("trains", () => {
  it("learn a route's transit, and how all trains ran against their timetables", () => {
    const k = new EtaKnowledge();
    for (let i = 0; i < 6; i++) k.addTrain("USLAX>USCHI", T0 - i * DAY, (4 + i * 0.1) * DAY, 4 * DAY);
    expect(k.trainSpread("USLAX>USCHI", T0)?.medianMs).toBeCloseTo(4.3 * DAY, -5);
    expect(k.trainSpread("USSAV>USATL", T0)).toBeNull();
    expect(k.trainRatio(T0)?.medianMs).toBeCloseTo(1.075, 1);
  });
});

describe("a blend", () => {
  it("takes a steady miss off rather than leaning away from the estimate that makes it", () => {
    const k = new EtaKnowledge();
    // Ours always 20 hours early; the line's right or a day out, either way.
    for (let i = 0; i < 70; i++) {
      k.addMiss("USLAX>CNSHA|track/4-8d/line-far", T0 - i * HOUR, {
        oursMs: -20 * HOUR,
        lineMs: ((i % 3) - 1) * DAY,
      });
    }
    const blend = k.blend("USLAX>CNSHA|track/4-8d/line-far", T0)!;
    expect(blend.oursWeight).toBe(1);
    // Ours, 20 hours later: right every time.
    expect(blend.medianMs).toBe(20 * HOUR);
    expect(blend.p10Ms).toBe(20 * HOUR);
    expect(blend.p90Ms).toBe(20 * HOUR);
  });
});
