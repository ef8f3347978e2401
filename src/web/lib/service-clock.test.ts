// Unit tests of "now" by the service's clock: the arithmetic from a header reading, which header counts, and when
// the labels that show it re-render.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  recordServiceClock,
  resetServiceClock,
  serviceNow,
  serviceTimeOf,
  subscribeServiceClock,
} from "./service-clock";

const MINUTE = 60_000;
const BROWSER = Date.parse("2030-06-01T08:00:00Z");
const headers = (values: Record<string, string>) => new Headers(values);

afterEach(() => {
  resetServiceClock();
  vi.useRealTimers();
});

describe("serviceNow", () => {
  it("is the header's time moved on by the browser time since it was seen: 10 minutes later, header + 10 min", () => {
    recordServiceClock(headers({ "X-Service-Clock": "2025-11-12T22:00:00.000Z" }), BROWSER);
    expect(serviceNow(BROWSER + 10 * MINUTE).toISOString()).toBe("2025-11-12T22:10:00.000Z");
    expect(serviceNow(BROWSER).toISOString()).toBe("2025-11-12T22:00:00.000Z");
  });

  it("follows the latest answer; one without a clock leaves the reading", () => {
    recordServiceClock(headers({ "X-Service-Clock": "2025-11-12T22:00:00Z" }), BROWSER);
    recordServiceClock(headers({ "X-Service-Clock": "2025-11-13T00:00:00Z" }), BROWSER + MINUTE);
    recordServiceClock(headers({}), BROWSER + 2 * MINUTE);
    recordServiceClock(headers({ "X-Service-Clock": "not a time" }), BROWSER + 2 * MINUTE);
    expect(serviceNow(BROWSER + 3 * MINUTE).toISOString()).toBe("2025-11-13T00:02:00.000Z");
  });

  it("is the browser's clock before any answer", () => {
    expect(serviceNow(BROWSER).toISOString()).toBe("2030-06-01T08:00:00.000Z");
  });
});

describe("serviceTimeOf", () => {
  it("prefers X-Service-Clock, and falls back to the HTTP Date header", () => {
    expect(
      serviceTimeOf(
        headers({ "X-Service-Clock": "2025-11-12T22:00:00Z", Date: "Wed, 25 Nov 2026 14:00:00 GMT" }),
      ),
    ).toBe(Date.parse("2025-11-12T22:00:00Z"));
    expect(serviceTimeOf(headers({ Date: "Wed, 25 Nov 2026 14:00:00 GMT" }))).toBe(
      Date.parse("2026-11-25T14:00:00Z"),
    );
    expect(serviceTimeOf(headers({}))).toBeNull();
  });
});

describe("subscribeServiceClock", () => {
  it("calls the labels each minute, and at once when a reading moves the clock noticeably", () => {
    vi.useFakeTimers({ now: BROWSER });
    const calls: string[] = [];
    const unsubscribe = subscribeServiceClock(() => calls.push(serviceNow().toISOString()));
    vi.advanceTimersByTime(MINUTE);
    expect(calls).toEqual(["2030-06-01T08:01:00.000Z"]);

    // Ten seconds off: not worth a re-render before the next minute. A day off: at once.
    recordServiceClock(headers({ "X-Service-Clock": "2030-06-01T08:01:10Z" }));
    expect(calls).toHaveLength(1);
    recordServiceClock(headers({ "X-Service-Clock": "2030-06-02T08:01:00Z" }));
    expect(calls).toEqual(["2030-06-01T08:01:00.000Z", "2030-06-02T08:01:00.000Z"]);

    unsubscribe();
    vi.advanceTimersByTime(MINUTE);
    expect(calls).toHaveLength(2);
  });
});
