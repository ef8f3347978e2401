// Per-connection backoff: grows with each failure, is jittered, resets on success, never touches other connections.
import { describe, expect, it } from "vitest";
import { ConnectionBackoff } from "./connection-backoff";

const now = new Date("2026-11-01T00:00:00Z");
const pauseOf = (until: Date) => until.getTime() - now.getTime();

describe("ConnectionBackoff", () => {
  it("doubles the pause from 30 s up to 30 min, drawn in its upper half", () => {
    const top = new ConnectionBackoff({ random: () => 0.999999 });
    const bottom = new ConnectionBackoff({ random: () => 0 });
    const tops = Array.from({ length: 9 }, () => pauseOf(top.failed("a", now)));
    const bottoms = Array.from({ length: 9 }, () => pauseOf(bottom.failed("a", now)));
    expect(tops.map((ms) => Math.round(ms / 1000))).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
    expect(bottoms.map((ms) => ms / 1000)).toEqual([15, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it("pauses only the connection that failed, until its pause ends", () => {
    const backoff = new ConnectionBackoff({ random: () => 0.5 });
    const until = backoff.failed("a", now);
    expect(backoff.pausedUntil("a", now)).toEqual(until);
    expect(backoff.pausedUntil("b", now)).toBeNull();
    expect(backoff.pausedUntil("a", until)).toBeNull();
  });

  it("starts again from the first pause after a success", () => {
    const backoff = new ConnectionBackoff({ random: () => 0.999999 });
    backoff.failed("a", now);
    backoff.failed("a", now);
    backoff.succeeded("a");
    expect(backoff.pausedUntil("a", now)).toBeNull();
    expect(Math.round(pauseOf(backoff.failed("a", now)) / 1000)).toBe(30);
  });
});
