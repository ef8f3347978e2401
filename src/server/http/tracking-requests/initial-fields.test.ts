// Service tests of a new tracking request's `initial_custom_fields` (the hosted API's): the values are checked
// against the account's definitions when the request is made (422 at the entry, every entry named, nothing
// stored), kept with the request, and set by the engine on the shipment it becomes and on its containers of the
// numbers given.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSandboxBillOfLading, sandbox, sandboxEngine } from "../../testing/sandbox-shipments";
import { createHarness, type Harness } from "../../testing/service-harness";

let h: Harness;
let key: string;
let otherKey: string;

// biome-ignore lint/suspicious/noExplicitAny: response bodies, read field by field.
type Json = Record<string, any>;

async function define(attributes: Json, options: [string, string][] = [], as = key) {
  const response = await h.request(as, "/v2/custom_field_definitions", {
    method: "POST",
    json: { data: { type: "custom_field_definition", attributes: { display_name: "F", ...attributes } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const id = (await response.json()).data.id;
  for (const [value, label] of options) {
    const added = await h.request(as, `/v2/custom_field_definitions/${id}/options`, {
      method: "POST",
      json: { data: { type: "custom_field_option", attributes: { value, label } } },
    });
    expect(added.status).toBe(201);
  }
}

const requestBody = (number: string, initial: unknown) => ({
  data: {
    type: "tracking_request",
    attributes: {
      request_type: "bill_of_lading",
      request_number: number,
      scac: "MSCU",
      initial_custom_fields: initial,
    },
  },
});
const post = (number: string, initial: unknown, as = key) =>
  h.request(as, "/v2/tracking_requests", { method: "POST", json: requestBody(number, initial) });

/** A sandbox bill of lading the engine finds at once, and its containers' numbers. */
function billWithBoxes(seedOffset: number) {
  let skipped = 0;
  const number = findSandboxBillOfLading("MSCU", h.clock.now(), 0, (s) => {
    if (s.containers.length < 2) return false;
    return skipped++ >= seedOffset;
  });
  const answer = sandbox.lookupNow(
    { requestType: "bill_of_lading", number, scac: "MSCU", requestedAt: h.clock.now() },
    h.clock.now(),
  );
  if (answer.outcome !== "found") throw new Error("the sandbox lost its bill of lading");
  return { number, boxes: answer.snapshot.containers.map((c) => c.number) };
}

const fieldsOf = async (path: string, as = key) => {
  const body = await (await h.request(as, `${path}/custom_fields`)).json();
  return Object.fromEntries(body.data.map((f: Json) => [f.attributes.api_slug, f.attributes]));
};

beforeAll(async () => {
  h = await createHarness();
  key = (await h.newAccount("Initial Fields Co")).apiKey;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  await define({ entity_type: "Shipment", api_slug: "booking_reference", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "priority", data_type: "enum" }, [["p1", "Urgent"]]);
  await define({
    entity_type: "Container",
    api_slug: "po_number",
    data_type: "short_text",
    validation: { max_length: 10 },
  });
  await define({ entity_type: "Container", api_slug: "pallets", data_type: "number" });
  // The other account has a field of the same slug: it must not count for this one.
  await define({ entity_type: "Shipment", api_slug: "theirs", data_type: "short_text" }, [], otherKey);
});
afterAll(() => h.close());

describe("initial_custom_fields of a new tracking request", () => {
  it("are set on the shipment it becomes and on its containers of the numbers given", async () => {
    const { number, boxes } = billWithBoxes(0);
    const [first, second] = boxes as [string, string];
    const response = await post(number, {
      shipment: [
        { api_slug: "booking_reference", value: "BOOK-2026-001" },
        { api_slug: "priority", value: "p1" },
      ],
      containers: [
        { api_slug: "po_number", value: "PO-123", number: first },
        // As people type them: lower case, with a dash.
        {
          api_slug: "po_number",
          value: "PO-999",
          number: `${second.slice(0, 4).toLowerCase()}-${second.slice(4)}`,
        },
        { api_slug: "pallets", value: 12, number: first },
        // A box the bill of lading does not hold: nothing to set.
        { api_slug: "pallets", value: 3, number: "MSKU1234565" },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const requestId = (await response.json()).data.id;
    // Kept with the request until it becomes a shipment: the shipment's fields are the request's own.
    expect(await fieldsOf(`/v2/tracking_requests/${requestId}`)).toMatchObject({
      booking_reference: { value: "BOOK-2026-001" },
      priority: { value: "p1", display_value: "Urgent" },
    });

    await sandboxEngine(h).runUntilIdle();
    const request = await (await h.request(key, `/v2/tracking_requests/${requestId}`)).json();
    const shipmentId = request.data.relationships.tracked_object.data.id;
    expect(await fieldsOf(`/v2/shipments/${shipmentId}`)).toMatchObject({
      booking_reference: { value: "BOOK-2026-001" },
      priority: { value: "p1" },
    });
    const shipment = await (await h.request(key, `/v2/shipments/${shipmentId}?include=containers`)).json();
    const idOf = (n: string) => shipment.included.find((c: Json) => c.attributes.number === n).id;
    const firstFields = await fieldsOf(`/v2/containers/${idOf(first)}`);
    expect(firstFields).toMatchObject({ po_number: { value: "PO-123" }, pallets: { value: 12 } });
    const secondFields = await fieldsOf(`/v2/containers/${idOf(second)}`);
    expect(secondFields).toMatchObject({ po_number: { value: "PO-999" } });
    expect(secondFields.pallets).toBeUndefined();
  });

  it("are refused at each entry that names no definition of its kind or a value that does not suit it, and nothing is stored", async () => {
    const { number, boxes } = billWithBoxes(1);
    const response = await post(number, {
      shipment: [
        { api_slug: "booking_reference", value: 42 },
        { api_slug: "po_number", value: "PO-1" },
        { api_slug: "theirs", value: "x" },
        { api_slug: "priority", value: "p9" },
      ],
      containers: [{ api_slug: "po_number", value: "PO-12345678901", number: boxes[0] }],
    });
    expect(response.status).toBe(422);
    const errors = (await response.json()).errors as Json[];
    const base = "/data/attributes/initial_custom_fields";
    expect(errors.map((e) => [e.source.pointer, e.code])).toEqual([
      [`${base}/shipment/0/value`, "invalid"],
      // A Container field named in the shipment's list.
      [`${base}/shipment/1/api_slug`, "not_found"],
      // Another account's field.
      [`${base}/shipment/2/api_slug`, "not_found"],
      [`${base}/shipment/3/value`, expect.any(String)],
      [`${base}/containers/0/value`, expect.any(String)],
    ]);
    expect(errors[1]?.detail).toContain("GET /v2/custom_field_definitions?filter[entity_type]=Shipment");
    const list = await (
      await h.request(key, `/v2/tracking_requests?filter[request_number]=${number}`)
    ).json();
    expect(list.data).toEqual([]);
  });

  it("are refused when their shape is wrong, with the tracking request's other problems", async () => {
    const response = await h.request(key, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          attributes: {
            request_type: "bill_of_lading",
            request_number: "",
            scac: "MSCU",
            initial_custom_fields: {
              shipment: [{ api_slug: "booking_reference" }],
              containers: [{ api_slug: "po_number", value: "x", number: "MSKU1234566" }],
              invoices: [],
            },
          },
        },
      },
    });
    expect(response.status).toBe(422);
    const pointers = ((await response.json()).errors as Json[]).map((e) => e.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/data/attributes/request_number",
        "/data/attributes/initial_custom_fields/shipment/0/value",
        "/data/attributes/initial_custom_fields/containers/0/number",
      ]),
    );
    expect(pointers.some((p) => p.startsWith("/data/attributes/initial_custom_fields"))).toBe(true);
  });
});
