// Service tests of /v2/saved_views: create, list (by list, then name), read, rename and change, delete; a search the
// list would refuse is refused naming the bad part; one name per list; at most 100 per account; another account's
// view is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_VIEWS_MAX, savedViewDocumentSchema, savedViewListDocumentSchema } from "../../api/saved-views";
import { createHarness, type Harness } from "../testing/service-harness";

let h: Harness;
let key: string;
let otherKey: string;

beforeAll(async () => {
  h = await createHarness();
  key = (await h.newAccount("Views Co")).apiKey;
  otherKey = (await h.newAccount("Other Co")).apiKey;
});
afterAll(() => h.close());

type Init = { method?: string; json?: unknown };
const call = (path: string, init: Init = {}, as = key) => h.request(as, path, init);
const body = (attributes: Record<string, unknown>) => ({ data: { type: "saved_view", attributes } });
const create = (attributes: Record<string, unknown>, as = key) =>
  call("/v2/saved_views", { method: "POST", json: body(attributes) }, as);
const patch = (id: string, attributes: Record<string, unknown>, as = key) =>
  call(`/v2/saved_views/${id}`, { method: "PATCH", json: body(attributes) }, as);

async function created(attributes: Record<string, unknown>, as = key) {
  const response = await create(attributes, as);
  expect(response.status, await response.clone().text()).toBe(201);
  return savedViewDocumentSchema.parse(await response.json()).data;
}

async function listOf(as = key) {
  const response = await call("/v2/saved_views", {}, as);
  expect(response.status).toBe(200);
  return savedViewListDocumentSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return ((await response.json()) as { errors: { code: string; detail: string; source: unknown }[] })
    .errors[0]!;
}

