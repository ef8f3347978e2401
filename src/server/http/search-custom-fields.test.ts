// Service tests of GET /v2/search over custom fields: a shipment, a container and a tracking request found by a
// short-text custom field's value, whole (ranked with whole numbers) or in part; never by an enum's value, and
// never by another account's values.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SearchDocument, searchDocumentSchema } from "../../api/search";
import { trackingRequests } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let otherKey: string;
let shipmentId: string;
let containerId: string;
let requestId: string;

async function define(entity_type: string, api_slug: string, data_type: string, as = key) {
  const response = await h.request(as, "/v2/custom_field_definitions", {
    method: "POST",
    json: {
      data: {
        type: "custom_field_definition",
        attributes: { display_name: api_slug, entity_type, api_slug, data_type },
      },
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).data.id as string;
}

async function set(path: string, api_slug: string, value: unknown, as = key) {
  const response = await h.request(as, `${path}/custom_fields`, {
    method: "POST",
    json: { data: { type: "custom_field", attributes: { api_slug, value } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function search(query: string, as = key): Promise<SearchDocument> {
  const response = await h.request(as, `/v2/search?query=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return searchDocumentSchema.parse(await response.json());
}
const hits = (doc: SearchDocument) => doc.data.map((r) => `${r.type}:${r.id}`);

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Field Search Co");
  key = mine.apiKey;
  const other = await h.newAccount("Other Field Search Co");
  otherKey = other.apiKey;
  const { shipment, containers } = await insertShipment(h.db, mine.account.id, {
    containerNumbers: ["MSKU7770015"],
  });
  shipmentId = shipment.id;
  containerId = containers[0]!.id;
  const [request] = await h.db
    .insert(trackingRequests)
    .values({
      accountId: mine.account.id,
      requestType: "booking_number",
      requestNumber: "BK1112223",
      normalizedNumber: "BK1112223",
      scac: "MAEU",
      status: "pending",
    })
    .returning();
  requestId = request!.id;
  await define("Shipment", "consignee_ref", "short_text");
  await define("Container", "seal_code", "short_text");
  await define("TrackingRequest", "desk", "short_text");
  const priority = await define("Shipment", "priority", "enum");
  await h.request(key, `/v2/custom_field_definitions/${priority}/options`, {
    method: "POST",
    json: { data: { type: "custom_field_option", attributes: { value: "walnut", label: "Walnut" } } },
  });
  await set(`/v2/shipments/${shipmentId}`, "consignee_ref", "Acme Walnut Imports");
  await set(`/v2/shipments/${shipmentId}`, "priority", "walnut");
  await set(`/v2/containers/${containerId}`, "seal_code", "SL-88417");
  await set(`/v2/tracking_requests/${requestId}`, "desk", "Rotterdam desk");
  // The other account holds the same words.
  await define("Shipment", "consignee_ref", "short_text", otherKey);
  const theirs = await insertShipment(h.db, other.account.id);
  await set(`/v2/shipments/${theirs.shipment.id}`, "consignee_ref", "Acme Walnut Imports", otherKey);
});
afterAll(() => h.close());

describe("GET /v2/search finds records by their short-text custom fields", () => {
  it("a shipment by a field's whole value, ranked as a whole match", async () => {
    const doc = await search("Acme Walnut Imports");
    expect(hits(doc)[0]).toBe(`shipment:${shipmentId}`);
    expect(hits(doc).filter((hit) => hit.startsWith("shipment:"))).toEqual([`shipment:${shipmentId}`]);
  });

  it("a shipment by part of a value, in any case", async () => {
    expect(hits(await search("walnut imp"))).toContain(`shipment:${shipmentId}`);
  });

  it("a container and a tracking request by theirs", async () => {
    expect(hits(await search("SL-88417"))).toContain(`cargo:${containerId}`);
    expect(hits(await search("88417"))).toContain(`cargo:${containerId}`);
    expect(hits(await search("rotterdam DESK"))).toContain(`tracking_request:${requestId}`);
  });

  it("not by an enum field's value, nor by another account's fields", async () => {
    const changed = await h.request(key, `/v2/shipments/${shipmentId}/custom_fields/consignee_ref`, {
      method: "PATCH",
      json: { data: { type: "custom_field", attributes: { value: "Beta Traders" } } },
    });
    expect(changed.status).toBe(200);
    expect(hits(await search("walnut"))).not.toContain(`shipment:${shipmentId}`);
    expect(hits(await search("Acme Walnut Imports"))).toEqual([]);
  });
});

describe("GET /v2/search kept in memory", () => {
  it("drops what it kept once another process writes a custom field value", async () => {
    const kept = await createHarness({ responseCache: true });
    try {
      const { account, apiKey } = await kept.newAccount("Kept Search Co");
      const { shipment } = await insertShipment(kept.db, account.id);
      const defined = await kept.request(apiKey, "/v2/custom_field_definitions", {
        method: "POST",
        json: {
          data: {
            type: "custom_field_definition",
            attributes: {
              display_name: "Ref",
              entity_type: "Shipment",
              api_slug: "ref",
              data_type: "short_text",
            },
          },
        },
      });
      const definitionId = (await defined.json()).data.id;
      const find = async () =>
        (await (await kept.request(apiKey, "/v2/search?query=Zebra%20Freight")).json()).data.map(
          (r: { type: string; id: string }) => `${r.type}:${r.id}`,
        );
      await kept.dataChanges!.poll();
      expect(await find()).toEqual([]);
      expect(await find()).toEqual([]);
      expect(kept.responseCache!.stats().hits).toBeGreaterThan(0);
      // Written straight to the database, as another service process (or the engine's carry-over) writes.
      await kept.db.execute(sql`insert into custom_field_values
        (account_id, definition_id, entity_type, entity_id, value, text_value)
        values (${account.id}, ${definitionId}, 'Shipment', ${shipment.id}, '"Zebra Freight"'::jsonb, 'Zebra Freight')`);
      await kept.dataChanges!.poll();
      expect(await find()).toContain(`shipment:${shipment.id}`);
    } finally {
      await kept.close();
    }
  });
});
