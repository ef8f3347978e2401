// Service tests of GET /v2/search: every kind found by each of its numbers (whole, normalized, in part), whole
// matches before partial ones, kinds in the contract's order, the 25-result cap, tracking requests that became a
// found shipment left out, another account's data never found, the 400s that name `query`, and answers that the
// hosted API's own /search schema accepts.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SEARCH_LIMIT,
  SEARCH_QUERY_MAX,
  SEARCH_RESULT_TYPES,
  type SearchDocument,
  searchDocumentSchema,
} from "../../api/search";
import { portId } from "../db/reference-data";
import { rawEvents, shipments, trackingRequests } from "../db/schema";
import { createHarness, type Harness, insertShipment, TEST_NOW } from "../testing/service-harness";
import { insertVessel } from "../testing/vessel-fixtures";
import hostedSearch from "./fixtures/hosted-search-schema.json" with { type: "json" };

let h: Harness;
let key: string;
let otherKey: string;
let accountId: string;
/** Shipment "one": bill of lading MAEU555000111, reference PO-4471, booked as BK7730001, two containers. */
let one: Awaited<ReturnType<typeof insertShipment>>;
/** Shipment "two": a bill of lading that holds one's, and a reference that holds one's first container number. */
let two: Awaited<ReturnType<typeof insertShipment>>;
let pendingId: string;
let duplicateId: string;
let vessel: Awaited<ReturnType<typeof insertVessel>>;
let unseenVessel: Awaited<ReturnType<typeof insertVessel>>;
let theirs: Awaited<ReturnType<typeof insertShipment>>;

const minutesAgo = (minutes: number) => new Date(Date.parse(TEST_NOW) - minutes * 60_000);

