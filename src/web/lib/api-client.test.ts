// Unit tests of the API client's address building and of reading Retry-After.
import { describe, expect, it } from "vitest";
import { buildUrl } from "./api-client";
import { parseRetryAfter } from "./retry-after";

describe("parseRetryAfter", () => {
  it("reads seconds or an HTTP date, and nothing else", () => {
    const now = new Date("2025-11-10T12:00:00Z");
    expect(parseRetryAfter("42", now)).toBe(42);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Mon, 10 Nov 2025 12:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Mon, 10 Nov 2025 11:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});

describe("buildUrl", () => {
  it("leaves out empty values and keeps brackets readable", () => {
    expect(
      buildUrl("https://api.test", "/v2/tracking_requests", { "filter[status]": "pending", q: "" }),
    ).toBe("https://api.test/v2/tracking_requests?filter[status]=pending");
  });
});
