import { describe, expect, it } from "vitest";
import { retryAfter } from "./retry-after";

const now = new Date("2026-03-01T12:00:00Z");

describe("retryAfter", () => {
  it("reads delay-seconds", () => {
    expect(retryAfter("120", now).toISOString()).toBe("2026-03-01T12:02:00.000Z");
    expect(retryAfter(" 0 ", now).toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  it("reads an HTTP date, and a past one as now", () => {
    expect(retryAfter("Sun, 01 Mar 2026 12:05:30 GMT", now).toISOString()).toBe("2026-03-01T12:05:30.000Z");
    expect(retryAfter("Sun, 01 Mar 2026 11:00:00 GMT", now).toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  it("falls back to the default when missing or unreadable", () => {
    expect(retryAfter(undefined, now).toISOString()).toBe("2026-03-01T12:01:00.000Z");
    expect(retryAfter("-5", now).toISOString()).toBe("2026-03-01T12:01:00.000Z");
    expect(retryAfter("soon", now, 30).toISOString()).toBe("2026-03-01T12:00:30.000Z");
    expect(retryAfter("1.5", now).toISOString()).toBe("2026-03-01T12:01:00.000Z");
  });
});
