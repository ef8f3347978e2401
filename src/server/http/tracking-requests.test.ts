// Service tests: creating tracking requests (validation, duplicates, the create limit), listing and searching
// them, reading one with its shipment, editing, and account isolation.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingRequestSchema } from "../../api/tracking-requests";
import { accountEvents, trackingRequests } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { sandboxNumber } from "../tracking/sandbox/network";
import { CREATE_LIMIT_DETAIL } from "./tracking-requests/routes";

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;
let otherAccountId: string;

beforeAll(async () => {
  h = await createHarness();
  const own = await h.newAccount("Tracking Requests Co");
  key = own.apiKey;
  accountId = own.account.id;
  const other = await h.newAccount("Other Co");
  otherKey = other.apiKey;
  otherAccountId = other.account.id;
});
afterAll(() => h.close());

type Attributes = Record<string, unknown>;
interface ErrorBody {
  status: string;
  code: string;
  title: string;
  detail: string;
  source: { pointer?: string; parameter?: string } | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let serial = 0;
/** A bill of lading number no other test uses. */
const newNumber = (prefix = "MAEU") => `${prefix}${String(700_000_000 + ++serial)}`;

const post = (attributes: Attributes, apiKey = key) =>
  h.request(apiKey, "/v2/tracking_requests", {
    method: "POST",
    json: { data: { type: "tracking_request", attributes } },
  });
const get = (path: string, apiKey = key) => h.request(apiKey, path);
const patch = (path: string, json: unknown, apiKey = key) =>
  h.request(apiKey, path, { method: "PATCH", json });

async function create(attributes: Attributes, apiKey = key) {
  const response = await post({ request_type: "bill_of_lading", scac: "MAEU", ...attributes }, apiKey);
  expect(response.status, JSON.stringify(attributes)).toBe(201);
  return trackingRequestSchema.parse((await response.json()).data);
}

async function row(id: string) {
  const [found] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, id));
  return found!;
}

/** Marks a request as the engine would once it has created (or found stopped) its shipment. */
async function settle(id: string, status: string, shipmentId: string | null) {
  await h.db
    .update(trackingRequests)
    .set({ status, shipmentId, nextAttemptAt: null })
    .where(eq(trackingRequests.id, id));
}

const eventsAbout = (id: string) =>
  h.db
    .select()
    .from(accountEvents)
    .where(and(eq(accountEvents.referenceType, "tracking_request"), eq(accountEvents.referenceId, id)));

describe("POST /v2/tracking_requests: relationships.customer", () => {
  const withCustomer = (number: string, customer: unknown, apiKey = key) =>
    h.request(apiKey, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: number, scac: "MAEU" },
          relationships: { customer },
        },
      },
    });
  const partyOf = async (name: string, apiKey = key) => {
    const response = await h.request(apiKey, "/v2/parties", {
      method: "POST",
      json: { data: { type: "party", attributes: { company_name: name } } },
    });
    expect(response.status).toBe(201);
    return (await response.json()).data.id as string;
  };

  it("carries the hosted API's party to the shipment the request becomes", async () => {
    const party = await partyOf("Customer Via Request Co");
    const number = sandboxNumber("MAEU", 9_101);
    const response = await withCustomer(number, { data: { id: party, type: "party" } });
    expect(response.status).toBe(201);
    const id = (await response.json()).data.id as string;
    expect((await row(id)).customerId).toBe(party);
    await h.service.engine.runUntilIdle();
    const shipmentId = (await row(id)).shipmentId;
    expect(shipmentId).not.toBeNull();
    const shipment = (await (await get(`/v2/shipments/${shipmentId}`)).json()).data;
    expect(shipment.attributes.customer_name).toBe("Customer Via Request Co");
    expect(shipment.relationships.customer.data).toEqual({ id: party, type: "party" });
  });

  it("refuses a party that is not the account's, or not a party, with a 422 at the relationship, storing nothing", async () => {
    const theirs = await partyOf("Their Customer Co", otherKey);
    const before = (await h.db.select().from(trackingRequests)).length;
    const cases: [unknown, string][] = [
      [{ data: { id: theirs, type: "party" } }, "/data/relationships/customer/data/id"],
      [
        { data: { id: "00000000-0000-4000-8000-000000000000", type: "party" } },
        "/data/relationships/customer/data/id",
      ],
      [{ data: { id: "not-a-uuid", type: "party" } }, "/data/relationships/customer/data/id"],
      [{ data: { id: theirs, type: "account" } }, "/data/relationships/customer/data/type"],
    ];
    for (const [customer, pointer] of cases) {
      const response = await withCustomer(newNumber(), customer);
      expect(response.status, JSON.stringify(customer)).toBe(422);
      expect((await response.json()).errors[0].source.pointer).toBe(pointer);
    }
    expect((await h.db.select().from(trackingRequests)).length).toBe(before);
    // `data: null` names no customer.
    expect((await withCustomer(newNumber(), { data: null })).status).toBe(201);
  });
});

