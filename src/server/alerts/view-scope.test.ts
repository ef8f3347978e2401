// Service tests of rules scoped to a saved view: a containers view (by its text search) tells of its boxes, a
// shipments view (by tag, or by a custom field) of its shipments' boxes and of a shipment's own change, neither of
// anything else; another account's view, an unknown id and a malformed one are refused at the scope's pointer with
// nothing stored; a view deleted later leaves its rule telling nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutbox } from "../db/outbox";
import { alertRules, alerts } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

describe("alert rules scoped to a saved view", () => {
  let h: Harness;
  let accountId: string;
  let apiKey: string;
  let otherKey: string;
  let ana: string;

  beforeAll(async () => {
    h = await createHarness();
    const created = await h.newAccount("View Alerts Co");
    accountId = created.account.id;
    apiKey = created.apiKey;
    otherKey = (await h.newAccount("Someone Else")).apiKey;
    ana = await personCookie(h, accountId, "ana@views.example", "member");
  });
  afterAll(() => h.close());

  async function view(key: string, name: string, list: string, search: Record<string, string>) {
    const response = await h.request(key, "/v2/saved_views", {
      method: "POST",
      json: { data: { type: "saved_view", attributes: { name, list, search } } },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }
  /** The engine's record of a shipment's first box arriving. */
  const arrival = (s: Awaited<ReturnType<typeof insertShipment>>) => ({
    accountId,
    shipmentId: s.shipment.id,
    containerId: s.containers[0]!.id,
    createdAt: h.clock.now(),
    event: "container.transport.vessel_arrived",
    referenceType: "transport_event",
    referenceId: s.containers[0]!.id,
  });
  const rule = (attributes: Record<string, unknown>) =>
    asPerson(h, ana, "/v2/alert_rules", { method: "POST", json: { data: { attributes } } });

  /** Records each event as the engine does, fans them out, and answers the titles of the alerts stored now. */
  async function record(rows: Parameters<typeof insertOutbox>[1]): Promise<string[]> {
    const before = new Set(
      (await h.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.accountId, accountId))).map(
        (r) => r.id,
      ),
    );
    await insertOutbox(h.db, rows);
    await h.service.webhookDelivery.fanOut();
    await h.service.alerts.runOnce();
    const now = await h.db
      .select({ id: alerts.id, rule: alerts.ruleName, title: alerts.title })
      .from(alerts)
      .where(eq(alerts.accountId, accountId));
    return now
      .filter((r) => !before.has(r.id))
      .map((r) => `${r.rule}: ${r.title}`)
      .sort();
  }

  it("refuses another account's view, an unknown and a malformed id, storing nothing", async () => {
    const theirs = await view(otherKey, "Theirs", "containers", { "filter[on_hold]": "true" });
    for (const id of [theirs, "0b7c6f0e-1f0a-4c1e-9d59-3f1f7e0a9a11", "not-an-id"]) {
      const refused = await rule({
        name: "Wrong view",
        kind: "vessel_arrived",
        scope: { type: "saved_view", id },
      });
      expect(refused.status).toBe(422);
      const error = ((await refused.json()) as { errors: { source: { pointer: string }; detail: string }[] })
        .errors[0]!;
      expect(error.source.pointer).toBe("/data/attributes/scope/id");
      expect(error.detail).toContain("GET /v2/saved_views lists them");
    }
    const stored = await h.db.select().from(alertRules).where(eq(alertRules.accountId, accountId));
    expect(stored).toEqual([]);
  });

  it("tells of what each view shows when the change is read, and of nothing once the view is gone", async () => {
    const boxesView = await view(apiKey, "VW boxes", "containers", { q: "VWCU" });
    const urgentView = await view(apiKey, "Urgent shipments", "shipments", { "filter[tags]": "urgent" });
    for (const [name, kind, id] of [
      ["Boxes arrived", "vessel_arrived", boxesView],
      ["Urgent arrived", "vessel_arrived", urgentView],
      ["Urgent ETA", "eta_moved", urgentView],
    ] as const) {
      const made = await rule({
        name,
        kind,
        threshold: kind === "eta_moved" ? 12 : undefined,
        scope: { type: "saved_view", id },
      });
      expect(made.status, await made.clone().text()).toBe(201);
      const body = (await made.json()) as { data: { attributes: { scope: unknown } } };
      expect(body.data.attributes.scope).toEqual({ type: "saved_view", id });
    }
    await h.service.alerts.runOnce();

    const inBoxesView = await insertShipment(h.db, accountId, { containerNumbers: ["VWCU1000001"] });
    const urgent = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSCU2000002"],
      tags: ["urgent"],
    });
    const neither = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSCU3000003"],
      tags: ["slow"],
    });
    const etaMoved = (s: typeof urgent) => ({
      accountId,
      shipmentId: s.shipment.id,
      containerId: null,
      createdAt: h.clock.now(),
      event: "shipment.estimated.arrival",
      referenceType: "shipment",
      referenceId: s.shipment.id,
      changes: { pod_eta_at: { from: "2026-11-18T14:00:00.000Z", to: "2026-11-19T14:00:00.000Z" } },
    });
    expect(
      await record([
        arrival(inBoxesView),
        arrival(urgent),
        arrival(neither),
        etaMoved(urgent),
        etaMoved(neither),
      ]),
    ).toEqual([
      "Boxes arrived: Vessel arrived: VWCU1000001 at Los Angeles",
      `Urgent ETA: ETA moved 24 h later: ${urgent.shipment.billOfLadingNumber} at Los Angeles`,
      "Urgent arrived: Vessel arrived: MSCU2000002 at Los Angeles",
    ]);

    // The view is deleted: its rule stays (the person sees it name a deleted view) and tells of nothing.
    expect((await h.request(apiKey, `/v2/saved_views/${urgentView}`, { method: "DELETE" })).status).toBe(200);
    const again = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSCU4000004"],
      tags: ["urgent"],
    });
    expect(await record([arrival(again)])).toEqual([]);
  });

  it("tells of a shipments view's own shipments when the view filters by a custom field", async () => {
    const defined = await h.request(apiKey, "/v2/custom_field_definitions", {
      method: "POST",
      json: {
        data: {
          type: "custom_field_definition",
          attributes: {
            entity_type: "Shipment",
            api_slug: "desk",
            display_name: "Desk",
            data_type: "short_text",
          },
        },
      },
    });
    expect(defined.status, await defined.clone().text()).toBe(201);
    const deskView = await view(apiKey, "Rotterdam desk", "shipments", {
      "filter[custom_fields.desk]": "Rotterdam",
    });
    const made = await rule({
      name: "Desk arrived",
      kind: "vessel_arrived",
      scope: { type: "saved_view", id: deskView },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    await h.service.alerts.runOnce();

    const desk = await insertShipment(h.db, accountId, { containerNumbers: ["MSCU5000005"] });
    const other = await insertShipment(h.db, accountId, { containerNumbers: ["MSCU6000006"] });
    const set = await h.request(apiKey, `/v2/shipments/${desk.shipment.id}/custom_fields`, {
      method: "POST",
      json: { data: { type: "custom_field", attributes: { api_slug: "desk", value: "Rotterdam" } } },
    });
    expect(set.status).toBe(201);
    // Only the rule of this view can tell of these boxes (the others' views hold neither).
    expect(await record([arrival(desk), arrival(other)])).toEqual([
      "Desk arrived: Vessel arrived: MSCU5000005 at Los Angeles",
    ]);
  });
});
