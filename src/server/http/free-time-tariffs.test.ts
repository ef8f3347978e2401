// Service tests of free time: /v2/free_time_tariffs (published read-only, the account's own added, changed and
// deleted, who may, bad input answered with words), and the containers' demurrage and detention counted from the
// tariff that applies, the account's own overriding the published one.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerSchema } from "../../api/containers";
import { tariffDocumentSchema, tariffListDocumentSchema } from "../../api/free-time";
import { insertKey } from "../db/accounts";
import { containers } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;
let otherKey: string;
let containerId: string;
let shipmentId: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Free Time Co");
  key = created.apiKey;
  accountId = created.account.id;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  const { shipment, containers: boxes } = await insertShipment(h.db, accountId, {
    containerNumbers: ["MSKU1234565"],
  });
  containerId = boxes[0]!.id;
  shipmentId = shipment.id;
  // Discharged at 10:00 in Los Angeles on 15 November; the harness's now is 04:00 there on the 20th: day 6.
  await h.db
    .update(containers)
    .set({ podDischargedAt: new Date("2026-11-15T18:00:00Z") })
    .where(eq(containers.id, containerId));
});
afterAll(() => h.close());

type Init = { method?: string; json?: unknown };
const call = (path: string, init: Init = {}, as = key) => h.request(as, path, init);
const body = (attributes: Record<string, unknown>) => ({ data: { type: "free_time_tariff", attributes } });
const OWN = {
  scac: "MAEU",
  kind: "demurrage",
  free_days: 7,
  tiers: [
    { from_day: 1, per_day: 100 },
    { from_day: 3, per_day: 200 },
  ],
};

async function errorOf(response: Response) {
  return ((await response.json()) as { errors: { code: string; detail: string; source: unknown }[] })
    .errors[0]!;
}

async function container(as = key) {
  const response = await call(`/v2/containers/${containerId}`, {}, as);
  expect(response.status).toBe(200);
  return containerSchema.parse((await response.json()).data).attributes;
}

