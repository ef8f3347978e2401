// Unit tests of the service clock: the header wins over Date, small drifts are ignored, bad values change nothing.
import { afterEach, describe, expect, it } from "vitest";
import { recordServiceClock, resetServiceClock, serviceNow, subscribeServiceClock } from "./service-clock";

const headers = (values: Record<string, string>) => new Headers(values);
const BROWSER = Date.parse("2026-11-25T12:00:00Z");

afterEach(resetServiceClock);

describe("service clock", () => {
  it("follows X-Service-Clock, which may run ahead of real time", () => {
    recordServiceClock(
      headers({ "X-Service-Clock": "2026-11-27T12:00:00.000Z", Date: "Wed, 25 Nov 2026 12:00:00 GMT" }),
      BROWSER,
    );
    expect(serviceNow(BROWSER + 60_000).toISOString()).toBe("2026-11-27T12:01:00.000Z");
  });

  it("falls back to the Date header when the service sends no clock", () => {
    recordServiceClock(headers({ Date: "Thu, 26 Nov 2026 12:00:00 GMT" }), BROWSER);
    expect(serviceNow(BROWSER).toISOString()).toBe("2026-11-26T12:00:00.000Z");
  });

  it("keeps the browser's clock when the answer says nothing usable", () => {
    recordServiceClock(headers({ "X-Service-Clock": "not a time" }), BROWSER);
    recordServiceClock(headers({}), BROWSER);
    expect(serviceNow(BROWSER).toISOString()).toBe("2026-11-25T12:00:00.000Z");
  });

  it("tells listeners about a real change only", () => {
    let calls = 0;
    const stop = subscribeServiceClock(() => calls++);
    recordServiceClock(headers({ "X-Service-Clock": "2026-11-25T12:00:01.000Z" }), BROWSER);
    expect(calls).toBe(0);
    recordServiceClock(headers({ "X-Service-Clock": "2026-11-25T15:00:00.000Z" }), BROWSER);
    expect(calls).toBe(1);
    stop();
  });
});
