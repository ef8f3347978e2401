// Service tests of custom fields as list columns: `sort=custom_fields.<api_slug>` on /v2/shipments and /v2/containers
// (numbers numerically, dates and times chronologically, texts without case, records without a value last in both
// directions, pages across the valued and the unvalued rows, with filters and a second key), `include=custom_fields`
// (each record's values with display values, named in its relationships), saved views that keep custom field
// filters and sorts, and the 400s and 422s of a slug the list's kind of record does not have.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
/** s[0] is the newest shipment, s[5] the oldest (the default order, which breaks ties). */
const s: string[] = [];
const boxes: string[] = [];

async function define(attributes: Record<string, unknown>, options: [string, string][] = [], as = key) {
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

async function set(path: string, api_slug: string, value: unknown) {
  const response = await h.request(key, `${path}/custom_fields`, {
    method: "POST",
    json: { data: { type: "custom_field", attributes: { api_slug, value } } },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function read(path: string) {
  const response = await h.request(key, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** The list's ids, as indexes into `of` (s or boxes) for readable expectations. */
async function order(path: string, of: string[] = s) {
  const body = await read(path);
  return (body.data as { id: string }[]).map((r) => of.indexOf(r.id));
}

async function refused(path: string, parameter = "sort") {
  const response = await h.request(key, path);
  expect(response.status).toBe(400);
  const [error] = (await response.json()).errors;
  expect(error.source).toEqual({ parameter });
  return error.detail as string;
}

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Field Columns Co");
  key = mine.apiKey;
  const other = await h.newAccount("Other Co");
  await define({ entity_type: "Shipment", api_slug: "pallets", data_type: "number" });
  await define({ entity_type: "Shipment", api_slug: "desk", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "due", data_type: "date" });
  await define({ entity_type: "Shipment", api_slug: "landed", data_type: "datetime" });
  await define({ entity_type: "Shipment", api_slug: "hazardous", data_type: "boolean" });
  await define({ entity_type: "Shipment", api_slug: "grade", data_type: "enum" }, [["a", "Grade A"]]);
  await define({ entity_type: "Shipment", api_slug: "handling", data_type: "enum_multi" }, [["dry", "Dry"]]);
  await define({ entity_type: "Container", api_slug: "po", data_type: "short_text" });
  await define({ entity_type: "Shipment", api_slug: "theirs", data_type: "number" }, [], other.apiKey);
  for (let i = 0; i < 6; i++) {
    const { shipment, containers } = await insertShipment(h.db, mine.account.id);
    s.push(shipment.id);
    boxes.push(containers[0]!.id);
  }
  const at = (i: number) => `/v2/shipments/${s[i]}`;
  for (const [i, n] of [
    [0, 12],
    [1, 3],
    [2, 100],
    [3, -1.5],
  ] as const)
    await set(at(i), "pallets", n);
  for (const [i, desk] of [
    [0, "rotterdam"],
    [1, "Amsterdam"],
    [2, "hamburg"],
    [3, "Zeebrugge"],
    [4, "amsterdam"],
  ] as const)
    await set(at(i), "desk", desk);
  await set(at(1), "due", "2026-03-01");
  await set(at(5), "due", "2025-12-31");
  await set(at(2), "due", "2026-01-15");
  // 08:00 UTC, before s[0]'s 09:00 UTC although its text sorts after it.
  await set(at(4), "landed", "2026-11-20T10:00:00+02:00");
  await set(at(0), "landed", "2026-11-20T09:00:00Z");
  await set(at(2), "hazardous", true);
  await set(at(3), "hazardous", false);
  await set(at(0), "grade", "a");
  await set(at(0), "handling", ["dry"]);
  await set(`/v2/containers/${boxes[0]}`, "po", "b-2");
  await set(`/v2/containers/${boxes[1]}`, "po", "A-10");
});
afterAll(() => h.close());

describe("sort=custom_fields.<api_slug>", () => {
  it("orders numbers numerically, those without a value last in both directions", async () => {
    expect(await order("/v2/shipments?sort=custom_fields.pallets")).toEqual([3, 1, 0, 2, 4, 5]);
    expect(await order("/v2/shipments?sort=-custom_fields.pallets")).toEqual([2, 0, 1, 3, 4, 5]);
  });

  it("orders texts without regard to case, ties in the default order (newest first)", async () => {
    expect(await order("/v2/shipments?sort=custom_fields.desk")).toEqual([1, 4, 2, 0, 3, 5]);
    expect(await order("/v2/shipments?sort=-custom_fields.desk")).toEqual([3, 0, 2, 1, 4, 5]);
  });

  it("orders dates and times chronologically, and booleans false before true", async () => {
    expect(await order("/v2/shipments?sort=custom_fields.due")).toEqual([5, 2, 1, 0, 3, 4]);
    expect(await order("/v2/shipments?sort=-custom_fields.due")).toEqual([1, 2, 5, 0, 3, 4]);
    expect((await order("/v2/shipments?sort=custom_fields.landed")).slice(0, 2)).toEqual([4, 0]);
    expect((await order("/v2/shipments?sort=custom_fields.hazardous")).slice(0, 2)).toEqual([3, 2]);
  });

  it("pages across the rows with a value and those without, with the list's total", async () => {
    const path = "/v2/shipments?sort=custom_fields.pallets&page[size]=";
    expect(await order(`${path}2&page[number]=1`)).toEqual([3, 1]);
    expect(await order(`${path}2&page[number]=2`)).toEqual([0, 2]);
    expect(await order(`${path}2&page[number]=3`)).toEqual([4, 5]);
    expect(await order(`${path}3&page[number]=2`)).toEqual([2, 4, 5]);
    expect(await order(`${path}4&page[number]=4`)).toEqual([]);
    const page = await read(`${path}2&page[number]=2`);
    expect(page.meta.total).toBe(6);
    expect(decodeURIComponent(page.links.next)).toContain("sort=custom_fields.pallets");
  });

  it("sorts what the filters leave, by a second key within the first", async () => {
    expect(
      await order("/v2/shipments?filter[custom_fields.desk]=amsterdam,hamburg&sort=-custom_fields.pallets"),
    ).toEqual([2, 4]);
    expect(await order("/v2/shipments?sort=custom_fields.hazardous,-custom_fields.pallets")).toEqual([
      3, 2, 0, 1, 4, 5,
    ]);
    expect(await order("/v2/shipments?sort=-custom_fields.pallets,bill_of_lading_number")).toEqual([
      2, 0, 1, 3, 4, 5,
    ]);
  });

  it("sorts containers by their own fields", async () => {
    expect((await order("/v2/containers?sort=custom_fields.po", boxes)).slice(0, 2)).toEqual([1, 0]);
    expect((await order("/v2/containers?sort=-custom_fields.po", boxes)).slice(0, 3)).toEqual([0, 1, 2]);
  });

  it("refuses a slug the list's kind of record does not have, and a field of several values", async () => {
    expect(await refused("/v2/shipments?sort=custom_fields.nope")).toContain("filter[entity_type]=Shipment");
    await refused("/v2/shipments?sort=-custom_fields.theirs");
    await refused("/v2/shipments?sort=custom_fields.po");
    await refused("/v2/containers?sort=custom_fields.pallets");
    await refused("/v2/shipments?sort=custom_fields.Bad-Slug");
    expect(await refused("/v2/shipments?sort=custom_fields.handling")).toContain("enum_multi");
  });
});

describe("include=custom_fields", () => {
  it("includes each listed record's values and names them in its relationships", async () => {
    const body = await read("/v2/shipments?sort=custom_fields.pallets&include=custom_fields");
    const first = body.data.find((r: { id: string }) => r.id === s[0]);
    const ids = first.relationships.custom_fields.data.map((d: { id: string }) => d.id);
    const values = body.included.filter((r: { id: string; type: string }) => ids.includes(r.id));
    expect(values.map((v: { attributes: { api_slug: string } }) => v.attributes.api_slug).sort()).toEqual(
      ["desk", "grade", "handling", "landed", "pallets"].sort(),
    );
    const grade = values.find((v: { attributes: { api_slug: string } }) => v.attributes.api_slug === "grade");
    expect(grade).toMatchObject({
      type: "custom_field",
      attributes: { value: "a", display_value: "Grade A" },
      relationships: { entity: { data: { type: "shipment", id: s[0] } } },
    });
    const oldest = body.data.find((r: { id: string }) => r.id === s[5]);
    expect(oldest.relationships.custom_fields.data.map((d: { id: string }) => d.id)).toHaveLength(1);
    // Asked for nothing, a record says nothing of its fields.
    const plain = await read("/v2/shipments");
    expect(plain.data[0].relationships.custom_fields).toBeUndefined();
  });

  it("includes a container's and a single shipment's values", async () => {
    const box = await read(`/v2/containers/${boxes[1]}?include=custom_fields`);
    expect(
      box.included.map((r: { attributes: { display_value: string } }) => r.attributes.display_value),
    ).toEqual(["A-10"]);
    const one = await read(`/v2/shipments/${s[3]}?include=custom_fields`);
    expect(one.data.relationships.custom_fields.data).toHaveLength(3);
  });
});

describe("saved views of custom field columns", () => {
  const search = {
    "filter[custom_fields.desk]": "amsterdam",
    sort: "-custom_fields.pallets",
    columns: "bill_of_lading,custom_fields.pallets,custom_fields.desk",
  };

  it("keep a custom field filter, sort and columns, and list what they show", async () => {
    const created = await h.request(key, "/v2/saved_views", {
      method: "POST",
      json: {
        data: { type: "saved_view", attributes: { name: "Amsterdam desk", list: "shipments", search } },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { data } = await created.json();
    const again = await read(`/v2/saved_views/${data.id}`);
    expect(again.data.attributes.search).toEqual(search);
    // A filter matches the value as written (its case too); only the sort ignores case.
    expect(await order(again.data.links.list)).toEqual([4]);
  });

  it("refuse a custom field the list's kind of record does not have", async () => {
    for (const [bad, at] of [
      [{ "filter[custom_fields.po]": "x" }, "filter[custom_fields.po]"],
      [{ sort: "custom_fields.nope" }, "sort"],
      [{ "filter[custom_fields.pallets]": "many" }, "filter[custom_fields.pallets]"],
    ] as const) {
      const response = await h.request(key, "/v2/saved_views", {
        method: "POST",
        json: { data: { type: "saved_view", attributes: { name: "Bad", list: "shipments", search: bad } } },
      });
      expect(response.status).toBe(422);
      const [error] = (await response.json()).errors;
      expect(error.source).toEqual({ pointer: `/data/attributes/search/${at}` });
    }
  });
});
