// Service tests: authentication by API key in the Authorization header, and key revocation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeKey } from "../db/accounts";
import { createHarness, type Harness } from "../testing/service-harness";

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness();
  ({ apiKey: key } = await h.newAccount("Acme Imports"));
});
afterAll(() => h.close());

async function expectUnauthorized(response: Response, code: string) {
  expect(response.status).toBe(401);
  const body = await response.json();
  expect(body.errors[0]).toMatchObject({ status: "401", code, title: "Unauthorized" });
  expect(body.errors[0].detail).toEqual(expect.any(String));
}

describe("authentication", () => {
  it.each([
    ["Token", (k: string) => `Token ${k}`],
    ["Bearer", (k: string) => `Bearer ${k}`],
    ["bare key", (k: string) => k],
    ["lower-case scheme", (k: string) => `token ${k}`],
  ])("accepts the %s form", async (_name, header) => {
    const response = await h.request(null, "/v2/shipments", { headers: { authorization: header(key) } });
    expect(response.status).toBe(200);
  });

  it("refuses a request without a key", async () => {
    await expectUnauthorized(await h.request(null, "/v2/shipments"), "missing_api_key");
  });

  it("refuses a wrong key", async () => {
    await expectUnauthorized(await h.request(`${key}x`, "/v2/shipments"), "invalid_api_key");
    await expectUnauthorized(await h.request("Token", "/v2/shipments"), "invalid_api_key");
  });

  it("ignores keys in the query string and in cookies", async () => {
    await expectUnauthorized(
      await h.request(null, `/v2/shipments?api_key=${key}&token=${key}`),
      "missing_api_key",
    );
    await expectUnauthorized(
      await h.request(null, "/v2/shipments", { headers: { cookie: `api_key=${key}; token=${key}` } }),
      "missing_api_key",
    );
  });

  it("refuses a revoked key, while the account's other keys keep working", async () => {
    const { apiKey } = await h.newAccount("Revoked Co");
    expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
    expect(await revokeKey(h.db, apiKey, h.clock.now())).toBe(1);
    await expectUnauthorized(await h.request(apiKey, "/v2/shipments"), "invalid_api_key");
    expect((await h.request(key, "/v2/shipments")).status).toBe(200);
  });

  it("guards every /v2 route, including unknown ones", async () => {
    for (const path of [
      "/v2/containers",
      "/v2/shipping_lines",
      "/v2/ports/USLAX",
      "/v2/account",
      "/v2/nothing",
    ]) {
      expect((await h.request(null, path)).status, path).toBe(401);
    }
  });

  it("stores only a hash of the key", async () => {
    const rows = await h.db.query.apiKeys.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.keyHash).not.toContain(key);
      expect(row.prefix.length).toBeLessThan(key.length / 2);
    }
  });

  it("serves the OpenAPI document and its reference page without a key", async () => {
    const doc = await (await h.request(null, "/v2/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/v2/shipments/{id}/stop_tracking");
    const page = await h.request(null, "/v2/docs");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("/v2/shipments");
  });
});
