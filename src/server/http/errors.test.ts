// Service tests: rate limiting (in real time, and of failed authentication per client address), suspended accounts, unknown routes, and 500s that reveal nothing internal.
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { setSuspended } from "../db/accounts";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, TEST_NOW } from "../testing/service-harness";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close().catch(() => {});
  h = undefined;
});

describe("errors", () => {
  it("limits each key to its requests a minute with a 429 and Retry-After, per key", async () => {
    h = await createHarness({ rateLimitPerMinute: 3 });
    const { apiKey } = await h.newAccount();
    const { apiKey: otherKey } = await h.newAccount();
    for (let i = 0; i < 3; i++) expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
    const limited = await h.request(apiKey, "/v2/shipments");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).errors[0]).toMatchObject({ status: "429", code: "rate_limited" });
    expect((await h.request(otherKey, "/v2/shipments")).status).toBe(200);
    h.clock.advance(20_000);
    expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
  });

  it("limits a person by their own figure, apart from the account's API keys", async () => {
    // A dashboard page reads a dozen endpoints: people get more a minute than a key, and neither uses up the other.
    h = await createHarness({ rateLimitPerMinute: 2, peopleRateLimitPerMinute: 5 });
    const { apiKey, account } = await h.newAccount();
    const cookie = await personCookie(h, account.id, "coordinator@limits.test", "member");
    for (let i = 0; i < 2; i++) expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
    expect((await h.request(apiKey, "/v2/shipments")).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await asPerson(h, cookie, "/v2/shipments")).status).toBe(200);
    const limited = await asPerson(h, cookie, "/v2/shipments");
    expect(limited.status).toBe(429);
    expect((await limited.json()).errors[0].detail).toBe(
      "More than 5 requests a minute by this person; retry after the time in Retry-After.",
    );
  });

  it("limits in real time, not on the service clock that a demo speeds up", async () => {
    const real = new ManualClock(TEST_NOW);
    h = await createHarness({ rateLimitPerMinute: 3, rateLimitClock: real });
    const { apiKey } = await h.newAccount();
    for (let i = 0; i < 3; i++) expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
    // An hour of a sped-up service clock is a few real seconds: not enough to refill.
    h.clock.advance(3_600_000);
    expect((await h.request(apiKey, "/v2/shipments")).status).toBe(429);
    real.advance(20_000);
    expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
  });

  it("limits failed authentication per client address with a 429 and Retry-After, before any key lookup", async () => {
    const real = new ManualClock(TEST_NOW);
    h = await createHarness({ failedAuthLimitPerMinute: 5, rateLimitClock: real });
    const { apiKey } = await h.newAccount();
    const from = (address: string, key: string | null) =>
      h!.app.request(
        "http://localhost/v2/shipments",
        { headers: key ? { authorization: `Token ${key}` } : {} },
        { incoming: { socket: { remoteAddress: address, remotePort: 40_000, remoteFamily: "IPv4" } } },
      );
    const guesser = "203.0.113.7";
    for (let i = 0; i < 4; i++) expect((await from(guesser, `trk_guess${i}`)).status).toBe(401);
    expect((await from(guesser, null)).status).toBe(401);
    const limited = await from(guesser, "trk_guess5");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = await limited.json();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ status: "429", code: "rate_limited", title: expect.any(String) });
    // Refused before its key is looked up: even a valid key from that address waits.
    expect((await from(guesser, apiKey)).status).toBe(429);
    // Another address is not held up by it.
    expect((await from("198.51.100.9", apiKey)).status).toBe(200);
    // Real time refills the address's allowance.
    real.advance(60_000);
    expect((await from(guesser, apiKey)).status).toBe(200);
  });

  it("refuses a suspended account's keys with a 403", async () => {
    h = await createHarness();
    const { apiKey, account } = await h.newAccount();
    await setSuspended(h.db, account.id, true, h.clock.now());
    const response = await h.request(apiKey, "/v2/shipments");
    expect(response.status).toBe(403);
    expect((await response.json()).errors[0]).toMatchObject({ status: "403", code: "account_suspended" });
  });

  it("answers an unknown /v2 path with a JSON:API 404", async () => {
    h = await createHarness();
    const { apiKey } = await h.newAccount();
    const response = await h.request(apiKey, "/v2/nothing/here");
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0]).toMatchObject({ status: "404", code: "route_not_found" });
  });

  it("answers a failure inside the service with a 500 that carries a request id and no internals", async () => {
    h = await createHarness();
    const { apiKey } = await h.newAccount();
    const { app, logs } = h;
    // Make every database call fail from now on.
    await h.close();
    h = undefined;
    const response = await app.request("http://localhost/v2/shipments/00000000-0000-4000-8000-000000000000", {
      headers: { authorization: `Token ${apiKey}` },
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text);
    const requestId = response.headers.get("x-request-id");
    expect(body.errors[0]).toMatchObject({
      status: "500",
      code: "internal_error",
      meta: { request_id: requestId },
    });
    expect(text).not.toMatch(/pglite|postgres|closed|stack|at .*\.ts/i);
    const logged = logs.map((line) => JSON.parse(line)).find((entry) => entry.requestId === requestId);
    expect(logged).toMatchObject({ level: "error", message: "request failed" });
  });
});