describe("POST /v2/tracking_requests", () => {
  it("stores a pending request, due for the engine now, and answers 201 with it", async () => {
    const number = newNumber();
    const response = await post({
      request_type: "bill_of_lading",
      request_number: `  ${number.toLowerCase()} `,
      scac: "maeu",
      ref_numbers: [" PO-1 ", "SO-2"],
      shipment_tags: ["urgent"],
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    const request = trackingRequestSchema.parse(body.data);
    expect(request.attributes).toEqual({
      request_number: number,
      request_type: "bill_of_lading",
      scac: "MAEU",
      ref_numbers: ["PO-1", "SO-2"],
      tags: ["urgent"],
      status: "pending",
      failed_reason: null,
      is_retrying: false,
      retry_count: 0,
      created_at: h.clock.now().toISOString(),
      updated_at: h.clock.now().toISOString(),
    });
    expect(request.relationships).toEqual({
      tracked_object: { data: null },
      customer: { data: { id: accountId, type: "account" } },
    });
    expect(request.links.self).toBe(`/v2/tracking_requests/${request.id}`);
    expect(body.links.self).toBe(`/v2/tracking_requests/${request.id}`);
    expect(body.included).toBeUndefined();

    const stored = await row(request.id);
    expect(stored).toMatchObject({ accountId, normalizedNumber: number, status: "pending" });
    expect(stored.nextAttemptAt).toEqual(h.clock.now());
    // The engine announces the outcome later; creating announces nothing.
    expect(await eventsAbout(request.id)).toEqual([]);
  });

  it("stores the line's main SCAC when given an alternative one, and normalizes the number", async () => {
    const request = await create({ request_number: "medu-fr 030802", scac: "MEDU" });
    expect(request.attributes).toMatchObject({ scac: "MSCU", request_number: "MEDU-FR 030802" });
    expect((await row(request.id)).normalizedNumber).toBe("MEDUFR030802");
  });

  it("accepts the sandbox line TEST, a container number with spaces, and the JSON:API media type", async () => {
    expect((await create({ request_number: newNumber("TEST"), scac: "TEST" })).attributes.scac).toBe("TEST");
    const container = await create({ request_type: "container", request_number: "mscu 123456-6" });
    expect((await row(container.id)).normalizedNumber).toBe("MSCU1234566");
    const response = await h.request(key, "/v2/tracking_requests", {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: {
          type: "tracking_request",
          attributes: { request_type: "booking_number", request_number: newNumber("BK"), scac: "HLCU" },
        },
      }),
    });
    expect(response.status).toBe(201);
  });

  const cases: [string, Attributes, string, string, string | RegExp][] = [
    ["scac missing", { scac: undefined }, "/data/attributes/scac", "blank", "Scac can't be blank"],
    ["scac empty", { scac: "  " }, "/data/attributes/scac", "blank", "Scac can't be blank"],
    ["scac not text", { scac: 42 }, "/data/attributes/scac", "invalid", "Scac must be a string"],
    ["scac unknown", { scac: "XXXX" }, "/data/attributes/scac", "invalid", /^Scac 'XXXX' is not recognized/],
    [
      "a line tracked by nothing",
      { scac: "WDSB" },
      "/data/attributes/scac",
      "not_supported",
      "Scac 'WDSB' is not supported. We do not currently integrate with World Direct Shipping",
    ],
    [
      "request_number missing",
      { request_number: undefined },
      "/data/attributes/request_number",
      "blank",
      "Request number can't be blank",
    ],
    [
      "request_number empty",
      { request_number: "" },
      "/data/attributes/request_number",
      "blank",
      "Request number can't be blank",
    ],
    [
      "request_number not text",
      { request_number: 123456789 },
      "/data/attributes/request_number",
      "invalid",
      "Request number must be a string",
    ],
    [
      "request_number too short",
      { request_number: "A-B C" },
      "/data/attributes/request_number",
      "invalid",
      "Request number 'A-B C' is not valid: without spaces and dashes it must be 4 to 40 letters and digits",
    ],
    [
      "request_number too long",
      { request_number: "A".repeat(41) },
      "/data/attributes/request_number",
      "invalid",
      /4 to 40 letters and digits/,
    ],
    [
      "request_number with other characters",
      { request_number: "NOT-A-NUMBER!?#" },
      "/data/attributes/request_number",
      "invalid",
      /^Request number 'NOT-A-NUMBER!\?#' is not valid/,
    ],
    [
      "a container number with a wrong check digit",
      { request_type: "container", request_number: "MSCU1234560" },
      "/data/attributes/request_number",
      "invalid",
      "Request number 'MSCU1234560' is not a valid container number: its check digit (the last digit, 0) does not match the rest of the number; check it for a typo",
    ],
    [
      "a malformed container number",
      { request_type: "container", request_number: "MSCU12345" },
      "/data/attributes/request_number",
      "invalid",
      /^Request number 'MSCU12345' is not a valid container number: it must be 4 letters/,
    ],
    [
      "request_type missing",
      { request_type: undefined },
      "/data/attributes/request_type",
      "blank",
      "Request type can't be blank",
    ],
    [
      "request_type unknown",
      { request_type: "truck" },
      "/data/attributes/request_type",
      "invalid",
      "Request type 'truck' is not one of bill_of_lading, booking_number, container",
    ],
    [
      "a request type with spaces around it",
      { request_type: " bill_of_lading " },
      "/data/attributes/request_type",
      "invalid",
      "Request type ' bill_of_lading ' is not one of bill_of_lading, booking_number, container",
    ],
    [
      "a request type the line does not support",
      { request_type: "container", request_number: "TSTU0000014", scac: "TEST" },
      "/data/attributes/request_type",
      "not_supported",
      "T49 Test Carrier (TEST) cannot be tracked by container number; use bill_of_lading or booking_number",
    ],
    [
      "bills of lading at a line tracked by booking only",
      { scac: "TRBR" },
      "/data/attributes/request_type",
      "not_supported",
      /^Trailer Bridge \(TRBR\) cannot be tracked by bill of lading number; use booking_number$/,
    ],
    [
      "ref_numbers not a list",
      { ref_numbers: "PO-1" },
      "/data/attributes/ref_numbers",
      "invalid",
      "ref_numbers must be an array of strings",
    ],
    [
      "an empty reference number",
      { ref_numbers: ["PO-1", " "] },
      "/data/attributes/ref_numbers/1",
      "invalid",
      /cannot be empty/,
    ],
    [
      "a reference number that is not text",
      { ref_numbers: [7] },
      "/data/attributes/ref_numbers/0",
      "invalid",
      /must be a string/,
    ],
    [
      "a reference number too long",
      { ref_numbers: ["x".repeat(101)] },
      "/data/attributes/ref_numbers/0",
      "invalid",
      /at most 100 characters/,
    ],
    [
      "too many reference numbers",
      { ref_numbers: Array.from({ length: 51 }, (_, i) => `PO-${i}`) },
      "/data/attributes/ref_numbers",
      "invalid",
      /at most 50/,
    ],
    [
      "an empty tag",
      { shipment_tags: [""] },
      "/data/attributes/shipment_tags/0",
      "invalid",
      /cannot be empty/,
    ],
    [
      "repeated tags",
      { shipment_tags: ["a", "a"] },
      "/data/attributes/shipment_tags",
      "invalid",
      /must be unique/,
    ],
    [
      "a read-only attribute",
      { status: "created" },
      "/data/attributes/status",
      "read_only",
      "status is set by the service and cannot be written.",
    ],
    [
      "an unknown attribute",
      { colour: "red" },
      "/data/attributes/colour",
      "unknown_attribute",
      "colour is not an attribute of a new tracking request.",
    ],
    [
      "line detection",
      { auto_detect_vocc_scac: true },
      "/data/attributes/auto_detect_vocc_scac",
      "not_supported",
      /not supported; give the line's scac/,
    ],
  ];

  it.each(cases)("refuses %s with a 422 pointing at it", async (_, change, pointer, code, detail) => {
    const number = newNumber();
    const response = await post({
      request_type: "bill_of_lading",
      request_number: number,
      scac: "MAEU",
      ...change,
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: ErrorBody[] };
    expect(body.errors).toHaveLength(1);
    const [error] = body.errors;
    expect(error).toMatchObject({ status: "422", title: "Unprocessable Entity", code, source: { pointer } });
    expect(error!.detail).toMatch(
      typeof detail === "string" ? new RegExp(`^${escapeRegExp(detail)}$`) : detail,
    );
    const stored = await h.db
      .select()
      .from(trackingRequests)
      .where(eq(trackingRequests.normalizedNumber, number));
    expect(stored).toEqual([]);
  });

  it("accepts auto_detect_vocc_scac false, as clients of the hosted API send it", async () => {
    await create({ request_number: newNumber(), auto_detect_vocc_scac: false });
  });

  it("names every problem of a body at once, one error each", async () => {
    const response = await post({ request_type: "truck", request_number: "!", ref_numbers: [""] });
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: ErrorBody[] };
    expect(errors.map((e) => [e.source?.pointer, e.code])).toEqual([
      ["/data/attributes/request_type", "invalid"],
      ["/data/attributes/request_number", "invalid"],
      ["/data/attributes/scac", "blank"],
      ["/data/attributes/ref_numbers/0", "invalid"],
    ]);
  });

  it("refuses a body without data or attributes, or of another type, with a 422 pointing at it", async () => {
    const send = (json: unknown) => h.request(key, "/v2/tracking_requests", { method: "POST", json });
    const cases: [unknown, string][] = [
      [{}, "/data"],
      [{ data: "x" }, "/data"],
      [{ data: { type: "tracking_request" } }, "/data/attributes"],
      [{ data: { type: "tracking_request", attributes: [] } }, "/data/attributes"],
      [
        {
          data: {
            type: "shipment",
            attributes: { request_type: "bill_of_lading", request_number: newNumber(), scac: "MAEU" },
          },
        },
        "/data/type",
      ],
    ];
    for (const [json, pointer] of cases) {
      const response = await send(json);
      expect(response.status, JSON.stringify(json)).toBe(422);
      const { errors } = (await response.json()) as { errors: ErrorBody[] };
      expect(errors.map((e) => e.source?.pointer)).toContain(pointer);
    }
    const empty = await h.request(key, "/v2/tracking_requests", { method: "POST" });
    expect(empty.status).toBe(422);
    expect((await empty.json()).errors[0].source).toEqual({ pointer: "/data" });
  });

  it("quotes at most the start of a very long value", async () => {
    const response = await post({
      request_type: "bill_of_lading",
      request_number: "Z".repeat(5000),
      scac: "MAEU",
    });
    const { errors } = (await response.json()) as { errors: ErrorBody[] };
    expect(errors[0]!.detail.length).toBeLessThan(200);
  });
});

