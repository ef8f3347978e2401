// The bisection finds, to the minute, the last moment each estimate changed, and leaves unchanged ones as they were.
import { describe, expect, it } from "vitest";
import { type EstimatesAt, lastEstimateChanges } from "./estimate-history";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse("2026-11-20T12:00:00.000Z");

/** Line "a" moves at T0+5h and again at T0+30h; "b" appears at T0+10h; "c" never moves. */
const world: EstimatesAt = (t) =>
  new Map<string, number | null>([
    ["a", t >= T0 + 30 * HOUR ? 3 : t >= T0 + 5 * HOUR ? 2 : 1],
    ["b", t >= T0 + 10 * HOUR ? 7 : null],
    ["c", 9],
  ]);

describe("lastEstimateChanges", () => {
  it("dates each line's estimate at its last change, unchanged ones at what they had", () => {
    const ids = ["a", "b", "c"];
    const found = lastEstimateChanges(
      world,
      ids,
      T0,
      T0 + 48 * HOUR,
      world(T0),
      new Map(ids.map((id) => [id, T0])),
    );
    expect(Object.fromEntries(found.madeAt)).toEqual({ a: T0 + 30 * HOUR, b: T0 + 10 * HOUR, c: T0 });
    expect(Object.fromEntries(found.after)).toEqual({ a: 3, b: 7, c: 9 });
  });

  it("resumes from what an earlier search kept, looking only at the time since", () => {
    const asked: number[] = [];
    const counting: EstimatesAt = (t) => {
      asked.push(t);
      return world(t);
    };
    const first = lastEstimateChanges(counting, ["a"], T0, T0 + 20 * HOUR, world(T0), new Map([["a", T0]]));
    expect(first.madeAt.get("a")).toBe(T0 + 5 * HOUR);
    asked.length = 0;
    const later = lastEstimateChanges(
      counting,
      ["a"],
      T0 + 20 * HOUR,
      T0 + 40 * HOUR,
      first.after,
      first.madeAt,
    );
    expect(later.madeAt.get("a")).toBe(T0 + 30 * HOUR);
    expect(asked.every((t) => t > T0 + 20 * HOUR)).toBe(true);
    // Nothing moved since: nothing to bisect, the dates stay.
    asked.length = 0;
    const same = lastEstimateChanges(
      counting,
      ["a"],
      T0 + 40 * HOUR,
      T0 + 45 * HOUR,
      later.after,
      later.madeAt,
    );
    expect(same.madeAt.get("a")).toBe(T0 + 30 * HOUR);
    expect(asked).toEqual([T0 + 45 * HOUR]);
  });
});
