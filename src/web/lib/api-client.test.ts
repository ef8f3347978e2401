// Unit tests of the API client's address building, of reading Retry-After, and of its recording the service clock.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiRequest, buildUrl } from "./api-client";
import { parseRetryAfter } from "./retry-after";
import { resetServiceClock, serviceNow } from "./service-clock";

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

describe("the service clock", () => {
  afterEach(() => {
    resetServiceClock();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is recorded from every answer's X-Service-Clock, errors included", async () => {
    vi.useFakeTimers({ now: Date.parse("2030-06-01T08:00:00Z"), toFake: ["Date"] });
    const answer = (status: number, clock: string) =>
      new Response(JSON.stringify(status === 200 ? { ok: true } : { errors: [] }), {
        status,
        headers: { "Content-Type": "application/vnd.api+json", "X-Service-Clock": clock },
      });
    const fetch = vi.fn().mockResolvedValueOnce(answer(200, "2025-11-12T22:00:00Z"));
    vi.stubGlobal("fetch", fetch);
    const credentials = { kind: "key" as const, apiKey: "key", baseUrl: "https://api.test" };

    await apiRequest("/v2/account", { schema: z.object({ ok: z.boolean() }), credentials });
    vi.setSystemTime(Date.parse("2030-06-01T08:10:00Z"));
    expect(serviceNow().toISOString()).toBe("2025-11-12T22:10:00.000Z");

    fetch.mockResolvedValueOnce(answer(404, "2025-11-14T00:00:00Z"));
    await expect(apiRequest("/v2/account", { schema: z.object({}), credentials })).rejects.toThrow();
    expect(serviceNow().toISOString()).toBe("2025-11-14T00:00:00.000Z");
  });
});

describe("how a request proves who sends it", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a person's request rides the session cookie and carries no Authorization; a key's carries the key only", async () => {
    const fetch = vi
      .fn()
      .mockImplementation(
        async () =>
          new Response("{}", { status: 200, headers: { "Content-Type": "application/vnd.api+json" } }),
      );
    vi.stubGlobal("fetch", fetch);
    const schema = z.object({});
    await apiRequest("/v2/users/me", {
      schema,
      credentials: { kind: "person", baseUrl: "https://app.test" },
    });
    const [url, person] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://app.test/v2/users/me");
    expect(person.credentials).toBe("same-origin");
    expect(person.headers).not.toHaveProperty("Authorization");

    await apiRequest("/v2/account", {
      schema,
      credentials: { kind: "key", apiKey: "k", baseUrl: "https://x.test" },
    });
    const [, key] = fetch.mock.calls[1] as [string, RequestInit];
    expect(key.credentials).toBe("omit");
    expect(key.headers).toHaveProperty("Authorization", "Token k");
  });
});
