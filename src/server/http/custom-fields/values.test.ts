// Service tests of custom field values: each record's fields at /v2/{shipments|containers|tracking_requests}/{id}/
// custom_fields/{api_slug} and /v2/custom_fields with the hosted filters; values checked against their definition
// (422 with a pointer at the value or the list item), display_value formatted, account isolation, roles, our
// answers against the hosted API's schemas, and a tracking request's fields carried over to the shipment it becomes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customFieldSchema } from "../../../api/custom-fields";
import { trackingRequests } from "../../db/schema";
import { expectHosted } from "../../testing/hosted-openapi";
import { asPerson, personCookie } from "../../testing/people-fixtures";
import {
  findSandboxBillOfLading,
  requestSandboxBillOfLading,
  sandboxEngine,
} from "../../testing/sandbox-shipments";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;
let otherAccountId: string;
let shipmentId: string;
let containerId: string;

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field.
type Json = Record<string, any>;

const call = (path: string, init: { method?: string; json?: unknown } = {}, as = key) =>
  h.request(as, path, init);
async function define(attributes: Json, options: [string, string][] = [], as = key): Promise<Json> {
  h.clock.advance(1000);
  const response = await call(
    "/v2/custom_field_definitions",
    {
      method: "POST",
      json: { data: { type: "custom_field_definition", attributes: { display_name: "F", ...attributes } } },
    },
    as,
  );
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  const definition = (await response.json()).data;
  for (const [value, label] of options) {
    const added = await call(
      `/v2/custom_field_definitions/${definition.id}/options`,
      { method: "POST", json: { data: { type: "custom_field_option", attributes: { value, label } } } },
      as,
    );
    expect(added.status).toBe(201);
  }
  return definition;
}
const fieldBody = (attributes: Json) => ({ data: { type: "custom_field", attributes } });
const setOn = (base: string, api_slug: string, value: unknown, as = key) =>
  call(`${base}/custom_fields`, { method: "POST", json: fieldBody({ api_slug, value }) }, as);
async function set(base: string, api_slug: string, value: unknown): Promise<Json> {
  const response = await setOn(base, api_slug, value);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).data;
}
async function expectError(response: Response, status: number, pointer: string | null, code?: string) {
  expect(response.status).toBe(status);
  const [error] = (await response.json()).errors;
  if (pointer) expect(error.source).toEqual({ pointer });
  if (code) expect(error.code).toBe(code);
  return error;
}

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Values Co");
  key = created.apiKey;
  accountId = created.account.id;
  const other = await h.newAccount("Other Co");
  otherKey = other.apiKey;
  otherAccountId = other.account.id;
  const { shipment, containers } = await insertShipment(h.db, accountId);
  shipmentId = shipment.id;
  containerId = containers[0]!.id;
  await define({
    entity_type: "Shipment",
    api_slug: "po",
    data_type: "short_text",
    validation: { pattern: "^PO-\\d+$", max_length: 12 },
  });
  await define({
    entity_type: "Shipment",
    api_slug: "pallets",
    data_type: "number",
    validation: { min: 1, max: 40, integer: true },
  });
  await define({
    entity_type: "Shipment",
    api_slug: "cost",
    data_type: "number",
    default_format: "#,##0.00",
  });
  await define({
    entity_type: "Shipment",
    api_slug: "due",
    data_type: "date",
    validation: { min: "2026-01-01" },
  });
  await define({
    entity_type: "Shipment",
    api_slug: "due_eu",
    data_type: "date",
    default_format: "DD/MM/YYYY",
  });
  await define({ entity_type: "Shipment", api_slug: "booked_at", data_type: "datetime" });
  await define({ entity_type: "Shipment", api_slug: "hazardous", data_type: "boolean" });
  await define({ entity_type: "Shipment", api_slug: "priority", data_type: "enum" }, [
    ["p1", "Urgent"],
    ["p2", "Normal"],
  ]);
  await define(
    { entity_type: "Shipment", api_slug: "handling", data_type: "enum_multi", validation: { max_items: 2 } },
    [
      ["fragile", "Fragile"],
      ["cold", "Keep cold"],
      ["dry", "Keep dry"],
    ],
  );
  await define({
    entity_type: "Shipment",
    api_slug: "consignee",
    data_type: "reference",
    reference_type: "Party",
  });
  await define({ entity_type: "Container", api_slug: "seal", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "note", data_type: "short_text" });
});
afterAll(() => h.close());