describe("duplicates", () => {
  async function expectDuplicate(attributes: Attributes, of: { shipmentId: string | null }) {
    const response = await post({ request_type: "bill_of_lading", scac: "MAEU", ...attributes });
    expect(response.status).toBe(201);
    const request = trackingRequestSchema.parse((await response.json()).data);
    expect(request.attributes).toMatchObject({ status: "failed", failed_reason: "duplicate" });
    expect(request.relationships.tracked_object.data).toEqual(
      of.shipmentId ? { id: of.shipmentId, type: "shipment" } : null,
    );
    expect((await row(request.id)).nextAttemptAt).toBeNull();
    const events = await eventsAbout(request.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      accountId,
      event: "tracking_request.failed",
      referenceType: "tracking_request",
      shipmentId: of.shipmentId,
      dispatchedAt: null,
    });
    return request;
  }

  it("stores a second request for a pending number as a failed duplicate, whatever its spelling", async () => {
    const number = newNumber();
    await create({ request_number: number });
    await expectDuplicate(
      { request_number: `${number.slice(0, 4)}-${number.slice(4).toLowerCase()}` },
      {
        shipmentId: null,
      },
    );
    // The duplicate itself does not stand for the number; the first request still does.
    await expectDuplicate({ request_number: number }, { shipmentId: null });
  });

  it("treats an alternative SCAC as its line", async () => {
    const number = newNumber("MEDU");
    await create({ request_number: number, scac: "MSCU" });
    await expectDuplicate({ request_number: number, scac: "MEDU" }, { shipmentId: null });
  });

  it("points at the shipment already tracked for a created or awaiting request", async () => {
    const number = newNumber();
    const first = await create({ request_number: number });
    const { shipment } = await insertShipment(h.db, accountId, { billOfLading: number });
    await settle(first.id, "created", shipment.id);
    await expectDuplicate({ request_number: number }, { shipmentId: shipment.id });

    const booking = newNumber("BKG");
    const waiting = await create({ request_type: "booking_number", request_number: booking });
    await settle(waiting.id, "awaiting_manifest", null);
    await expectDuplicate({ request_type: "booking_number", request_number: booking }, { shipmentId: null });
  });

  it("tracks a number again once its shipment is no longer tracked, or its request failed", async () => {
    const number = newNumber();
    const first = await create({ request_number: number });
    const { shipment } = await insertShipment(h.db, accountId, { billOfLading: number });
    await settle(first.id, "created", shipment.id);
    expect((await patch(`/v2/shipments/${shipment.id}/stop_tracking`, undefined)).status).toBe(200);
    expect((await create({ request_number: number })).attributes.status).toBe("pending");

    // A shipment stopped by the engine while its request still says created is not tracked either.
    const other = newNumber();
    const created = await create({ request_number: other });
    const stopped = await insertShipment(h.db, accountId, { billOfLading: other, stopped: true });
    await settle(created.id, "created", stopped.shipment.id);
    expect((await create({ request_number: other })).attributes.status).toBe("pending");

    const failed = newNumber();
    const tried = await create({ request_number: failed });
    await settle(tried.id, "failed", null);
    expect((await create({ request_number: failed })).attributes.status).toBe("pending");
  });

  it("is per account and per line", async () => {
    const number = newNumber();
    await create({ request_number: number });
    expect((await create({ request_number: number }, otherKey)).attributes.status).toBe("pending");
    expect((await create({ request_number: number, scac: "HLCU" })).attributes.status).toBe("pending");
  });
});