describe("saved views", () => {
  it("saves a view with its search, and answers the /v2 list request that lists what it shows", async () => {
    const view = await created({
      name: "  LFD soon ",
      list: "containers",
      search: { "filter[lfd]": "within_2_days", sort: "-last_free_day_at", columns: "number,status", q: "" },
    });
    expect(view.attributes).toMatchObject({
      name: "LFD soon",
      list: "containers",
      search: { columns: "number,status", "filter[lfd]": "within_2_days", sort: "-last_free_day_at" },
    });
    expect(view.links.list).toBe("/v2/containers?filter[lfd]=within_2_days&sort=-last_free_day_at");
    const again = await call(view.links.self);
    expect(savedViewDocumentSchema.parse(await again.json()).data).toEqual(view);
    // The link lists with the list's own answer.
    expect((await call(view.links.list)).status).toBe(200);
  });

  it("turns the shipments list's tracking choice into its filter", async () => {
    const view = await created({
      name: "Stopped",
      list: "shipments",
      search: { tracking: "stopped", q: "MAEU" },
    });
    expect(view.links.list).toBe("/v2/shipments?filter[tracking_stopped]=true&q=MAEU");
  });

  it("lists the account's views by list and then name, whatever their case", async () => {
    const own = await h.newAccount("Ordered Co");
    for (const [name, list] of [
      ["b ships", "shipments"],
      ["Zulu", "containers"],
      ["alpha", "containers"],
      ["A ships", "shipments"],
    ] as const) {
      await created({ name, list }, own.apiKey);
    }
    const document = await listOf(own.apiKey);
    expect(document.data.map((v) => v.attributes.name)).toEqual(["alpha", "Zulu", "A ships", "b ships"]);
    expect(document.meta).toEqual({ size: 4, total: 4 });
  });

  it("refuses a search its list would refuse, naming the bad part with the list's own words", async () => {
    const cases: [string, Record<string, string>, string, RegExp][] = [
      [
        "containers",
        { "filter[lfd]": "next_week" },
        "filter[lfd]",
        /must be one of passed, today, within_2_days/,
      ],
      ["containers", { sort: "size" }, "sort", /'size' is not a field this list sorts by/],
      ["containers", { "filter[port_of_discharge]": "Savannah" }, "filter[port_of_discharge]", /UN\/LOCODEs/],
      ["containers", { "filter[eta_before]": "2026-02-30" }, "filter[eta_before]", /ISO 8601 date/],
      ["containers", { tracking: "stopped" }, "tracking", /not part of the containers list's address/],
      ["shipments", { "filter[bogus]": "1" }, "filter[bogus]", /not part of the shipments list's address/],
      ["shipments", { tracking: "paused" }, "tracking", /tracking must be one of all, active, stopped/],
      ["shipments", { columns: "bill of lading" }, "columns", /column ids separated by commas/],
      ["shipments", { sort: "number" }, "sort", /'number' is not a field this list sorts by/],
    ];
    for (const [list, search, key, detail] of cases) {
      const response = await create({ name: `Bad ${key}`, list, search });
      expect(response.status, `${list} ${key}`).toBe(422);
      const error = await errorOf(response);
      expect(error.source).toEqual({ pointer: `/data/attributes/search/${key}` });
      expect(error.detail).toMatch(detail);
    }
    const response = await create({ name: "Bad value", list: "containers", search: { sort: 3 } });
    expect(response.status).toBe(422);
    expect((await errorOf(response)).source).toEqual({ pointer: "/data/attributes/search/sort" });
  });

  it("refuses a blank or long name and an unknown list", async () => {
    for (const [attributes, pointer] of [
      [{ name: " ", list: "containers" }, "/data/attributes/name"],
      [{ name: "x".repeat(61), list: "containers" }, "/data/attributes/name"],
      [{ name: "Vessels", list: "vessels" }, "/data/attributes/list"],
      [{ name: "Owner", list: "containers", owner: "me" }, "/data/attributes/owner"],
    ] as const) {
      const response = await create(attributes);
      expect(response.status).toBe(422);
      expect((await errorOf(response)).source).toEqual({ pointer });
    }
  });

  it("keeps one name per list, whatever its case; the same name on the other list is another view", async () => {
    await created({ name: "On hold", list: "containers", search: { "filter[on_hold]": "true" } });
    const twice = await create({ name: "ON HOLD", list: "containers" });
    expect(twice.status).toBe(422);
    const error = await errorOf(twice);
    expect(error).toMatchObject({ code: "taken", source: { pointer: "/data/attributes/name" } });
    expect(error.detail).toContain("already has a view named 'ON HOLD'");
    await created({ name: "On hold", list: "shipments", search: { "filter[on_hold]": "true" } });
  });

  it("renames, changes the search, and refuses a rename onto another view's name", async () => {
    const view = await created({
      name: "Savannah",
      list: "containers",
      search: { "filter[port_of_discharge]": "USSAV" },
    });
    await created({ name: "Oakland", list: "containers" });
    const renamed = await patch(view.id, {
      name: "Savannah, by ETA",
      search: { "filter[port_of_discharge]": "USSAV", sort: "pod_eta_at" },
    });
    expect(renamed.status).toBe(200);
    const after = savedViewDocumentSchema.parse(await renamed.json()).data;
    expect(after.attributes).toMatchObject({
      name: "Savannah, by ETA",
      search: { "filter[port_of_discharge]": "USSAV", sort: "pod_eta_at" },
    });
    // Only the name: the search stays; a name that differs only in case is the view's own.
    const cased = await patch(view.id, { name: "SAVANNAH, BY ETA" });
    expect(savedViewDocumentSchema.parse(await cased.json()).data.attributes.search).toEqual(
      after.attributes.search,
    );
    const clash = await patch(view.id, { name: "oakland" });
    expect(clash.status).toBe(422);
    expect((await errorOf(clash)).source).toEqual({ pointer: "/data/attributes/name" });
    // Moved to the shipments list, its search is checked against that list's.
    const moved = await patch(view.id, { list: "shipments", search: { sort: "number" } });
    expect(moved.status).toBe(422);
    expect((await errorOf(moved)).source).toEqual({ pointer: "/data/attributes/search/sort" });
    const mismatch = await call(`/v2/saved_views/${view.id}`, {
      method: "PATCH",
      json: { data: { id: "another", attributes: { name: "x" } } },
    });
    expect(mismatch.status).toBe(422);
  });

  it("deletes", async () => {
    const view = await created({ name: "Short-lived", list: "shipments" });
    const deleted = await call(`/v2/saved_views/${view.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ meta: { deleted: true } });
    expect((await call(`/v2/saved_views/${view.id}`)).status).toBe(404);
    expect((await call(`/v2/saved_views/${view.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("keeps at most 100 views per account", async () => {
    const own = await h.newAccount("Full Co");
    await Promise.all(
      Array.from({ length: SAVED_VIEWS_MAX }, (_, i) =>
        created({ name: `View ${i}`, list: "containers" }, own.apiKey),
      ),
    );
    const one = await create({ name: "One more", list: "shipments" }, own.apiKey);
    expect(one.status).toBe(422);
    expect(await errorOf(one)).toMatchObject({ code: "limit_reached", source: { pointer: "/data" } });
    expect((await listOf(own.apiKey)).meta.total).toBe(SAVED_VIEWS_MAX);
  });

  it("never shows, changes or deletes another account's view", async () => {
    const mine = await created({ name: "Mine only", list: "containers" });
    expect((await listOf(otherKey)).data.map((v) => v.id)).not.toContain(mine.id);
    expect((await call(`/v2/saved_views/${mine.id}`, {}, otherKey)).status).toBe(404);
    expect((await patch(mine.id, { name: "Taken over" }, otherKey)).status).toBe(404);
    expect((await call(`/v2/saved_views/${mine.id}`, { method: "DELETE" }, otherKey)).status).toBe(404);
    // The other account may use the same name.
    await created({ name: "Mine only", list: "containers" }, otherKey);
    const still = savedViewDocumentSchema.parse(await (await call(`/v2/saved_views/${mine.id}`)).json()).data;
    expect(still.attributes.name).toBe("Mine only");
    expect((await call("/v2/saved_views/not-a-uuid")).status).toBe(404);
  });
});
