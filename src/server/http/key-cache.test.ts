// Tests of the API key cache: one lookup per key while fresh, a revocation seen once the entry expires, failed
// lookups not remembered, and the service answering from it.
import { describe, expect, it } from "vitest";
import type { KeyPrincipal as Principal } from "../db/accounts";
import { revokeKey } from "../db/accounts";
import { createHarness } from "../testing/service-harness";
import { KeyCache } from "./key-cache";

const principal = { keyId: "k", userId: null, account: { id: "a" } } as unknown as Principal;

describe("the key cache", () => {
  it("looks a key up once while the answer is fresh, again once it has expired", async () => {
    let now = 0;
    const cache = new KeyCache(5_000, () => now);
    let lookups = 0;
    const load = async () => {
      lookups++;
      return principal;
    };
    expect(await cache.get("h", load)).toBe(principal);
    expect(await Promise.all([cache.get("h", load), cache.get("h", load)])).toEqual([principal, principal]);
    expect(lookups).toBe(1);
    now = 5_001;
    await cache.get("h", load);
    expect(lookups).toBe(2);
  });

  it("does not remember a lookup that failed", async () => {
    const cache = new KeyCache(5_000, () => 0);
    await expect(cache.get("h", () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(await cache.get("h", async () => principal)).toBe(principal);
  });

  it("with no time to live, looks every key up", async () => {
    const cache = new KeyCache(0);
    let lookups = 0;
    for (let i = 0; i < 3; i++)
      await cache.get("h", async () => {
        lookups++;
        return undefined;
      });
    expect(lookups).toBe(3);
  });

  it("lets the service refuse a revoked key once the cached answer has expired", async () => {
    const h = await createHarness({ apiKeyCacheMs: 60_000 });
    try {
      const { apiKey } = await h.newAccount();
      expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
      await revokeKey(h.db, apiKey, h.clock.now());
      // Still remembered: the README promises refusal within the time to live, not at once.
      expect((await h.request(apiKey, "/v2/shipments")).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
