// Service tests: rate limiting, suspended accounts, unknown routes, and 500s that reveal nothing internal.
import { afterEach, describe, expect, it } from "vitest";
import { setSuspended } from "../db/accounts";
import { createHarness, type Harness } from "../testing/service-harness";

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