describe("a shipment's custom fields", () => {
  const base = () => `/v2/shipments/${shipmentId}`;

  it("are set, read, changed and cleared by api_slug, in the hosted shapes", async () => {
    const response = await setOn(base(), "po", "PO-4471");
    expect(response.status).toBe(201);
    const created = await response.json();
    expectHosted("/shipments/{shipment_id}/custom_fields", "post", 201, created);
    expect(customFieldSchema.parse(created.data)).toMatchObject({
      attributes: { api_slug: "po", value: "PO-4471", display_value: "PO-4471" },
      relationships: { entity: { data: { type: "shipment", id: shipmentId } } },
    });
    const list = await (await call(`${base()}/custom_fields`)).json();
    expectHosted("/shipments/{shipment_id}/custom_fields", "get", 200, list);
    expect(list.data.map((f: Json) => f.attributes.api_slug)).toContain("po");
    const one = await call(`${base()}/custom_fields/po`);
    expect(one.status).toBe(200);
    expect((await one.json()).data.id).toBe(created.data.id);

    const patched = await call(`${base()}/custom_fields/po`, {
      method: "PATCH",
      json: fieldBody({ value: "PO-4472" }),
    });
    expect(patched.status).toBe(200);
    const document = await patched.json();
    expectHosted("/shipments/{shipment_id}/custom_fields/{api_slug}", "patch", 200, document);
    expect(document.data.attributes.value).toBe("PO-4472");
    expect((await (await call(`/v2/custom_fields/${created.data.id}`)).json()).data.attributes.value).toBe(
      "PO-4472",
    );

    await expectError(await setOn(base(), "po", "PO-1"), 422, "/data/attributes/api_slug", "taken");
    const cleared = await call(`${base()}/custom_fields/po`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect((await call(`${base()}/custom_fields/po`)).status).toBe(404);
    expect((await call(`${base()}/custom_fields/po`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await call(`${base()}/custom_fields/po`, { method: "PATCH", json: fieldBody({ value: "PO-1" }) }))
        .status,
    ).toBe(404);
  });

  it.each([
    ["po", "4471", "/data/attributes/value"],
    ["po", "PO-1234567890", "/data/attributes/value"],
    ["po", 4471, "/data/attributes/value"],
    ["pallets", "12", "/data/attributes/value"],
    ["pallets", 0, "/data/attributes/value"],
    ["pallets", 41, "/data/attributes/value"],
    ["pallets", 2.5, "/data/attributes/value"],
    ["due", "2026-02-30", "/data/attributes/value"],
    ["due", "2025-12-31", "/data/attributes/value"],
    ["booked_at", "2026-03-05 14:30", "/data/attributes/value"],
    ["hazardous", "yes", "/data/attributes/value"],
    ["priority", "p9", "/data/attributes/value"],
    ["priority", ["p1"], "/data/attributes/value"],
    ["handling", ["fragile", "hot"], "/data/attributes/value/1"],
    ["handling", ["fragile", "fragile"], "/data/attributes/value/1"],
    ["handling", ["fragile", "cold", "dry"], "/data/attributes/value"],
    ["handling", "fragile", "/data/attributes/value"],
    ["consignee", "not-an-id", "/data/attributes/value"],
    ["consignee", crypto.randomUUID(), "/data/attributes/value"],
    ["po", null, "/data/attributes/value"],
    // JSON carries half a surrogate pair; PostgreSQL's jsonb cannot keep one (a 500 before this was refused).
    ["note", "a\ud800b", "/data/attributes/value"],
    ["note", "x".repeat(1001), "/data/attributes/value"],
    ["po", { nested: true }, "/data/attributes/value"],
    ["nonexistent", "x", "/data/attributes/api_slug"],
    ["Not A Slug", "x", "/data/attributes/api_slug"],
  ])("refuses %s = %j with a 422 at %s, storing nothing", async (slug, value, pointer) => {
    await expectError(await setOn(base(), slug, value), 422, pointer);
    expect((await call(`${base()}/custom_fields/${encodeURIComponent(slug)}`)).status).toBe(404);
  });

  it("refuses a value of the wrong JSON shape and a missing value with 4xx, never 500", async () => {
    const missing = await call(`${base()}/custom_fields`, {
      method: "POST",
      json: fieldBody({ api_slug: "po" }),
    });
    await expectError(missing, 422, "/data/attributes/value");
    const raw = await h.request(key, `${base()}/custom_fields`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"data":',
    });
    expect(raw.status).toBe(400);
    const wrongSlugType = await call(`${base()}/custom_fields`, {
      method: "POST",
      json: fieldBody({ api_slug: 7, value: "x" }),
    });
    await expectError(wrongSlugType, 422, "/data/attributes/api_slug");
  });

  it("formats display_value by the definition: numbers, dates, datetimes, booleans, enum labels", async () => {
    const partyResponse = await call("/v2/parties", {
      method: "POST",
      json: { data: { type: "party", attributes: { company_name: "Initech" } } },
    });
    const partyId = (await partyResponse.json()).data.id;
    const { shipment } = await insertShipment(h.db, accountId);
    const at = `/v2/shipments/${shipment.id}`;
    const shown = async (slug: string, value: unknown) => (await set(at, slug, value)).attributes;
    expect(await shown("pallets", 12)).toMatchObject({ value: 12, display_value: "12" });
    expect(await shown("cost", 1234.5)).toMatchObject({ value: 1234.5, display_value: "1,234.50" });
    expect(await shown("due", "2026-03-05")).toMatchObject({
      value: "2026-03-05",
      display_value: "Mar 5, 2026",
    });
    expect(await shown("due_eu", "2026-03-05")).toMatchObject({ display_value: "05/03/2026" });
    expect(await shown("booked_at", "2026-03-05T09:30:00-05:00")).toMatchObject({
      value: "2026-03-05T14:30:00.000Z",
      display_value: "Mar 5, 2026 14:30 UTC",
    });
    expect(await shown("hazardous", false)).toMatchObject({ value: false, display_value: "No" });
    expect(await shown("priority", "p1")).toMatchObject({ value: "p1", display_value: "Urgent" });
    expect(await shown("handling", ["cold", "fragile"])).toMatchObject({
      display_value: "Keep cold, Fragile",
    });
    expect(await shown("consignee", partyId)).toMatchObject({ value: partyId });
    const list = await (await call(`${at}/custom_fields`)).json();
    expect(list.data.map((f: Json) => f.attributes.api_slug)).toEqual([
      "pallets",
      "cost",
      "due",
      "due_eu",
      "booked_at",
      "hazardous",
      "priority",
      "handling",
      "consignee",
    ]);
    expect(list.meta.total).toBe(9);
  });
});

describe("containers' and tracking requests' custom fields", () => {
  it("are set on a container with the container's definitions only", async () => {
    const base = `/v2/containers/${containerId}`;
    const response = await setOn(base, "seal", "SL-991");
    expect(response.status).toBe(201);
    const created = await response.json();
    expectHosted("/containers/{container_id}/custom_fields", "post", 201, created);
    expect(created.data.relationships.entity.data).toEqual({ type: "container", id: containerId });
    const patched = await call(`${base}/custom_fields/seal`, {
      method: "PATCH",
      json: fieldBody({ value: "SL-992" }),
    });
    expectHosted("/containers/{container_id}/custom_fields/{api_slug}", "patch", 200, await patched.json());
    await expectError(await setOn(base, "po", "PO-1"), 422, "/data/attributes/api_slug");
    const list = await (await call(`${base}/custom_fields`)).json();
    expectHosted("/containers/{container_id}/custom_fields", "get", 200, list);
    expect((await call(`${base}/custom_fields/seal`, { method: "DELETE" })).status).toBe(204);
  });

  it("are set on a tracking request with its own definitions and the shipments'", async () => {
    await define({ entity_type: "TrackingRequest", api_slug: "desk", data_type: "short_text" });
    const number = findSandboxBillOfLading("MAEU", h.clock.now(), 0, () => true);
    const request = await requestSandboxBillOfLading(h, accountId, "MAEU", `${number}`);
    const base = `/v2/tracking_requests/${request.id}`;
    const own = await setOn(base, "desk", "Ocean team");
    expect(own.status).toBe(201);
    expectHosted("/tracking_requests/{tracking_request_id}/custom_fields", "post", 201, await own.json());
    const forShipment = await set(base, "po", "PO-77");
    expect(forShipment.relationships.entity.data).toEqual({ type: "tracking_request", id: request.id });
    const list = await (await call(`${base}/custom_fields`)).json();
    expectHosted("/tracking_requests/{tracking_request_id}/custom_fields", "get", 200, list);
    const patched = await call(`${base}/custom_fields/desk`, {
      method: "PATCH",
      json: fieldBody({ value: "Air team" }),
    });
    expect(patched.status).toBe(200);
    expectHosted(
      "/tracking_requests/{tracking_request_id}/custom_fields/{api_slug}",
      "patch",
      200,
      await patched.json(),
    );
    expect(list.data.map((f: Json) => f.attributes.api_slug)).toEqual(["po", "desk"]);
  });
});

describe("/v2/custom_fields", () => {
  it("sets a value on a record named in relationships, and lists with the hosted filters", async () => {
    const { shipment } = await insertShipment(h.db, accountId);
    const response = await call("/v2/custom_fields", {
      method: "POST",
      json: {
        data: {
          type: "custom_field",
          attributes: { api_slug: "pallets", value: 3 },
          relationships: { entity: { data: { type: "shipment", id: shipment.id } } },
        },
      },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expectHosted("/custom_fields", "post", 201, created);
    const id = created.data.id;
    const read = await call(`/v2/custom_fields/${id}`);
    expectHosted("/custom_fields/{id}", "get", 200, await read.json());

    const byEntity = await (await call(`/v2/custom_fields?filter[entity_id]=${shipment.id}`)).json();
    expectHosted("/custom_fields", "get", 200, byEntity);
    expect(byEntity.data.map((f: Json) => f.id)).toEqual([id]);
    const definitionId = created.data.relationships.definition.data.id;
    const byDefinition = await (
      await call(`/v2/custom_fields?filter[definition_id]=${definitionId}&page[size]=100`)
    ).json();
    expect(byDefinition.data.every((f: Json) => f.attributes.api_slug === "pallets")).toBe(true);
    expect(byDefinition.data.map((f: Json) => f.id)).toContain(id);
    const containersOnly = await (
      await call("/v2/custom_fields?filter[entity_type]=Container&page[size]=100")
    ).json();
    expect(containersOnly.data.every((f: Json) => f.relationships.entity.data.type === "container")).toBe(
      true,
    );
    const snake = await call("/v2/custom_fields?filter[entity_type]=shipment");
    expect(snake.status).toBe(200);
    expect((await call("/v2/custom_fields?filter[entity_type]=Vessel")).status).toBe(400);
    // A name every JavaScript object has is no entity type (it was a 500), nor is an empty one.
    for (const odd of ["toString", "__proto__", ""])
      expect((await call(`/v2/custom_fields?filter[entity_type]=${odd}`)).status).toBe(400);
    expect((await call("/v2/custom_fields?filter[entity_id]=nope")).status).toBe(400);

    const patched = await call(`/v2/custom_fields/${id}`, { method: "PATCH", json: fieldBody({ value: 4 }) });
    expect(patched.status).toBe(200);
    expectHosted("/custom_fields/{id}", "patch", 200, await patched.clone().json());
    expect((await patched.json()).data.attributes.value).toBe(4);
    await expectError(
      await call(`/v2/custom_fields/${id}`, { method: "PATCH", json: fieldBody({ value: 400 }) }),
      422,
      "/data/attributes/value",
    );
    await expectError(
      await call(`/v2/custom_fields/${id}`, {
        method: "PATCH",
        json: { data: { id: crypto.randomUUID(), attributes: { value: 5 } } },
      }),
      422,
      "/data/id",
      "id_mismatch",
    );
    expect((await call(`/v2/custom_fields/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/v2/custom_fields/${id}`)).status).toBe(404);
  });

  it("answers a record that is not there, or another account's, with 404 at the relationship", async () => {
    const theirs = await insertShipment(h.db, otherAccountId);
    for (const id of [theirs.shipment.id, crypto.randomUUID(), "nope"]) {
      const response = await call("/v2/custom_fields", {
        method: "POST",
        json: {
          data: {
            type: "custom_field",
            attributes: { api_slug: "pallets", value: 3 },
            relationships: { entity: { data: { type: "shipment", id } } },
          },
        },
      });
      await expectError(response, 404, "/data/relationships/entity/data/id");
    }
  });
});

describe("isolation and roles", () => {
  it("answers another account's records and values with 404, and lists none of them", async () => {
    const mine = await set(`/v2/shipments/${shipmentId}`, "hazardous", true);
    const base = `/v2/shipments/${shipmentId}/custom_fields`;
    expect((await call(base, {}, otherKey)).status).toBe(404);
    expect((await call(`${base}/hazardous`, {}, otherKey)).status).toBe(404);
    expect((await setOn(`/v2/shipments/${shipmentId}`, "hazardous", false, otherKey)).status).toBe(404);
    expect(
      (await call(`${base}/hazardous`, { method: "PATCH", json: fieldBody({ value: false }) }, otherKey))
        .status,
    ).toBe(404);
    expect((await call(`${base}/hazardous`, { method: "DELETE" }, otherKey)).status).toBe(404);
    expect((await call(`/v2/custom_fields/${mine.id}`, {}, otherKey)).status).toBe(404);
    expect(
      (
        await call(
          `/v2/custom_fields/${mine.id}`,
          { method: "PATCH", json: fieldBody({ value: false }) },
          otherKey,
        )
      ).status,
    ).toBe(404);
    expect((await call(`/v2/custom_fields/${mine.id}`, { method: "DELETE" }, otherKey)).status).toBe(404);
    const listed = await (
      await call(`/v2/custom_fields?filter[entity_id]=${shipmentId}`, {}, otherKey)
    ).json();
    expect(listed.data).toEqual([]);
    // The other account's own field of the same slug does not reach this account's shipment either.
    await define({ entity_type: "Shipment", api_slug: "hazardous", data_type: "boolean" }, [], otherKey);
    expect((await setOn(`/v2/shipments/${shipmentId}`, "hazardous", false, otherKey)).status).toBe(404);
    expect((await call(`${base}/hazardous`)).status).toBe(200);
  });

  it("lets a viewer read and not write; a member writes", async () => {
    const viewer = await personCookie(h, accountId, "viewer@values.test", "viewer");
    const member = await personCookie(h, accountId, "member@values.test", "member");
    const base = `/v2/shipments/${shipmentId}/custom_fields`;
    expect((await asPerson(h, viewer, base)).status).toBe(200);
    expect((await asPerson(h, viewer, "/v2/custom_fields")).status).toBe(200);
    const body = fieldBody({ api_slug: "cost", value: 10 });
    expect((await asPerson(h, viewer, base, { method: "POST", json: body })).status).toBe(403);
    expect((await asPerson(h, member, base, { method: "POST", json: body })).status).toBe(201);
    expect((await asPerson(h, viewer, `${base}/cost`, { method: "DELETE" })).status).toBe(403);
    expect((await asPerson(h, member, `${base}/cost`, { method: "DELETE" })).status).toBe(204);
  });
});

describe("a tracking request's custom fields", () => {
  it("carry over to the shipment it becomes, in the same write", async () => {
    await define({ entity_type: "TrackingRequest", api_slug: "lane", data_type: "short_text" });
    await define({ entity_type: "Shipment", api_slug: "lane", data_type: "short_text" });
    await define({ entity_type: "TrackingRequest", api_slug: "tier", data_type: "enum" }, [
      ["gold", "Gold"],
      ["tin", "Tin"],
    ]);
    await define({ entity_type: "Shipment", api_slug: "tier", data_type: "enum" }, [["gold", "Gold tier"]]);
    await define({ entity_type: "TrackingRequest", api_slug: "only_request", data_type: "short_text" });
    const number = findSandboxBillOfLading("MSCU", h.clock.now(), 0, () => true);
    const request = await requestSandboxBillOfLading(h, accountId, "MSCU", number);
    const base = `/v2/tracking_requests/${request.id}`;
    await set(base, "po", "PO-900");
    await set(base, "lane", "Asia-USWC");
    await set(base, "tier", "gold");
    await set(base, "only_request", "stays");
    await sandboxEngine(h).runUntilIdle();
    const [tracked] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request.id));
    expect(tracked?.shipmentId).toBeTruthy();
    const fields = await (await call(`/v2/shipments/${tracked!.shipmentId}/custom_fields`)).json();
    const bySlug = Object.fromEntries(fields.data.map((f: Json) => [f.attributes.api_slug, f.attributes]));
    expect(bySlug).toMatchObject({
      po: { value: "PO-900" },
      lane: { value: "Asia-USWC" },
      tier: { value: "gold", display_value: "Gold tier" },
    });
    expect(bySlug.only_request).toBeUndefined();
    expect(fields.data.every((f: Json) => f.relationships.entity.data.type === "shipment")).toBe(true);
    // The request keeps its own.
    const kept = await (await call(`${base}/custom_fields`)).json();
    expect(kept.data).toHaveLength(4);
  });

  it("carries an enum value only where the shipment's field has that option, and a value only under the rules it was checked by", async () => {
    await define({ entity_type: "TrackingRequest", api_slug: "code", data_type: "short_text" });
    await define({
      entity_type: "Shipment",
      api_slug: "code",
      data_type: "short_text",
      validation: { pattern: "^[A-Z]+$" },
    });
    const number = findSandboxBillOfLading("CMDU", h.clock.now(), 0, () => true);
    const request = await requestSandboxBillOfLading(h, accountId, "CMDU", number);
    await set(`/v2/tracking_requests/${request.id}`, "tier", "tin");
    await set(`/v2/tracking_requests/${request.id}`, "code", "lower case");
    await sandboxEngine(h).runUntilIdle();
    const [tracked] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request.id));
    expect(tracked?.shipmentId).toBeTruthy();
    const fields = await (await call(`/v2/shipments/${tracked!.shipmentId}/custom_fields`)).json();
    expect(fields.data).toEqual([]);
  });
});
