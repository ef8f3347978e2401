// Service tests of /v2/custom_field_definitions and their options: create, read, list with the hosted filters,
// change, delete (with the values), the 422s of attributes that do not fit the data type (pointer at the attribute
// or rule), duplicate slugs, ordered options, account isolation, roles, and our answers against the hosted API's
// own schemas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customFieldDefinitionSchema, customFieldOptionSchema } from "../../../api/custom-fields";
import { expectHosted } from "../../testing/hosted-openapi";
import { asPerson, personCookie } from "../../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Fields Co");
  key = created.apiKey;
  accountId = created.account.id;
  otherKey = (await h.newAccount("Other Co")).apiKey;
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field.
type Json = Record<string, any>;

const call = (path: string, init: { method?: string; json?: unknown } = {}, as = key) =>
  h.request(as, path, init);
const definitionBody = (attributes: Json) => ({ data: { type: "custom_field_definition", attributes } });
const define = (attributes: Json, as = key) =>
  call("/v2/custom_field_definitions", { method: "POST", json: definitionBody(attributes) }, as);
async function defined(attributes: Json): Promise<Json> {
  // Lists are oldest first: each definition a second after the one before (the harness's clock stands still).
  h.clock.advance(1000);
  const response = await define({ entity_type: "Shipment", display_name: "A field", ...attributes });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).data;
}
async function expectError(response: Response, status: number, pointer: string, code?: string) {
  expect(response.status).toBe(status);
  const [error] = (await response.json()).errors;
  expect(error.source).toEqual({ pointer });
  if (code) expect(error.code).toBe(code);
  return error;
}
const optionPath = (definitionId: string) => `/v2/custom_field_definitions/${definitionId}/options`;
const addOption = (definitionId: string, attributes: Json, as = key) =>
  call(
    optionPath(definitionId),
    { method: "POST", json: { data: { type: "custom_field_option", attributes } } },
    as,
  );

