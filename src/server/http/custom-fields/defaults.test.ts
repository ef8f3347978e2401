// Service tests of custom fields' default values: a definition's `default_value` is set on each record of its kind
// made after it (a tracking request through the API; the shipment the engine makes of it and that shipment's
// containers), as a value lists filter by; a value the request gave stands; records made before keep none;
// another account's definitions give nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSandboxBillOfLading, sandboxEngine } from "../../testing/sandbox-shipments";
import { createHarness, type Harness } from "../../testing/service-harness";

let h: Harness;
let key: string;
let otherKey: string;

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field.
type Json = Record<string, any>;

async function define(attributes: Json, as = key): Promise<string> {
  const response = await h.request(as, "/v2/custom_field_definitions", {
    method: "POST",
    json: { data: { type: "custom_field_definition", attributes: { display_name: "F", ...attributes } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).data.id;
}
async function addOption(definitionId: string, value: string): Promise<string> {
  const added = await h.request(key, `/v2/custom_field_definitions/${definitionId}/options`, {
    method: "POST",
    json: { data: { type: "custom_field_option", attributes: { value, label: value } } },
  });
  expect(added.status).toBe(201);
  return (await added.json()).data.id;
}
async function setDefault(definitionId: string, value: unknown) {
  const response = await h.request(key, `/v2/custom_field_definitions/${definitionId}`, {
    method: "PATCH",
    json: { data: { type: "custom_field_definition", attributes: { default_value: value } } },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const fieldsOf = async (path: string, as = key) => {
  const body = await (await h.request(as, `${path}/custom_fields`)).json();
  return Object.fromEntries(body.data.map((f: Json) => [f.attributes.api_slug, f.attributes.value]));
};

/** A sandbox bill of lading the engine finds at once (the `skip`-th that does). */
function bill(skip: number) {
  let skipped = 0;
  return findSandboxBillOfLading("MSCU", h.clock.now(), 0, () => skipped++ >= skip);
}
async function track(number: string, initial?: unknown, as = key): Promise<string> {
  const response = await h.request(as, "/v2/tracking_requests", {
    method: "POST",
    json: {
      data: {
        type: "tracking_request",
        attributes: {
          request_type: "bill_of_lading",
          request_number: number,
          scac: "MSCU",
          initial_custom_fields: initial,
        },
      },
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).data.id;
}
async function shipmentOf(requestId: string, as = key): Promise<string> {
  await sandboxEngine(h).runUntilIdle();
  const request = await (await h.request(as, `/v2/tracking_requests/${requestId}`)).json();
  const id = request.data.relationships.tracked_object.data?.id;
  expect(id).toBeDefined();
  return id;
}
async function containersOf(shipmentId: string): Promise<string[]> {
  const body = await (await h.request(key, `/v2/shipments/${shipmentId}`)).json();
  return body.data.relationships.containers.data.map((c: Json) => c.id);
}

let before: { shipment: string; request: string };

beforeAll(async () => {
  h = await createHarness();
  key = (await h.newAccount("Defaults Co")).apiKey;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  // A shipment made before any default exists.
  const request = await track(bill(0));
  before = { request, shipment: await shipmentOf(request) };
  await define({
    entity_type: "Shipment",
    api_slug: "desk",
    data_type: "short_text",
    default_value: "Unassigned",
  });
  await define({ entity_type: "Shipment", api_slug: "pallets", data_type: "number", default_value: 3 });
  await define({
    entity_type: "Shipment",
    api_slug: "booking",
    data_type: "short_text",
    default_value: "NONE",
  });
  await define({
    entity_type: "Container",
    api_slug: "inspected",
    data_type: "boolean",
    default_value: false,
  });
  await define({ entity_type: "Container", api_slug: "due", data_type: "date", default_value: "2026-12-24" });
  const lane = await define({ entity_type: "TrackingRequest", api_slug: "lane", data_type: "enum" });
  await addOption(lane, "asia-us");
  await setDefault(lane, "asia-us");
  // Another account's default of the same slug never reaches this account's records.
  await define(
    { entity_type: "Shipment", api_slug: "theirs", data_type: "short_text", default_value: "X" },
    otherKey,
  );
});
afterAll(() => h.close());

describe("a definition's default value", () => {
  it("is set on a new tracking request, its shipment and the shipment's containers; a given value stands", async () => {
    const requestId = await track(bill(1), { shipment: [{ api_slug: "booking", value: "BOOK-1" }] });
    expect(await fieldsOf(`/v2/tracking_requests/${requestId}`)).toEqual({
      lane: "asia-us",
      booking: "BOOK-1",
    });
    const shipmentId = await shipmentOf(requestId);
    // The request's own value stands over the default.
    expect(await fieldsOf(`/v2/shipments/${shipmentId}`)).toEqual({
      desk: "Unassigned",
      pallets: 3,
      booking: "BOOK-1",
    });
    const boxes = await containersOf(shipmentId);
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes)
      expect(await fieldsOf(`/v2/containers/${box}`)).toEqual({ inspected: false, due: "2026-12-24" });
  });

  it("is a value like any other: lists filter by it and it can be changed", async () => {
    const requestId = await track(bill(2));
    const shipmentId = await shipmentOf(requestId);
    const found = await (await h.request(key, "/v2/shipments?filter[custom_fields.desk]=Unassigned")).json();
    expect(found.data.map((s: Json) => s.id)).toContain(shipmentId);
    expect(found.data.map((s: Json) => s.id)).not.toContain(before.shipment);
    const changed = await h.request(key, `/v2/shipments/${shipmentId}/custom_fields/desk`, {
      method: "PATCH",
      json: { data: { type: "custom_field", attributes: { value: "Imports" } } },
    });
    expect(changed.status).toBe(200);
    expect((await fieldsOf(`/v2/shipments/${shipmentId}`)).desk).toBe("Imports");
  });

  it("is not given to records made before it", async () => {
    expect(await fieldsOf(`/v2/shipments/${before.shipment}`)).toEqual({});
    expect(await fieldsOf(`/v2/tracking_requests/${before.request}`)).toEqual({});
  });

  it("of one account never reaches another's records", async () => {
    const requestId = await track(bill(3), undefined, otherKey);
    const shipmentId = await shipmentOf(requestId, otherKey);
    expect(await fieldsOf(`/v2/shipments/${shipmentId}`, otherKey)).toEqual({ theirs: "X" });
  });
});