describe("free time tariffs", () => {
  it("lists the published tariffs, read-only, and one line's with filter[scac]", async () => {
    const response = await call("/v2/free_time_tariffs?filter[scac]=maeu");
    expect(response.status).toBe(200);
    const list = tariffListDocumentSchema.parse(await response.json());
    expect(list.data.length).toBeGreaterThan(3);
    expect(list.data.every((t) => t.attributes.scac === "MAEU" && t.attributes.read_only)).toBe(true);
    const forty = list.data.find((t) => t.id === "published-maeu-demurrage-40")!;
    expect(forty.attributes).toMatchObject({ free_days: 4, currency: "USD", source: "published" });
    const one = await call(forty.links.self);
    expect(tariffDocumentSchema.parse(await one.json()).data).toEqual(forty);
    expect((await call("/v2/free_time_tariffs?filter[source]=mine")).status).toBe(400);
  });

  it("counts a container's demurrage from the published tariff, to the last free day the line reports", async () => {
    // The line gives 24 November (the harness's box): ten free days from the 15th, at the tariff's rates after.
    const reported = await container();
    expect(reported.demurrage).toMatchObject({
      tariff_id: "published-maeu-demurrage-40",
      free_days: 10,
      free_days_source: "reported",
      last_free_day: "2026-11-24",
      days_used: 6,
      days_left: 4,
      days_charged: 0,
      charges_so_far: 0,
    });
    // No day reported: the tariff's four.
    await h.db
      .update(containers)
      .set({ lfdLine: null, lfdTerminal: null })
      .where(eq(containers.id, containerId));
    const a = await container();
    expect(a.demurrage).toMatchObject({
      free_days_source: "tariff",
      tariff_id: "published-maeu-demurrage-40",
      tariff_source: "published",
      status: "running",
      free_days: 4,
      days_used: 6,
      days_left: 0,
      days_charged: 2,
      last_free_day: "2026-11-18",
      charges_so_far: 450,
      charges_tomorrow: 675,
      currency: "USD",
    });
    // Not picked up: detention (from pickup for this line) has not started.
    expect(a.detention).toMatchObject({ status: "not_started", awaiting_return: false, free_days: 4 });
    // A shipment's included containers carry the same.
    const shipment = await (await call(`/v2/shipments/${shipmentId}?include=containers`)).json();
    const included = shipment.included.find((r: { id: string }) => r.id === containerId);
    expect(included.attributes.demurrage).toEqual(a.demurrage);
  });

  it("adds an own tariff that overrides the published one, changes it and deletes it", async () => {
    const response = await call("/v2/free_time_tariffs", { method: "POST", json: body(OWN) });
    expect(response.status, await response.clone().text()).toBe(201);
    const own = tariffDocumentSchema.parse(await response.json()).data;
    expect(own.attributes).toMatchObject({
      source: "account",
      read_only: false,
      counts_from: "discharge",
      currency: "USD",
      port_locode: null,
    });
    let a = await container();
    expect(a.demurrage).toMatchObject({
      tariff_id: own.id,
      tariff_source: "account",
      days_left: 1,
      charges_so_far: 0,
      charges_tomorrow: 0,
      charges_at_risk: 100,
    });

    const changed = await call(`/v2/free_time_tariffs/${own.id}`, {
      method: "PATCH",
      json: body({ free_days: 5 }),
    });
    expect(changed.status).toBe(200);
    a = await container();
    expect(a.demurrage).toMatchObject({ days_left: 0, charges_so_far: 100, charges_tomorrow: 200 });

    // Another account neither sees nor changes it.
    expect((await call(`/v2/free_time_tariffs/${own.id}`, {}, otherKey)).status).toBe(404);
    expect((await call(`/v2/free_time_tariffs/${own.id}`, { method: "DELETE" }, otherKey)).status).toBe(404);

    expect((await call(`/v2/free_time_tariffs/${own.id}`, { method: "DELETE" })).status).toBe(200);
    // Each change is in the activity log, naming the tariff.
    const log = await (
      await call(
        "/v2/activity?filter[kind]=free_time_tariff.created,free_time_tariff.updated,free_time_tariff.deleted",
      )
    ).json();
    expect(log.data.map((a: { attributes: { kind: string } }) => a.attributes.kind).sort()).toEqual([
      "free_time_tariff.created",
      "free_time_tariff.deleted",
      "free_time_tariff.updated",
    ]);
    expect(log.data[0].attributes.summary).toMatch(/MAEU demurrage: 5 free days/);
    expect((await container()).demurrage?.tariff_source).toBe("published");
    expect((await call(`/v2/free_time_tariffs/${own.id}`)).status).toBe(404);
  });

  it("refuses to change or delete a published tariff, saying how to override it", async () => {
    const patch = await call("/v2/free_time_tariffs/published-maeu-demurrage-40", {
      method: "PATCH",
      json: body({ free_days: 30 }),
    });
    expect(patch.status).toBe(403);
    const error = await errorOf(patch);
    expect(error.code).toBe("read_only");
    expect(error.detail).toMatch(/published tariff.*override it/);
    expect(
      (await call("/v2/free_time_tariffs/published-maeu-demurrage-40", { method: "DELETE" })).status,
    ).toBe(403);
  });

  it("answers bad input with a 422 that names the attribute", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...OWN, tiers: [{ from_day: 2, per_day: 10 }] }, "/data/attributes/tiers/0/from_day"],
      [{ ...OWN, scac: "M4" }, "/data/attributes/scac"],
      [{ ...OWN, free_days: -2 }, "/data/attributes/free_days"],
      [{ ...OWN, kind: "storage" }, "/data/attributes/kind"],
      [{ ...OWN, currency: "dollars" }, "/data/attributes/currency"],
    ];
    for (const [attributes, pointer] of cases) {
      const response = await call("/v2/free_time_tariffs", { method: "POST", json: body(attributes) });
      expect(response.status, JSON.stringify(attributes)).toBe(422);
      expect((await errorOf(response)).source).toEqual({ pointer });
    }
    const notJson = await h.request(key, "/v2/free_time_tariffs", { method: "POST", body: "{" });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });

  it("lets admins and owners write tariffs; members, viewers and read-only keys only read them", async () => {
    const admin = await personCookie(h, accountId, "admin@free-time.test", "admin");
    const member = await personCookie(h, accountId, "member@free-time.test", "member");
    const viewer = await personCookie(h, accountId, "viewer@free-time.test", "viewer");
    const post = (cookie: string) =>
      asPerson(h, cookie, "/v2/free_time_tariffs", { method: "POST", json: body(OWN) });
    expect((await post(admin)).status).toBe(201);
    for (const cookie of [member, viewer]) {
      const refused = await post(cookie);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).detail).toMatch(/admin/);
      expect((await asPerson(h, cookie, "/v2/free_time_tariffs")).status).toBe(200);
    }
    const { key: readOnly } = await insertKey(h.db, accountId, { name: "reports", scope: "read_only" });
    expect((await call("/v2/free_time_tariffs", { method: "POST", json: body(OWN) }, readOnly)).status).toBe(
      403,
    );
    expect((await call("/v2/free_time_tariffs", {}, readOnly)).status).toBe(200);
  });
});