describe("POST /v2/custom_field_definitions", () => {
  it("defines a field in the hosted shape, and reads it back", async () => {
    const response = await define({
      entity_type: "Shipment",
      api_slug: "customer_reference_number",
      display_name: "Customer reference",
      description: "The customer's own reference",
      data_type: "short_text",
      validation: { max_length: 20, pattern: "^[A-Z0-9-]+$" },
    });
    expect(response.status).toBe(201);
    const document = await response.json();
    expectHosted("/custom_field_definitions", "post", 201, document);
    expect(customFieldDefinitionSchema.parse(document.data).attributes).toMatchObject({
      entity_type: "Shipment",
      api_slug: "customer_reference_number",
      data_type: "short_text",
      validation: { max_length: 20, pattern: "^[A-Z0-9-]+$" },
      default_value: null,
      reference_type: null,
    });
    const read = await call(document.links.self);
    expect(read.status).toBe(200);
    const again = await read.json();
    expectHosted("/custom_field_definitions/{id}", "get", 200, again);
    expect(again.data).toEqual(document.data);
  });

  it("refuses a second field of the same slug for the same kind of record (422 taken), not for another kind", async () => {
    await defined({ api_slug: "po_number", data_type: "short_text" });
    await expectError(
      await define({
        entity_type: "Shipment",
        api_slug: "po_number",
        display_name: "PO",
        data_type: "number",
      }),
      422,
      "/data/attributes/api_slug",
      "taken",
    );
    await defined({ entity_type: "Container", api_slug: "po_number", data_type: "short_text" });
  });

  it.each([
    [{ api_slug: "Bad Slug", data_type: "short_text" }, "/data/attributes/api_slug"],
    [{ api_slug: "x1", data_type: "colour" }, "/data/attributes/data_type"],
    [{ api_slug: "x2", data_type: "short_text", entity_type: "Vessel" }, "/data/attributes/entity_type"],
    [
      { api_slug: "x3", data_type: "number", validation: { max_length: 3 } },
      "/data/attributes/validation/max_length",
    ],
    [{ api_slug: "x4", data_type: "number", validation: { min: "one" } }, "/data/attributes/validation/min"],
    [
      { api_slug: "x5", data_type: "number", validation: { min: 5, max: 1 } },
      "/data/attributes/validation/min",
    ],
    [
      { api_slug: "x6", data_type: "short_text", validation: { pattern: "([a-z" } },
      "/data/attributes/validation/pattern",
    ],
    [
      { api_slug: "x7", data_type: "short_text", validation: { pattern: "(a+)+$" } },
      "/data/attributes/validation/pattern",
    ],
    [{ api_slug: "x8", data_type: "short_text", validation: [1] }, "/data/attributes/validation"],
    [{ api_slug: "x9", data_type: "date", default_format: "dd.mm.yy" }, "/data/attributes/default_format"],
    [
      { api_slug: "x10", data_type: "short_text", default_format: "YYYY-MM-DD" },
      "/data/attributes/default_format",
    ],
    [{ api_slug: "x11", data_type: "number", default_value: "12" }, "/data/attributes/default_value"],
    [
      { api_slug: "x12", data_type: "number", validation: { max: 10 }, default_value: 11 },
      "/data/attributes/default_value",
    ],
    [{ api_slug: "x13", data_type: "reference" }, "/data/attributes/reference_type"],
    [
      { api_slug: "x14", data_type: "reference", reference_type: "Vessel" },
      "/data/attributes/reference_type",
    ],
    [
      { api_slug: "x15", data_type: "short_text", reference_type: "Party" },
      "/data/attributes/reference_type",
    ],
    [{ api_slug: "x16", data_type: "enum", default_value: "red" }, "/data/attributes/default_value"],
    [{ api_slug: "x17", data_type: "short_text", colour: "red" }, "/data/attributes/colour"],
    [{ api_slug: 17, data_type: "short_text" }, "/data/attributes/api_slug"],
    [
      { api_slug: "x18", data_type: "short_text", default_value: "a\ud800" },
      "/data/attributes/default_value",
    ],
    [
      { api_slug: "x19", data_type: "short_text", validation: { pattern: "\udc00" } },
      "/data/attributes/validation/pattern",
    ],
  ])("refuses %j with a 422 at %s, storing nothing", async (attributes, pointer) => {
    await expectError(
      await define({ entity_type: "Shipment", display_name: "F", ...attributes }),
      422,
      pointer,
    );
    const list = await (
      await call("/v2/custom_field_definitions?filter[display_name]=F&page[size]=100")
    ).json();
    expect(list.data.map((d: Json) => d.attributes.api_slug)).not.toContain(attributes.api_slug);
  });

  it("answers bad JSON and a wrong body with 4xx, never 500", async () => {
    const raw = await h.request(key, "/v2/custom_field_definitions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    for (const json of [{}, { data: null }, { data: { attributes: [] } }, []]) {
      const response = await call("/v2/custom_field_definitions", { method: "POST", json });
      // A body that is not an object is a 400, one without the resource a 422: never a 500.
      expect([400, 422], JSON.stringify(json)).toContain(response.status);
    }
  });

  it("keeps a valid default value and a reference field's type", async () => {
    const number = await defined({
      api_slug: "pallets",
      data_type: "number",
      default_value: 10,
      default_format: "#,##0.00",
    });
    expect(number.attributes).toMatchObject({ default_value: 10, default_format: "#,##0.00" });
    const reference = await defined({
      api_slug: "consignee",
      data_type: "reference",
      reference_type: "Party",
    });
    expect(reference.attributes.reference_type).toBe("Party");
  });
});