describe("the create limit", () => {
  it("limits creations per key with a 429, Retry-After and the hosted words, leaving reads alone", async () => {
    // Limits run in real time: here the harness's clock stands for it, so the test can refill by hand.
    const { app } = await h.anotherService({ trackingRequestLimitPerMinute: 2 });
    const send = (apiKey: string, method = "POST") =>
      app.request("http://localhost/v2/tracking_requests", {
        method,
        headers: { authorization: `Token ${apiKey}`, "content-type": "application/json" },
        ...(method === "POST"
          ? {
              body: JSON.stringify({
                data: {
                  type: "tracking_request",
                  attributes: { request_type: "bill_of_lading", request_number: newNumber(), scac: "MAEU" },
                },
              }),
            }
          : {}),
      });
    expect((await send(key)).status).toBe(201);
    expect((await send(key)).status).toBe(201);
    const limited = await send(key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).errors).toEqual([
      {
        status: "429",
        code: "rate_limited",
        title: "Too Many Requests",
        detail: CREATE_LIMIT_DETAIL,
        source: null,
      },
    ]);
    expect((await send(key, "GET")).status).toBe(200);
    expect((await send(otherKey)).status).toBe(201);
    h.clock.advance(30_000);
    expect((await send(key)).status).toBe(201);
  });
});

