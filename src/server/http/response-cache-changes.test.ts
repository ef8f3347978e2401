// Service tests of answers kept in memory: the database's change log (migration 0010) drops exactly the answers a
// write makes stale, whoever writes, on PGlite and on PostgreSQL; a client reads its own API writes at once.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { billOfLadingPdf } from "../testing/document-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { ServiceMetrics } from "./metrics";

interface ListDocument {
  data: { id: string; attributes: { tags: string[] } }[];
  meta: { total: number };
}

describe("reads answered from memory", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ responseCache: true });
  });
  afterEach(async () => {
    await h.close();
  });

  const list = async (key: string) => (await (await h.request(key, "/v2/shipments")).json()) as ListDocument;
  const stats = () => h.responseCache!.stats();
  /** What the feed reads every few milliseconds, read now: every write committed so far is heard. */
  const catchUp = () => h.dataChanges!.poll();

  it("answers a list from memory until a write outside the API (the engine, another process) changes the account", async () => {
    const { account, apiKey } = await h.newAccount();
    expect((await list(apiKey)).meta.total).toBe(0);
    expect((await list(apiKey)).meta.total).toBe(0);
    expect(stats().hits).toBe(1);
    // Written straight to the database, as the tracking engine or another service process writes.
    await insertShipment(h.db, account.id);
    await catchUp();
    expect((await list(apiKey)).meta.total).toBe(1);
    expect(stats().hits).toBe(1);
  });

  it("reports the reads served from memory and those built afresh to the service's metrics", async () => {
    const { apiKey } = await h.newAccount();
    const metrics = new ServiceMetrics({ responseCache: () => h.responseCache!.stats() });
    const before = stats();
    await list(apiKey);
    await list(apiKey);
    await list(apiKey);
    const text = await metrics.text();
    expect(text).toContain(`boxtrack_response_cache_reads{result="hit"} ${before.hits + 2}`);
    expect(text).toContain(`boxtrack_response_cache_reads{result="miss"} ${before.misses + 1}`);
  });

  it("shows a client its own write through the API at once", async () => {
    const { account, apiKey } = await h.newAccount();
    const { shipment } = await insertShipment(h.db, account.id);
    await catchUp();
    expect((await list(apiKey)).data[0]!.attributes.tags).toEqual([]);
    await list(apiKey);
    const patched = await h.request(apiKey, `/v2/shipments/${shipment.id}`, {
      method: "PATCH",
      json: { data: { type: "shipment", attributes: { tags: ["urgent"] } } },
    });
    expect(patched.status).toBe(200);
    // No catching up: the API's own write dropped the account's answers.
    expect((await list(apiKey)).data[0]!.attributes.tags).toEqual(["urgent"]);
  });

  it("keeps an account's answers through its document uploads, which change nothing they show", async () => {
    const { account, apiKey } = await h.newAccount();
    await insertShipment(h.db, account.id);
    await catchUp();
    await list(apiKey);
    const before = stats();
    const form = new FormData();
    form.set(
      "file",
      new Blob([new Uint8Array(await billOfLadingPdf())], { type: "application/pdf" }),
      "bol.pdf",
    );
    const uploaded = await h.request(apiKey, "/v2/documents", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    await catchUp();
    expect((await list(apiKey)).meta.total).toBe(1);
    expect(stats().hits).toBe(before.hits + 1);
    // A write the lists show (a tracking request) drops them, as before.
    const requested = await h.request(apiKey, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU" },
        },
      },
    });
    expect(requested.status).toBe(201);
    await list(apiKey);
    expect(stats().misses).toBe(before.misses + 1);
  });

  it("keeps an account's answers when another account's data changes", async () => {
    const a = await h.newAccount();
    const b = await h.newAccount();
    await insertShipment(h.db, a.account.id);
    await catchUp();
    await list(a.apiKey);
    await list(b.apiKey);
    await insertShipment(h.db, b.account.id);
    await catchUp();
    expect((await list(b.apiKey)).meta.total).toBe(1);
    const hits = stats().hits;
    expect((await list(a.apiKey)).meta.total).toBe(1);
    expect(stats().hits).toBe(hits + 1);
  });

  it("drops every account's answers when vessels, which all accounts share, change", async () => {
    const { apiKey } = await h.newAccount();
    await list(apiKey);
    await list(apiKey);
    expect(stats()).toMatchObject({ hits: 1, misses: 1 });
    await h.db.execute(sql`insert into vessels (name, mmsi) values ('LOG TEST', '999999999')`);
    await catchUp();
    await list(apiKey);
    expect(stats()).toMatchObject({ hits: 1, misses: 2 });
  });
});