describe("GET /v2/custom_field_definitions", () => {
  it("lists oldest first, filtered by entity type, data type and display name prefix, and paged", async () => {
    await defined({
      entity_type: "TrackingRequest",
      api_slug: "list_a",
      display_name: "Listed alpha",
      data_type: "boolean",
    });
    await defined({
      entity_type: "TrackingRequest",
      api_slug: "list_b",
      display_name: "Listed beta",
      data_type: "date",
    });
    const response = await call("/v2/custom_field_definitions?filter[entity_type]=TrackingRequest");
    expect(response.status).toBe(200);
    const document = await response.json();
    expectHosted("/custom_field_definitions", "get", 200, document);
    expect(document.data.map((d: Json) => d.attributes.api_slug)).toEqual(["list_a", "list_b"]);
    const byType = await (
      await call("/v2/custom_field_definitions?filter[data_type]=date&filter[entity_type]=TrackingRequest")
    ).json();
    expect(byType.data.map((d: Json) => d.attributes.api_slug)).toEqual(["list_b"]);
    const byName = await (await call("/v2/custom_field_definitions?filter[display_name]=listed%20B")).json();
    expect(byName.data.map((d: Json) => d.attributes.api_slug)).toEqual(["list_b"]);
    const paged = await (
      await call(
        "/v2/custom_field_definitions?filter[entity_type]=TrackingRequest&page[size]=1&page[number]=2",
      )
    ).json();
    expect(paged.data.map((d: Json) => d.attributes.api_slug)).toEqual(["list_b"]);
    expect(paged.meta.total).toBe(2);
    const snake = await (
      await call("/v2/custom_field_definitions?filter[entity_type]=tracking_request")
    ).json();
    expect(snake.data.map((d: Json) => d.attributes.api_slug)).toEqual(["list_a", "list_b"]);
    expect((await call("/v2/custom_field_definitions?filter[entity_type]=Vessel")).status).toBe(400);
  });

  // Found by the OpenAPI fuzz test: an empty filter was read as none (the document's enum has no ""), and a name
  // every JavaScript object has (toString) was taken for an entity type, a 500.
  it.each([
    "filter[entity_type]=",
    "filter[data_type]=",
    "filter[entity_type]=toString",
    "filter[entity_type]=__proto__",
    "filter[entity_type]=constructor",
  ])("refuses %s with a 400 that names the filter", async (query) => {
    const response = await call(`/v2/custom_field_definitions?${query}`);
    expect(response.status).toBe(400);
    const [error] = (await response.json()).errors;
    expect(error.source.parameter).toBe(query.slice(0, query.indexOf("=")));
  });
});