describe("GET /v2/tracking_requests", () => {
  let listKey: string;
  let listAccountId: string;
  const list = async (query = "") => {
    const response = await get(`/v2/tracking_requests${query}`, listKey);
    expect(response.status, query).toBe(200);
    return response.json();
  };
  const numbers = (body: { data: { attributes: { request_number: string } }[] }) =>
    body.data.map((r) => r.attributes.request_number);
  let start: Date;
  const ids: string[] = [];
  let shipmentId: string;

  beforeAll(async () => {
    const created = await h.newAccount("List Co");
    listKey = created.apiKey;
    listAccountId = created.account.id;
    start = h.clock.now();
    // 35 requests a minute apart: LIST000001 first (oldest) to LIST000035.
    for (let i = 1; i <= 35; i++) {
      const request = await create(
        {
          request_number: `LIST${String(i).padStart(6, "0")}`,
          scac: i % 5 === 0 ? "MSCU" : "MAEU",
          ref_numbers: i === 7 ? ["PO-Search 42"] : [],
        },
        listKey,
      );
      ids.push(request.id);
      h.clock.advance(60_000);
    }
    const { shipment } = await insertShipment(h.db, listAccountId, { billOfLading: "LIST000035" });
    shipmentId = shipment.id;
    await settle(ids[34]!, "created", shipment.id);
    await settle(ids[33]!, "failed", null);
  });

  it("returns the first 30, newest first, with meta and page links", async () => {
    const body = await list();
    expect(body.meta).toEqual({ size: 30, total: 35 });
    expect(numbers(body)[0]).toBe("LIST000035");
    expect(numbers(body)[29]).toBe("LIST000006");
    for (const request of body.data) trackingRequestSchema.parse(request);
    expect(body.links).toEqual({
      self: "http://localhost/v2/tracking_requests",
      current: "http://localhost/v2/tracking_requests?page[number]=1&page[size]=30",
      first: "http://localhost/v2/tracking_requests?page[number]=1&page[size]=30",
      next: expect.stringMatching(
        /^http:\/\/localhost\/v2\/tracking_requests\?page\[number\]=2&page\[size\]=30&page\[after\]=[\w-]+$/,
      ),
      last: "http://localhost/v2/tracking_requests?page[number]=2&page[size]=30",
    });
    // The next link's cursor reads the same page as its number does.
    const next = await (await get(body.links.next.replace("http://localhost", ""), listKey)).json();
    expect(numbers(next)).toEqual(numbers(await list("?page[number]=2")));
  });

  it("pages", async () => {
    const second = await list("?page[number]=2");
    expect(second.meta).toEqual({ size: 5, total: 35 });
    expect(numbers(second)).toEqual(["LIST000005", "LIST000004", "LIST000003", "LIST000002", "LIST000001"]);
    expect(second.links.prev).toContain("page[number]=1");
    expect(second.links.next).toBeUndefined();
    const small = await list("?page[size]=10&page[number]=3&filter[scac]=MAEU");
    expect(small.meta).toEqual({ size: 8, total: 28 });
    expect(small.links.first).toContain("filter[scac]=MAEU");
    const bad = await get("/v2/tracking_requests?page[size]=0", listKey);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].source).toEqual({ parameter: "page[size]" });
  });

  it("includes each request's shipment by default, and what include names otherwise", async () => {
    const byDefault = await list("?page[size]=2");
    expect(byDefault.included.map((r: { type: string; id: string }) => [r.type, r.id])).toEqual([
      ["shipment", shipmentId],
    ]);
    expect(byDefault.data[0].relationships.tracked_object.data).toEqual({ id: shipmentId, type: "shipment" });
    expect((await list("?page[size]=2&include=")).included).toBeUndefined();
    const withContainers = await list("?page[size]=2&include=tracked_object.containers");
    expect(withContainers.included.map((r: { type: string }) => r.type)).toEqual(["shipment", "container"]);
    const customer = await list("?page[size]=2&include=customer");
    expect(customer.included).toEqual([
      { id: listAccountId, type: "account", attributes: { company_name: "List Co" } },
    ]);
    const bad = await get("/v2/tracking_requests?include=tracked_object,secrets", listKey);
    expect(bad.status).toBe(400);
    const error = (await bad.json()).errors[0];
    expect(error.source).toEqual({ parameter: "include" });
    expect(error.detail).toContain("secrets");
  });

  it("searches request numbers and reference numbers with q, in any case and spelling", async () => {
    for (const q of ["list000012", "LIST-000012", "000012"]) {
      expect(numbers(await list(`?q=${q}`)), q).toEqual(["LIST000012"]);
    }
    for (const q of ["po-search", "PO-SEARCH 42", "posearch42", "search 42"]) {
      expect(numbers(await list(`?q=${encodeURIComponent(q)}`)), q).toEqual(["LIST000007"]);
    }
    expect((await list("?q=%25")).meta.total).toBe(0);
    expect((await list("?q=--")).meta.total).toBe(0);
    expect((await list("?q=")).meta.total).toBe(35);
  });

  it("filters on the whole request number", async () => {
    expect(numbers(await list("?filter[request_number]=list-000012"))).toEqual(["LIST000012"]);
    expect((await list("?filter[request_number]=LIST00001")).meta.total).toBe(0);
  });

  it("filters on status, one or several, and refuses an unknown status naming the parameter", async () => {
    expect(numbers(await list("?filter[status]=created"))).toEqual(["LIST000035"]);
    expect(numbers(await list("?filter[status]=failed"))).toEqual(["LIST000034"]);
    expect((await list("?filter[status]=pending")).meta.total).toBe(33);
    expect((await list("?filter[status]=created,failed")).meta.total).toBe(2);
    const bad = await get("/v2/tracking_requests?filter[status]=done", listKey);
    expect(bad.status).toBe(400);
    const error = (await bad.json()).errors[0];
    expect(error).toMatchObject({ status: "400", source: { parameter: "filter[status]" } });
    expect(error.detail).toContain("'done'");
  });

  it("filters on the line, by its SCAC or an alternative one", async () => {
    const msc = await list("?filter[scac]=MSCU");
    expect(msc.meta.total).toBe(7);
    expect((await list("?filter[scac]=medu")).meta.total).toBe(7);
    expect((await list("?filter[scac]=HLCU")).meta.total).toBe(0);
  });

  it("filters on creation and update times, start inclusive and end exclusive", async () => {
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000).toISOString();
    // Request i was created i - 1 minutes after start.
    const created = await list(
      `?filter[created_at][start]=${at(9)}&filter[created_at][end]=${at(12)}&page[size]=100`,
    );
    expect(numbers(created)).toEqual(["LIST000012", "LIST000011", "LIST000010"]);
    expect((await list(`?filter[created_at][end]=${at(0)}`)).meta.total).toBe(0);
    expect((await list(`?filter[created_at][start]=${at(34)}`)).meta.total).toBe(1);
    const offset = encodeURIComponent(
      new Date(start.getTime() + 9 * 60_000).toISOString().replace("Z", "+00:00"),
    );
    expect((await list(`?filter[created_at][start]=${offset}`)).meta.total).toBe(26);
    const day = start.toISOString().slice(0, 10);
    expect((await list(`?filter[created_at][start]=${day}`)).meta.total).toBe(35);

    const patched = await patch(
      `/v2/tracking_requests/${ids[0]}`,
      { data: { attributes: { tags: ["late"] } } },
      listKey,
    );
    expect(patched.status).toBe(200);
    const updatedAt = (await patched.json()).data.attributes.updated_at;
    expect(numbers(await list(`?filter[updated_at][start]=${updatedAt}`))).toEqual(["LIST000001"]);
    expect((await list(`?filter[updated_at][end]=${updatedAt}`)).meta.total).toBe(34);
  });

  it.each([
    ["filter[created_at][start]", "yesterday"],
    ["filter[created_at][end]", "2026-13-01T00:00:00Z"],
    ["filter[updated_at][start]", "2026-11-20T12:00:00"],
    ["filter[updated_at][end]", "20261120"],
  ])("refuses %s=%s with a 400 naming the parameter", async (name, value) => {
    const response = await get(`/v2/tracking_requests?${name}=${encodeURIComponent(value)}`, listKey);
    expect(response.status).toBe(400);
    const error = (await response.json()).errors[0];
    expect(error).toMatchObject({ status: "400", code: "invalid_parameter", source: { parameter: name } });
    expect(error.detail).toContain(name);
  });

  it("lists only the caller's requests", async () => {
    const body = await list("?page[size]=100");
    expect(body.meta.total).toBe(35);
    for (const request of body.data) expect(request.relationships.customer.data.id).toBe(listAccountId);
    expect(
      (
        await list(
          `?filter[request_number]=${(await create({ request_number: newNumber() })).attributes.request_number}`,
        )
      ).meta.total,
    ).toBe(0);
  });
});

