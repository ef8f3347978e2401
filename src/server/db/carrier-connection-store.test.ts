// Tests of the store the DCSA adapter reads carrier connections through: secrets opened with the key; a secret that
// cannot be opened fails loudly and marks the connection, never reads as "no connection"; an account's connections
// are read once per batch of lookups, and an edit is seen after `forget` or the cache's time.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealSecret } from "../secrets";
import { createHarness, type Harness } from "../testing/service-harness";
import type { CarrierConnectionStore } from "../tracking/dcsa/connection";
import { DbCarrierConnectionStore, UnreadableConnectionError } from "./carrier-connection-store";
import {
  createCarrierConnection,
  getCarrierConnection,
  updateCarrierConnection,
} from "./carrier-connections";
import type { Db } from "./connection";

const KEY = randomBytes(32);
let h: Harness;
let accountId: string;

const values = (scac: string, sealed: string | null) => ({
  scac,
  name: null,
  baseUrl: `https://${scac.toLowerCase()}.example/tnt`,
  apiVersion: "2.2",
  authType: sealed ? "api_key" : "none",
  apiKeyHeader: sealed ? "X-API-Key" : null,
  apiKeySealed: sealed,
  oauthTokenUrl: null,
  oauthClientId: null,
  oauthClientSecretSealed: null,
  oauthScope: null,
  internal: false,
  pushEnabled: true,
});

async function connect(account: string, scac: string, sealed: string | null) {
  const row = await createCarrierConnection(h.db, account, values(scac, sealed), h.clock.now());
  if ("refused" in row) throw new Error("refused");
  return row;
}

/** The same database, counting the reads made through it. */
function counting(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "select") reads += 1;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, reads: () => reads };
}

beforeAll(async () => {
  h = await createHarness();
  accountId = (await h.newAccount("Store")).account.id;
});
afterAll(() => h.close());

describe("DbCarrierConnectionStore", () => {
  it("is the CarrierConnectionStore the adapter reads, with secrets opened", async () => {
    const row = await connect(accountId, "MAEU", sealSecret("the-key", KEY));
    const store: CarrierConnectionStore = new DbCarrierConnectionStore(h.db, KEY);
    expect(await store.forScac(accountId, "MAEU")).toEqual({
      id: row.id,
      accountId,
      scac: "MAEU",
      baseUrl: "https://maeu.example/tnt",
      auth: { type: "api_key", header: "X-API-Key", value: "the-key" },
      internal: false,
      pushEnabled: true,
    });
    expect(await store.byId({ accountId, id: row.id })).toMatchObject({ id: row.id, scac: "MAEU" });
    // A line without a connection is the sandbox's; an unknown id is no connection.
    expect(await store.forScac(accountId, "MSCU")).toBeNull();
    expect(await store.byId({ accountId, id: "00000000-0000-0000-0000-000000000000" })).toBeNull();
    expect(await store.byId({ accountId, id: "not-an-id" })).toBeNull();
    // Another account's lookup of the same line, or of the connection by its id, finds nothing.
    const other = (await h.newAccount()).account.id;
    expect(await store.forScac(other, "MAEU")).toBeNull();
    expect(await store.byId({ accountId: other, id: row.id })).toBeNull();
  });

  it("fails a connection whose secret cannot be opened, and records why on it", async () => {
    const row = await connect(accountId, "HLCU", sealSecret("sealed-under-an-old-key", randomBytes(32)));
    const store = new DbCarrierConnectionStore(h.db, KEY, { now: () => Date.parse("2026-11-20T13:00:00Z") });
    const failure = await store.forScac(accountId, "HLCU").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UnreadableConnectionError);
    expect((failure as Error).message).toMatch(/SECRETS_KEY changed/);
    expect((failure as Error).message).not.toContain("sealed-under-an-old-key");
    const marked = await getCarrierConnection(h.db, accountId, row.id);
    expect(marked).toMatchObject({ status: "error", checkedAt: new Date("2026-11-20T13:00:00Z") });
    expect(marked?.statusDetail).toMatch(/SECRETS_KEY changed/);
    await expect(store.byId({ accountId, id: row.id })).rejects.toBeInstanceOf(UnreadableConnectionError);

    // Without any key, the detail says the service now runs without one.
    const keyless = new DbCarrierConnectionStore(h.db, undefined);
    await expect(keyless.forScac(accountId, "MAEU")).rejects.toThrow(/runs without SECRETS_KEY/);
  });

  it("reads an account's connections once for a batch of 200 lookups, and sees an edit after forget()", async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(async () => (await h.newAccount()).account.id));
    const rows = await Promise.all(accounts.map((a) => connect(a, "ONEY", null)));
    let now = 0;
    const { db, reads } = counting(h.db);
    const store = new DbCarrierConnectionStore(db, KEY, { cacheMs: 2_000, now: () => now });
    const lookups = Array.from({ length: 200 }, (_, i) => ({
      account: accounts[i % accounts.length]!,
      scac: i % 3 === 0 ? "ONEY" : "MSCU",
    }));
    const found = [];
    for (const { account, scac } of lookups) found.push(await store.forScac(account, scac));
    expect(found.filter((c) => c !== null)).toHaveLength(67);
    expect(reads()).toBe(accounts.length);

    // An edit made elsewhere shows once the time is up, or at once after forget().
    const changed = { ...values("ONEY", null), baseUrl: "https://moved.example", resetStatus: true };
    await updateCarrierConnection(h.db, accounts[0]!, rows[0]!.id, changed, h.clock.now());
    now = 1_000;
    expect((await store.forScac(accounts[0]!, "ONEY"))?.baseUrl).toBe("https://oney.example/tnt");
    store.forget(accounts[0]!);
    expect((await store.forScac(accounts[0]!, "ONEY"))?.baseUrl).toBe("https://moved.example");
    await updateCarrierConnection(h.db, accounts[1]!, rows[1]!.id, changed, h.clock.now());
    now = 2_000;
    expect((await store.forScac(accounts[1]!, "ONEY"))?.baseUrl).toBe("https://moved.example");
  });
});