describe("PATCH and DELETE /v2/custom_field_definitions/{id}", () => {
  it("changes what the hosted API lets change, and refuses the data type", async () => {
    const field = await defined({ api_slug: "weight", data_type: "number", default_value: 5 });
    const path = `/v2/custom_field_definitions/${field.id}`;
    const patch = (attributes: Json) => call(path, { method: "PATCH", json: definitionBody(attributes) });
    const changed = await patch({
      display_name: "Weight (kg)",
      validation: { min: 0 },
      default_format: "0.0",
    });
    expect(changed.status).toBe(200);
    const document = await changed.json();
    expectHosted("/custom_field_definitions/{id}", "patch", 200, document);
    expect(document.data.attributes).toMatchObject({
      display_name: "Weight (kg)",
      validation: { min: 0 },
      data_type: "number",
    });
    await expectError(await patch({ data_type: "short_text" }), 422, "/data/attributes/data_type");
    // New rules that the kept default breaks are refused.
    await expectError(await patch({ validation: { max: 1 } }), 422, "/data/attributes/default_value");
    await expectError(
      await call(path, { method: "PATCH", json: { data: { id: crypto.randomUUID(), attributes: {} } } }),
      422,
      "/data/id",
      "id_mismatch",
    );
  });

  it("deletes a definition with its values", async () => {
    const field = await defined({ api_slug: "doomed", data_type: "short_text" });
    const { shipment } = await insertShipment(h.db, accountId);
    const set = await call(`/v2/shipments/${shipment.id}/custom_fields`, {
      method: "POST",
      json: { data: { type: "custom_field", attributes: { api_slug: "doomed", value: "x" } } },
    });
    expect(set.status).toBe(201);
    const valueId = (await set.json()).data.id;
    const gone = await call(`/v2/custom_field_definitions/${field.id}`, { method: "DELETE" });
    expect(gone.status).toBe(200);
    expect((await call(`/v2/custom_field_definitions/${field.id}`)).status).toBe(404);
    expect((await call(`/v2/custom_fields/${valueId}`)).status).toBe(404);
    expect((await call(`/v2/custom_field_definitions/${field.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("options", () => {
  it("are kept in position order: appended, inserted, moved, relabelled, deleted", async () => {
    const field = await defined({ api_slug: "priority", data_type: "enum" });
    const add = async (label: string, value: string, position?: number) => {
      const response = await addOption(field.id, {
        label,
        value,
        ...(position === undefined ? {} : { position }),
      });
      expect(response.status).toBe(201);
      const document = await response.json();
      expectHosted("/custom_field_definitions/{definition_id}/options", "post", 201, document);
      return customFieldOptionSchema.parse(document.data);
    };
    const low = await add("Low", "low");
    const high = await add("High", "high");
    await add("Medium", "medium", 1);
    const order = async () => {
      const response = await call(optionPath(field.id));
      expect(response.status).toBe(200);
      const document = await response.json();
      expectHosted("/custom_field_definitions/{definition_id}/options", "get", 200, document);
      return document.data.map((o: Json) => [o.attributes.value, o.attributes.position]);
    };
    expect(await order()).toEqual([
      ["low", 0],
      ["medium", 1],
      ["high", 2],
    ]);
    const moved = await call(`${optionPath(field.id)}/${high.id}`, {
      method: "PATCH",
      json: { data: { type: "custom_field_option", attributes: { position: 0, label: "Urgent" } } },
    });
    expect(moved.status).toBe(200);
    const movedDocument = await moved.json();
    expectHosted(
      "/custom_field_definitions/{definition_id}/options/{option_id}",
      "patch",
      200,
      movedDocument,
    );
    expect(movedDocument.data.attributes).toEqual({ label: "Urgent", value: "high", position: 0 });
    const read = await call(`${optionPath(field.id)}/${high.id}`);
    expectHosted(
      "/custom_field_definitions/{definition_id}/options/{option_id}",
      "get",
      200,
      await read.json(),
    );
    expect(await order()).toEqual([
      ["high", 0],
      ["low", 1],
      ["medium", 2],
    ]);
    await expectError(
      await addOption(field.id, { label: "Again", value: "low" }),
      422,
      "/data/attributes/value",
      "taken",
    );
    expect((await call(`${optionPath(field.id)}/${low.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await order()).toEqual([
      ["high", 0],
      ["medium", 1],
    ]);
    expect((await call(`${optionPath(field.id)}/${low.id}`)).status).toBe(404);
  });

  it("are for enum fields only, and one in use is not deleted", async () => {
    const text = await defined({ api_slug: "no_options", data_type: "short_text" });
    expect((await addOption(text.id, { label: "A", value: "a" })).status).toBe(422);
    const field = await defined({ api_slug: "colour", data_type: "enum" });
    const red = (await (await addOption(field.id, { label: "Red", value: "red" })).json()).data;
    const { shipment } = await insertShipment(h.db, accountId);
    const set = await call(`/v2/shipments/${shipment.id}/custom_fields`, {
      method: "POST",
      json: { data: { attributes: { api_slug: "colour", value: "red" } } },
    });
    expect(set.status).toBe(201);
    const refused = await call(`${optionPath(field.id)}/${red.id}`, { method: "DELETE" });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0].code).toBe("in_use");
  });
});

describe("isolation and roles", () => {
  it("answers another account's definitions and options with 404", async () => {
    const field = await defined({ api_slug: "private", data_type: "enum" });
    const option = (await (await addOption(field.id, { label: "A", value: "a" })).json()).data;
    const path = `/v2/custom_field_definitions/${field.id}`;
    expect((await call(path, {}, otherKey)).status).toBe(404);
    expect(
      (await call(path, { method: "PATCH", json: definitionBody({ display_name: "Mine" }) }, otherKey))
        .status,
    ).toBe(404);
    expect((await call(path, { method: "DELETE" }, otherKey)).status).toBe(404);
    expect((await call(optionPath(field.id), {}, otherKey)).status).toBe(404);
    expect((await addOption(field.id, { label: "B", value: "b" }, otherKey)).status).toBe(404);
    expect((await call(`${optionPath(field.id)}/${option.id}`, {}, otherKey)).status).toBe(404);
    expect((await call(`${optionPath(field.id)}/${option.id}`, { method: "DELETE" }, otherKey)).status).toBe(
      404,
    );
    const theirs = await (await call("/v2/custom_field_definitions?page[size]=100", {}, otherKey)).json();
    expect(theirs.data).toEqual([]);
    expect((await call(path)).status).toBe(200);
  });

  it("lets a viewer read and not write; a member writes", async () => {
    const viewer = await personCookie(h, accountId, "viewer@fields.test", "viewer");
    const member = await personCookie(h, accountId, "member@fields.test", "member");
    expect((await asPerson(h, viewer, "/v2/custom_field_definitions")).status).toBe(200);
    const body = definitionBody({
      entity_type: "Container",
      api_slug: "seal",
      display_name: "Seal",
      data_type: "short_text",
    });
    const denied = await asPerson(h, viewer, "/v2/custom_field_definitions", { method: "POST", json: body });
    expect(denied.status).toBe(403);
    const made = await asPerson(h, member, "/v2/custom_field_definitions", { method: "POST", json: body });
    expect(made.status).toBe(201);
  });
});
