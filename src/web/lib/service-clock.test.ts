// Unit tests of "now" by the service's clock: the arithmetic from a header reading, and what the API client records.
import { afterEach, describe, expect, it, vi } from "vitest";
import { readingOf, recordServiceClock, resetServiceClock, serviceNow, serviceTimeAt } from "./service-clock";

const MINUTE = 60_000;

afterEach(() => {
  resetServiceClock();
  vi.useRealTimers();
});

describe("serviceTimeAt", () => {
  it("moves the service's time on by the browser time elapsed since it was seen", () => {
    const seenAt = Date.parse("2030-06-01T08:00:00Z");
    const reading = readingOf("2025-11-12T22:00:00.000Z", seenAt);
    expect(serviceTimeAt(reading, seenAt + 10 * MINUTE).toISOString()).toBe("2025-11-12T22:10:00.000Z");
    expect(serviceTimeAt(reading, seenAt).toISOString()).toBe("2025-11-12T22:00:00.000Z");
  });

  it("is the browser's time when no reading was seen", () => {
    expect(serviceTimeAt(null, Date.parse("2030-06-01T08:00:00Z")).toISOString()).toBe(
      "2030-06-01T08:00:00.000Z",
    );
  });

  it("ignores a missing or unreadable header", () => {
    expect(readingOf(null, 0)).toBeNull();
    expect(readingOf("", 0)).toBeNull();
    expect(readingOf("yesterday", 0)).toBeNull();
  });
});

describe("serviceNow", () => {
  it("answers by the latest header seen, 10 minutes after it was seen", () => {
    vi.useFakeTimers({ now: Date.parse("2030-06-01T08:00:00Z") });
    recordServiceClock("2025-11-12T22:00:00Z");
    vi.setSystemTime(Date.parse("2030-06-01T08:10:00Z"));
    expect(serviceNow().toISOString()).toBe("2025-11-12T22:10:00.000Z");

    // A later answer replaces the reading; one without the header leaves it.
    recordServiceClock("2025-11-13T00:00:00Z");
    recordServiceClock(null);
    vi.setSystemTime(Date.parse("2030-06-01T08:11:00Z"));
    expect(serviceNow().toISOString()).toBe("2025-11-13T00:01:00.000Z");
  });

  it("falls back to the browser's clock before any header", () => {
    vi.useFakeTimers({ now: Date.parse("2030-06-01T08:00:00Z") });
    expect(serviceNow().toISOString()).toBe("2030-06-01T08:00:00.000Z");
  });
});
