// Service tests of `filter[custom_fields.<api_slug>]` on /v2/shipments and /v2/containers: the records whose field
// has any of the values, each value read as its field's data type (text, number, date, boolean, enum_multi), the
// count with the page, combined with the other filters; a slug of another kind or account, or a value that cannot
// be of its type, a 400 naming the parameter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let otherKey: string;
const ids: string[] = [];
const boxes: string[] = [];

async function define(attributes: Record<string, unknown>, options: string[] = [], as = key) {
  const response = await h.request(as, "/v2/custom_field_definitions", {
    method: "POST",
    json: { data: { type: "custom_field_definition", attributes: { display_name: "F", ...attributes } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const id = (await response.json()).data.id;
  for (const value of options) {
    const added = await h.request(as, `/v2/custom_field_definitions/${id}/options`, {
      method: "POST",
      json: { data: { type: "custom_field_option", attributes: { value, label: value } } },
    });
    expect(added.status).toBe(201);
  }
}

async function set(path: string, api_slug: string, value: unknown, as = key) {
  const response = await h.request(as, `${path}/custom_fields`, {
    method: "POST",
    json: { data: { type: "custom_field", attributes: { api_slug, value } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function list(path: string, as = key) {
  const response = await h.request(as, path);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = await response.json();
  return { ids: body.data.map((r: { id: string }) => r.id) as string[], total: body.meta.total as number };
}

async function refused(path: string, parameter: string) {
  const response = await h.request(key, path);
  expect(response.status).toBe(400);
  const [error] = (await response.json()).errors;
  expect(error.source).toEqual({ parameter });
  return error.detail as string;
}

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Field Filters Co");
  key = mine.apiKey;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  await define({ entity_type: "Shipment", api_slug: "desk", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "pallets", data_type: "number" });
  await define({ entity_type: "Shipment", api_slug: "due", data_type: "date" });
  await define({ entity_type: "Shipment", api_slug: "hazardous", data_type: "boolean" });
  await define({ entity_type: "Shipment", api_slug: "handling", data_type: "enum_multi" }, [
    "cold",
    "dry",
    "fragile",
  ]);
  await define({ entity_type: "Container", api_slug: "po", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "theirs", data_type: "short_text" }, [], otherKey);
  for (let i = 0; i < 3; i++) {
    const { shipment, containers } = await insertShipment(h.db, mine.account.id);
    ids.push(shipment.id);
    boxes.push(containers[0]!.id);
  }
  const [a, b, c] = ids.map((id) => `/v2/shipments/${id}`) as [string, string, string];
  await set(a, "desk", "Rotterdam");
  await set(b, "desk", "Hamburg");
  await set(a, "pallets", 12);
  await set(b, "pallets", 12.5);
  await set(c, "pallets", 40);
  await set(a, "due", "2026-12-24");
  await set(b, "hazardous", true);
  await set(c, "hazardous", false);
  await set(a, "handling", ["cold", "fragile"]);
  await set(c, "handling", ["dry"]);
  await set(`/v2/containers/${boxes[1]}`, "po", "PO-7");
});
afterAll(() => h.close());

describe("filter[custom_fields.<api_slug>]", () => {
  it("lists the shipments whose field has any of the values, with their count", async () => {
    const [a, b, c] = ids as [string, string, string];
    expect(await list("/v2/shipments?filter[custom_fields.desk]=Rotterdam")).toEqual({ ids: [a], total: 1 });
    expect((await list("/v2/shipments?filter[custom_fields.desk]=Rotterdam,Hamburg")).ids.sort()).toEqual(
      [a, b].sort(),
    );
    expect((await list("/v2/shipments?filter[custom_fields.pallets]=12,40")).ids.sort()).toEqual(
      [a, c].sort(),
    );
    expect((await list("/v2/shipments?filter[custom_fields.pallets]=12.5")).ids).toEqual([b]);
    expect((await list("/v2/shipments?filter[custom_fields.due]=2026-12-24")).ids).toEqual([a]);
    expect((await list("/v2/shipments?filter[custom_fields.hazardous]=false")).ids).toEqual([c]);
    expect((await list("/v2/shipments?filter[custom_fields.handling]=fragile,dry")).ids.sort()).toEqual(
      [a, c].sort(),
    );
  });

  it("combines with the other filters and with each other", async () => {
    const [a] = ids as [string];
    // Two fields: counted as the records both hold.
    expect(
      await list("/v2/shipments?filter[custom_fields.pallets]=12,12.5&filter[custom_fields.handling]=cold"),
    ).toEqual({ ids: [a], total: 1 });
    expect(
      (await list("/v2/shipments?filter[custom_fields.desk]=Rotterdam&filter[tracking_stopped]=true")).total,
    ).toBe(0);
  });

  it("lists the containers by their own fields", async () => {
    expect(await list("/v2/containers?filter[custom_fields.po]=PO-7")).toEqual({ ids: [boxes[1]], total: 1 });
    // A Shipment field is not a container's.
    await refused("/v2/containers?filter[custom_fields.desk]=Rotterdam", "filter[custom_fields.desk]");
  });

  it("refuses a slug of no field of the account, and a value that cannot be of the field's type", async () => {
    expect(
      await refused("/v2/shipments?filter[custom_fields.theirs]=x", "filter[custom_fields.theirs]"),
    ).toContain("filter[entity_type]=Shipment");
    await refused("/v2/shipments?filter[custom_fields.pallets]=twelve", "filter[custom_fields.pallets]");
    await refused("/v2/shipments?filter[custom_fields.due]=24/12/2026", "filter[custom_fields.due]");
    await refused("/v2/shipments?filter[custom_fields.hazardous]=yes", "filter[custom_fields.hazardous]");
  });

  it("filters nothing when empty", async () => {
    expect((await list("/v2/shipments?filter[custom_fields.desk]=")).total).toBe(3);
  });
});