describe("GET /v2/tracking_requests/{id}", () => {
  it("includes the shipment by default, exactly as /v2/shipments/{id} serializes it", async () => {
    const number = newNumber();
    const request = await create({ request_number: number });
    const { shipment, containers } = await insertShipment(h.db, accountId, {
      billOfLading: number,
      containerNumbers: ["MSKU1111117", "MSKU2222220"],
    });
    await settle(request.id, "created", shipment.id);

    const body = await (await get(`/v2/tracking_requests/${request.id}`)).json();
    const parsed = trackingRequestSchema.parse(body.data);
    expect(parsed.attributes.status).toBe("created");
    expect(parsed.relationships.tracked_object.data).toEqual({ id: shipment.id, type: "shipment" });
    expect(body.links.self).toBe(`/v2/tracking_requests/${request.id}`);
    const shipmentDocument = await (await get(`/v2/shipments/${shipment.id}`)).json();
    expect(body.included).toEqual([shipmentDocument.data]);
    expect(body.included[0].relationships.containers.data.map((c: { id: string }) => c.id).sort()).toEqual(
      containers.map((c) => c.id).sort(),
    );

    const explicit = await (await get(`/v2/tracking_requests/${request.id}?include=customer`)).json();
    expect(explicit.included.map((r: { type: string }) => r.type)).toEqual(["account"]);
    const none = await (await get(`/v2/tracking_requests/${request.id}?include=`)).json();
    expect(none.included).toBeUndefined();
    const withContainers = await (
      await get(`/v2/tracking_requests/${request.id}?include=tracked_object.containers`)
    ).json();
    expect(withContainers.included.map((r: { type: string }) => r.type)).toEqual([
      "shipment",
      "container",
      "container",
    ]);
    const bad = await get(`/v2/tracking_requests/${request.id}?include=shipment`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].source).toEqual({ parameter: "include" });
  });

  it("includes nothing for a request without a shipment yet", async () => {
    const request = await create({ request_number: newNumber() });
    const body = await (await get(`/v2/tracking_requests/${request.id}`)).json();
    expect(body.included).toEqual([]);
    expect(body.data.relationships.tracked_object).toEqual({ data: null });
  });

  it("answers another account's id exactly like an unknown or malformed one", async () => {
    const theirs = await create({ request_number: newNumber() }, otherKey);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const answers = [];
    for (const id of [theirs.id, unknown, "not-a-uuid", "1; drop table tracking_requests"]) {
      for (const [method, json] of [
        ["GET", undefined],
        ["PATCH", { data: { attributes: { tags: ["mine now"] } } }],
      ] as const) {
        const response = await h.request(key, `/v2/tracking_requests/${encodeURIComponent(id)}`, {
          method,
          json,
        });
        expect(response.status, `${method} ${id}`).toBe(404);
        const [error] = (await response.json()).errors as ErrorBody[];
        answers.push({ ...error, detail: error!.detail.replace(id, "<id>") });
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: "404", code: "not_found", title: "Not Found" });
    expect(await row(theirs.id)).toMatchObject({ accountId: otherAccountId, tags: [] });
    expect((await get(`/v2/tracking_requests/${theirs.id}`, otherKey)).status).toBe(200);
  });
});