async function search(query: string, as = key): Promise<SearchDocument> {
  const response = await h.request(as, `/v2/search?query=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  return searchDocumentSchema.parse(await response.json());
}

const found = (doc: SearchDocument) => doc.data.map((r) => `${r.type}:${r.attributes.number}`);
const ids = (doc: SearchDocument) => doc.data.map((r) => r.id);

async function touch(table: typeof shipments | typeof trackingRequests, id: string, at: Date) {
  await h.db.update(table).set({ updatedAt: at }).where(eq(table.id, id));
}

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Search Co");
  const other = await h.newAccount("Other Search Co");
  key = mine.apiKey;
  otherKey = other.apiKey;
  accountId = mine.account.id;

  one = await insertShipment(h.db, accountId, {
    billOfLading: "MAEU555000111",
    refNumbers: ["PO-4471"],
    containerNumbers: ["MSKU5550011", "MSKU5550012"],
  });
  two = await insertShipment(h.db, accountId, {
    billOfLading: "MAEU5550001119",
    refNumbers: ["MSKU5550011-B"],
    containerNumbers: ["TGHU5550021"],
  });
  // Two is the more recently updated: only whole matches put one before it.
  await touch(shipments, one.shipment.id, minutesAgo(60));
  await touch(shipments, two.shipment.id, minutesAgo(5));
  const [booking] = await h.db
    .insert(trackingRequests)
    .values({
      accountId,
      requestType: "booking_number",
      requestNumber: "BK7730001",
      normalizedNumber: "BK7730001",
      scac: "MAEU",
      status: "created",
      shipmentId: one.shipment.id,
    })
    .returning();
  const [duplicate] = await h.db
    .insert(trackingRequests)
    .values({
      accountId,
      requestType: "bill_of_lading",
      requestNumber: "MAEU555000111",
      normalizedNumber: "MAEU555000111",
      scac: "MAEU",
      status: "failed",
      failedReason: "duplicate",
      shipmentId: one.shipment.id,
    })
    .returning();
  duplicateId = duplicate!.id;
  expect(booking).toBeDefined();
  const [pending] = await h.db
    .insert(trackingRequests)
    .values({
      accountId,
      requestType: "bill_of_lading",
      requestNumber: "HLCU-HAM-2406123",
      normalizedNumber: "HLCUHAM2406123",
      scac: "HLCU",
      refNumbers: ["REF-555000"],
      status: "pending",
    })
    .returning();
  pendingId = pending!.id;

  // A vessel that carried one's container, and one that carried nothing of this account.
  vessel = await insertVessel(h.db, "SEARCHLIGHT EXPRESS");
  unseenVessel = await insertVessel(h.db, "SEARCHLIGHT STRANGER");
  await h.db.insert(rawEvents).values({
    accountId,
    containerId: one.containers[0]!.id,
    event: "container.transport.vessel_loaded",
    index: 0,
    originalEvent: "Loaded on vessel",
    timestamp: minutesAgo(10_000),
    estimated: false,
    vesselId: vessel.id,
  });

  // Another account's shipment whose numbers hold this account's terms.
  theirs = await insertShipment(h.db, other.account.id, {
    billOfLading: "MAEU555000777",
    refNumbers: ["PO-4471"],
    containerNumbers: ["MSKU5550019"],
  });
});

afterAll(async () => {
  await h?.close();
});

describe("GET /v2/search finds each kind by each of its numbers", () => {
  it("a shipment by its bill of lading, whole and normalized, by its booking and its reference numbers", async () => {
    for (const query of ["MAEU555000111", "maeu 555-000-111", "BK7730001", "bk-773 0001", "PO-4471"]) {
      const doc = await search(query);
      const first = doc.data[0]!;
      expect(first, query).toMatchObject({ id: one.shipment.id, type: "shipment" });
      expect(first.attributes).toMatchObject({
        entity_type: "shipment",
        number: "MAEU555000111",
        name: null,
        shipment_id: null,
        scac: "MAEU",
        port_of_lading_name: "Shanghai",
        port_of_discharge_name: "Los Angeles",
        containers_count: 2,
        tracking_stopped: false,
        ref_numbers: ["PO-4471"],
      });
      expect(first.links.self).toBe(`/v2/shipments/${one.shipment.id}`);
    }
  });

  it("a shipment by part of a number", async () => {
    expect(ids(await search("55000111"))).toContain(one.shipment.id);
    expect(ids(await search("4471"))).toContain(one.shipment.id);
  });

  it("a container by its number, whole, normalized or in part, and by its shipment's numbers", async () => {
    const container = one.containers[0]!;
    for (const query of ["MSKU5550011", "msku 555 0011"]) {
      const first = (await search(query)).data[0]!;
      expect(first, query).toMatchObject({ id: container.id, type: "cargo" });
      expect(first.attributes).toMatchObject({
        entity_type: "cargo",
        number: "MSKU5550011",
        shipment_id: one.shipment.id,
        scac: "MAEU",
        status: "available",
        port_of_discharge_name: "Los Angeles",
      });
      expect(first.links.self).toBe(`/v2/containers/${container.id}`);
    }
    expect(ids(await search("U555001"))).toEqual(expect.arrayContaining(one.containers.map((c) => c.id)));
    for (const query of ["MAEU555000111", "BK7730001", "PO-4471"]) {
      expect(ids(await search(query)), query).toEqual(
        expect.arrayContaining(one.containers.map((c) => c.id)),
      );
    }
  });

  it("a tracking request by its number, whole, normalized or in part, and by its reference numbers", async () => {
    for (const query of [
      "HLCU-HAM-2406123",
      "HLCUHAM2406123",
      "hlcu ham 2406123",
      "HAM-2406",
      "REF-555000",
    ]) {
      const doc = await search(query);
      const request = doc.data.find((r) => r.id === pendingId);
      expect(request, query).toBeDefined();
      expect(request!.attributes).toMatchObject({
        entity_type: "tracking_request",
        number: "HLCU-HAM-2406123",
        shipment_id: null,
        scac: "HLCU",
        status: "pending",
        failed_reason: null,
        ref_numbers: ["REF-555000"],
      });
      expect(request!.links.self).toBe(`/v2/tracking_requests/${pendingId}`);
    }
  });

  it("a vessel that carried the account's containers by name or IMO number, not one that carried none", async () => {
    for (const query of ["searchlight express", "LIGHT EXP", vessel.imo!]) {
      const doc = await search(query);
      expect(doc.data[0], query).toMatchObject({ id: vessel.id, type: "vessel" });
      expect(doc.data[0]!.attributes).toMatchObject({
        entity_type: "vessel",
        number: vessel.imo,
        name: "SEARCHLIGHT EXPRESS",
        created_at: null,
      });
      expect(doc.data[0]!.links.self).toBe(`/v2/vessels/${vessel.id}`);
    }
    expect(ids(await search("SEARCHLIGHT"))).not.toContain(unseenVessel.id);
    expect(ids(await search(unseenVessel.imo!))).toEqual([]);
  });

  it("a port by name or UN/LOCODE, the account's ports before the others", async () => {
    for (const query of ["Los Angeles", "uslax", "angeles"]) {
      const port = (await search(query)).data.find((r) => r.type === "port");
      expect(port, query).toMatchObject({ id: portId("USLAX"), type: "port" });
      expect(port!.attributes).toMatchObject({ number: "USLAX", name: "Los Angeles", entity_type: "port" });
      expect(port!.links.self).toBe(`/v2/ports/${portId("USLAX")}`);
    }
    // "Shan" names Shanghai (where this account's shipments load) and others it has nothing at, alphabetically
    // before it; a two-letter term finds ports by name too.
    for (const query of ["shan", "sh"]) {
      const ports = (await search(query)).data.filter((r) => r.type === "port");
      expect(ports.length, query).toBeGreaterThan(1);
      expect(ports[0]!.attributes.name, query).toBe("Shanghai");
    }
  });
});

describe("GET /v2/search ranks", () => {
  it("whole matches before partial ones, whatever the kind", async () => {
    // Two is the more recently updated, but one's bill of lading is the whole term.
    expect(ids(await search("MAEU555000111")).slice(0, 2)).toEqual([one.shipment.id, two.shipment.id]);
    // The container numbered so comes before the shipment whose reference only holds it.
    const doc = await search("MSKU5550011");
    expect(found(doc).slice(0, 2)).toEqual(["cargo:MSKU5550011", "shipment:MAEU5550001119"]);
  });

  it("kinds in the contract's order, the most recently updated first within one", async () => {
    const doc = await search("5550");
    const kinds = doc.data.map((r) => SEARCH_RESULT_TYPES.indexOf(r.type));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(new Set(doc.data.map((r) => r.type))).toEqual(new Set(["shipment", "cargo", "tracking_request"]));
    expect(ids(doc).slice(0, 2)).toEqual([two.shipment.id, one.shipment.id]);
    expect(doc.meta).toEqual({ query: "5550", size: doc.data.length });
  });

  it("a tracking request is left out when the shipment it became is found", async () => {
    const doc = await search("MAEU555000111");
    expect(ids(doc)).not.toContain(duplicateId);
    expect(doc.data.some((r) => r.type === "tracking_request")).toBe(false);
    expect(ids(await search("BK7730001")).filter((id) => id === one.shipment.id)).toHaveLength(1);
  });

  it(`gives ${SEARCH_LIMIT} results at most`, async () => {
    const many = await h.newAccount("Many Co");
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) {
      await insertShipment(h.db, many.account.id, {
        billOfLading: `MAEU77100${String(i).padStart(4, "0")}`,
        containerNumbers: [`CAIU${String(7_710_000 + i)}`],
      });
    }
    const doc = await search("MAEU77100", many.apiKey);
    expect(doc.data).toHaveLength(SEARCH_LIMIT);
    expect(doc.meta.size).toBe(SEARCH_LIMIT);
    expect(doc.data.every((r) => r.type === "shipment")).toBe(true);
  });
});

describe("GET /v2/search is scoped to the account", () => {
  it("never finds another account's shipments, containers or requests", async () => {
    for (const query of ["MAEU555000777", "MSKU5550019", "555000777"]) {
      expect(found(await search(query)), query).toEqual([]);
    }
    expect(ids(await search("PO-4471"))).not.toContain(theirs.shipment.id);
    // And the other account finds only its own.
    const doc = await search("PO-4471", otherKey);
    expect(ids(doc)).toEqual([theirs.shipment.id, theirs.containers[0]!.id]);
    // Nor the vessels that carried only the other account's containers.
    expect(ids(await search("SEARCHLIGHT", otherKey))).toEqual([]);
  });

  it("refuses a request without a key", async () => {
    expect((await h.request(null, "/v2/search?query=MSKU5550011")).status).toBe(401);
  });
});

describe("GET /v2/search refuses a bad query with a 400 naming it", () => {
  const cases: [string, string][] = [
    ["missing", "/v2/search"],
    ["empty", "/v2/search?query="],
    ["blank", "/v2/search?query=%20%20%20"],
    ["one character", "/v2/search?query=%20M%20"],
    // One character outside the Basic Multilingual Plane: two UTF-16 units, one character to the document.
    ["one astral character", "/v2/search?query=%F0%90%80%80"],
    ["too long", `/v2/search?query=${"M".repeat(SEARCH_QUERY_MAX + 1)}`],
  ];
  for (const [what, path] of cases) {
    it(what, async () => {
      const response = await h.request(key, path);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { code: string; detail: string; source: unknown }[] };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatchObject({
        status: "400",
        code: "invalid_parameter",
        source: { parameter: "query" },
      });
      expect(body.errors[0]!.detail).toMatch(/^query /);
    });
  }

  it("accepts the longest query", async () => {
    expect((await h.request(key, `/v2/search?query=${"M".repeat(SEARCH_QUERY_MAX)}`)).status).toBe(200);
  });
});

describe("GET /v2/search answers as the hosted API does", () => {
  it("validates against the hosted /search schema", async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(hostedSearch.schema);
    for (const query of ["5550", "MAEU555000111", "HLCU-HAM-2406123"]) {
      const response = await h.request(key, `/v2/search?query=${query}`);
      const body = await response.json();
      // Only the hosted kinds (vessels and ports are ours): these terms name none.
      expect(new Set((body as SearchDocument).data.map((r) => r.type)).size).toBeGreaterThan(0);
      expect(validate(body), `${query}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    // A wrong answer is caught: the check can fail.
    expect(validate({ data: [{ id: "x", type: "vessel", attributes: {} }] })).toBe(false);
  });

  it("is documented in /v2/openapi.json", async () => {
    const doc = (await (await h.request(null, "/v2/openapi.json")).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; required?: boolean }[] } }>;
    };
    const operation = doc.paths["/v2/search"]?.get;
    expect(operation?.parameters).toEqual([expect.objectContaining({ name: "query", required: true })]);
  });
});