describe("PATCH /v2/tracking_requests/{id}", () => {
  it("changes reference numbers and tags and bumps updated_at", async () => {
    const request = await create({ request_number: newNumber(), ref_numbers: ["PO-1"] });
    h.clock.advance(5_000);
    const response = await patch(`/v2/tracking_requests/${request.id}`, {
      data: {
        type: "tracking_request",
        id: request.id,
        attributes: { ref_numbers: ["PO-2", " PO-3 "], tags: ["hot"] },
      },
    });
    expect(response.status).toBe(200);
    const updated = trackingRequestSchema.parse((await response.json()).data);
    expect(updated.attributes).toMatchObject({
      ref_numbers: ["PO-2", "PO-3"],
      tags: ["hot"],
      created_at: request.attributes.created_at,
      updated_at: h.clock.now().toISOString(),
    });
    const again = await (await get(`/v2/tracking_requests/${request.id}`)).json();
    expect(again.data.attributes.tags).toEqual(["hot"]);
    const cleared = await patch(`/v2/tracking_requests/${request.id}`, {
      data: { attributes: { tags: [] } },
    });
    expect((await cleared.json()).data.attributes).toMatchObject({ tags: [], ref_numbers: ["PO-2", "PO-3"] });
  });

  it("takes the hosted API's single ref_number, which replaces the reference numbers (null: none)", async () => {
    const request = await create({ request_number: newNumber(), ref_numbers: ["PO-1", "PO-2"] });
    const numbers = async (attributes: unknown) => {
      const response = await patch(`/v2/tracking_requests/${request.id}`, {
        data: { type: "tracking_request", attributes },
      });
      expect(response.status).toBe(200);
      return (await response.json()).data.attributes.ref_numbers;
    };
    expect(await numbers({ ref_number: " REFNUMBER11 " })).toEqual(["REFNUMBER11"]);
    expect(await numbers({ ref_number: null })).toEqual([]);
    expect(await numbers({ ref_number: "PO-9" })).toEqual(["PO-9"]);
    expect(await numbers({ ref_number: "" })).toEqual([]);
    // Both at once is ambiguous: a 422 at ref_number, and nothing written.
    const both = await patch(`/v2/tracking_requests/${request.id}`, {
      data: { attributes: { ref_number: "A", ref_numbers: ["B"] } },
    });
    expect(both.status).toBe(422);
    expect((await both.json()).errors[0].source).toEqual({ pointer: "/data/attributes/ref_number" });
    const wrong = await patch(`/v2/tracking_requests/${request.id}`, {
      data: { attributes: { ref_number: 7 } },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors[0].source).toEqual({ pointer: "/data/attributes/ref_number" });
    expect((await row(request.id)).refNumbers).toEqual([]);
  });

  it("accepts an empty object and changes nothing", async () => {
    const request = await create({ request_number: newNumber(), shipment_tags: ["keep"] });
    h.clock.advance(5_000);
    for (const json of [{}, { data: {} }, { data: { attributes: {} } }]) {
      const response = await patch(`/v2/tracking_requests/${request.id}`, json);
      expect(response.status).toBe(200);
      const { attributes } = (await response.json()).data;
      expect(attributes.tags).toEqual(["keep"]);
      expect(attributes.updated_at).toBe(request.attributes.updated_at);
    }
  });

  it("refuses read-only, unknown and invalid attributes with a 422 pointing at them, and writes nothing", async () => {
    const request = await create({ request_number: newNumber(), shipment_tags: ["before"] });
    const cases: [unknown, string, string][] = [
      [{ data: { attributes: { status: "created" } } }, "/data/attributes/status", "read_only"],
      [{ data: { attributes: { request_number: "X" } } }, "/data/attributes/request_number", "read_only"],
      [
        { data: { attributes: { tags: ["a"], colour: "red" } } },
        "/data/attributes/colour",
        "unknown_attribute",
      ],
      [
        { data: { attributes: { shipment_tags: ["a"] } } },
        "/data/attributes/shipment_tags",
        "unknown_attribute",
      ],
      [{ data: { attributes: { tags: "urgent" } } }, "/data/attributes/tags", "invalid"],
      [{ data: { attributes: { tags: ["a", "a"] } } }, "/data/attributes/tags", "invalid"],
      [{ data: { attributes: { ref_numbers: [""] } } }, "/data/attributes/ref_numbers/0", "invalid"],
      [
        { data: { id: "00000000-0000-4000-8000-000000000000", attributes: { tags: ["x"] } } },
        "/data/id",
        "id_mismatch",
      ],
    ];
    for (const [json, pointer, code] of cases) {
      const response = await patch(`/v2/tracking_requests/${request.id}`, json);
      expect(response.status, pointer).toBe(422);
      const { errors } = (await response.json()) as { errors: ErrorBody[] };
      expect(errors).toContainEqual(expect.objectContaining({ status: "422", code, source: { pointer } }));
    }
    expect((await row(request.id)).tags).toEqual(["before"]);
  });
});

describe("the OpenAPI document", () => {
  it("describes the tracking request routes and resource", async () => {
    const doc = await (await h.request(null, "/v2/openapi.json")).json();
    expect(Object.keys(doc.paths["/v2/tracking_requests"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/v2/tracking_requests/{id}"]).sort()).toEqual(["get", "patch"]);
    expect(doc.components.schemas.TrackingRequest).toBeDefined();
    expect(doc.paths["/v2/tracking_requests"].post.responses["201"]).toBeDefined();
    const methodNotAllowed = await h.request(key, "/v2/tracking_requests/x", { method: "DELETE" });
    expect(methodNotAllowed.status).toBe(405);
  });
});
