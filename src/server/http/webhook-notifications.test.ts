// Service tests of /v2/webhook_notifications: the delivery log with paging, filters and include, a notification's
// payload and attempts, resend of a failed one, example payloads, and account isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookNotificationLogSchema, webhookNotificationSchema } from "../../api/webhooks";
import { GONE } from "../db/notification-claims";
import { portId } from "../db/reference-data";
import { accountEvents, transportEvents } from "../db/schema";
import { createWebhook, type WebhookRow } from "../db/webhooks";
import { generateWebhookSecret } from "../net/webhook-signing";
import { loopbackDelivery } from "../testing/loopback-delivery";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";

let h: Harness;
let receiver: Receiver;
let key: string;
let otherKey: string;
let accountId: string;
let good: WebhookRow;
let gone: WebhookRow;
let shipmentId: string;
let containerId: string;

const worker = () => loopbackDelivery(h);

/** A movement of the container, recorded with its outbox row as the tracking engine does. */
async function record(event: string) {
  const now = h.clock.now();
  const [te] = await h.db
    .insert(transportEvents)
    .values({
      accountId,
      shipmentId,
      containerId,
      event,
      timestamp: now,
      locationId: portId("USLAX"),
      createdAt: now,
    })
    .returning();
  await h.db.insert(accountEvents).values({
    accountId,
    event,
    referenceType: "transport_event",
    referenceId: te!.id,
    shipmentId,
    containerId,
    createdAt: now,
  });
}

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
  const own = await h.newAccount("Notified Co");
  key = own.apiKey;
  accountId = own.account.id;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  const { shipment, containers } = await insertShipment(h.db, accountId, {
    containerNumbers: ["MSKU8000001"],
  });
  shipmentId = shipment.id;
  containerId = containers[0]!.id;
  const hook = (path: string, events: string[]) =>
    createWebhook(
      h.db,
      accountId,
      { url: `${receiver.url}${path}`, events, active: true, headers: [], secret: generateWebhookSecret() },
      h.clock.now(),
    );
  good = await hook("/good", ["container.transport.vessel_loaded", "container.transport.vessel_departed"]);
  gone = await hook("/gone", ["container.transport.vessel_departed"]);
  receiver.reply = (r) =>
    r.path === "/gone" ? { status: 410, body: "no longer here" } : { status: 200, body: "ok" };
  // vessel_loaded: one notification (good); vessel_departed: two (good succeeds, gone fails with 410).
  await record("container.transport.vessel_loaded");
  h.clock.advance(1_000);
  await record("container.transport.vessel_departed");
  await worker().runUntilIdle();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const get = async (path: string, as = key) => {
  const response = await h.request(as, path);
  return { status: response.status, body: await response.json() };
};

describe("GET /v2/webhook_notifications", () => {
  it("lists the account's notifications newest first, with their reference objects included", async () => {
    const { status, body } = await get("/v2/webhook_notifications");
    expect(status).toBe(200);
    expect(body.meta).toEqual({ size: 3, total: 3 });
    for (const n of body.data) webhookNotificationSchema.parse(n);
    expect(body.data.map((n: { attributes: { event: string } }) => n.attributes.event)).toEqual([
      "container.transport.vessel_departed",
      "container.transport.vessel_departed",
      "container.transport.vessel_loaded",
    ]);
    expect(body.data[0].attributes.payload).toBeUndefined();
    const types = body.included.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t === "transport_event")).toHaveLength(2);
    expect(types).toContain("container");
    expect(types).toContain("shipment");
    const keys = body.included.map((r: { type: string; id: string }) => `${r.type}/${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("pages", async () => {
    const first = await get("/v2/webhook_notifications?page[size]=2");
    expect(first.body.meta).toEqual({ size: 2, total: 3 });
    expect(first.body.links.next).toContain("page[number]=2");
    const second = await get("/v2/webhook_notifications?page[size]=2&page[number]=2");
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].attributes.event).toBe("container.transport.vessel_loaded");
  });

  it("filters by event, delivery status and webhook", async () => {
    const ids = (body: { data: { relationships: { webhook: { data: { id: string } } } }[] }) =>
      body.data.map((n) => n.relationships.webhook.data.id);
    const failed = await get("/v2/webhook_notifications?filter[delivery_status]=failed");
    expect(ids(failed.body)).toEqual([gone.id]);
    const succeeded = await get("/v2/webhook_notifications?filter[delivery_status]=succeeded");
    expect(succeeded.body.meta.total).toBe(2);
    const loaded = await get("/v2/webhook_notifications?filter[event]=container.transport.vessel_loaded");
    expect(ids(loaded.body)).toEqual([good.id]);
    const byWebhook = await get(`/v2/webhook_notifications?filter[webhook_id]=${gone.id}`);
    expect(byWebhook.body.meta.total).toBe(1);
    const combined = await get(
      `/v2/webhook_notifications?filter[webhook_id]=${good.id}&filter[event]=container.transport.vessel_departed`,
    );
    expect(combined.body.meta.total).toBe(1);
  });

  it.each([
    ["filter[delivery_status]", "delivered"],
    ["filter[event]", "container.teleported"],
    ["filter[webhook_id]", "not-an-id"],
    ["include", "secrets"],
  ])("answers a bad %s with a 400 naming it", async (parameter, value) => {
    const { status, body } = await get(`/v2/webhook_notifications?${parameter}=${value}`);
    expect(status).toBe(400);
    expect(body.errors[0].source).toEqual({ parameter });
    expect(body.errors[0].detail).toContain(value);
  });

  it("includes webhooks and attempts when asked, and nothing with an empty include", async () => {
    const { body } = await get("/v2/webhook_notifications?include=webhook,webhook_notification_logs");
    const types = body.included.map((r: { type: string }) => r.type);
    expect(types.filter((t: string) => t === "webhook")).toHaveLength(2);
    expect(types.filter((t: string) => t === "webhook_notification_log")).toHaveLength(3);
    expect(types).not.toContain("transport_event");
    const none = await get("/v2/webhook_notifications?include=");
    expect(none.body.included).toBeUndefined();
  });
});

describe("GET /v2/webhook_notifications/{id}", () => {
  it("returns the notification with the payload it delivered and its attempts", async () => {
    const list = await get(`/v2/webhook_notifications?filter[webhook_id]=${gone.id}`);
    const id = list.body.data[0].id;
    const { status, body } = await get(
      `/v2/webhook_notifications/${id}?include=webhook_notification_logs,webhook`,
    );
    expect(status).toBe(200);
    const notification = webhookNotificationSchema.parse(body.data);
    expect(notification.attributes).toMatchObject({
      id,
      event: "container.transport.vessel_departed",
      delivery_status: "failed",
      attempts: 1,
      next_attempt_at: null,
      test: false,
    });
    const delivered = receiver.requests.find((r) => r.headers["webhook-id"] === id)!;
    expect(notification.attributes.payload).toEqual(JSON.parse(delivered.body));
    expect(body.links.self).toBe(`/v2/webhook_notifications/${id}`);
    const log = body.included.find((r: { type: string }) => r.type === "webhook_notification_log");
    webhookNotificationLogSchema.parse(log);
    expect(log.attributes).toMatchObject({ attempt: 1, status_code: 410, response_head: "no longer here" });
    expect(log.attributes.error).toContain("deactivated");
    expect(notification.relationships.webhook_notification_logs.data).toEqual([
      { id: log.id, type: "webhook_notification_log" },
    ]);
    expect(body.included.find((r: { type: string }) => r.type === "webhook").id).toBe(gone.id);
  });

  it("includes the reference object by default", async () => {
    const list = await get(`/v2/webhook_notifications?filter[webhook_id]=${gone.id}`);
    const { body } = await get(`/v2/webhook_notifications/${list.body.data[0].id}`);
    expect(body.included[0].type).toBe("transport_event");
    expect(body.included[0].id).toBe(body.data.relationships.reference_object.data.id);
  });
});

describe("POST /v2/webhook_notifications/{id}/resend", () => {
  it("requeues a failed notification, which goes out again with the same id and payload", async () => {
    const list = await get(`/v2/webhook_notifications?filter[webhook_id]=${gone.id}`);
    const id = list.body.data[0].id;
    expect(list.body.data[0].attributes).toMatchObject({ delivery_status: "failed", failure_reason: GONE });
    receiver.reply = () => ({ status: 200, body: "back" });
    const response = await h.request(key, `/v2/webhook_notifications/${id}/resend`, { method: "POST" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.attributes).toMatchObject({
      delivery_status: "pending",
      attempts: 1,
      failure_reason: null,
    });
    expect(body.data.attributes.next_attempt_at).toBe(h.clock.now().toISOString());

    // The 410 deactivated the webhook; pending notifications wait until it is active again.
    expect((await worker().runUntilIdle()).sent).toBe(0);
    await h.request(key, `/v2/webhooks/${gone.id}`, {
      method: "PATCH",
      json: { data: { attributes: { active: true } } },
    });
    await worker().runUntilIdle();
    const sent = receiver.requests.filter((r) => r.headers["webhook-id"] === id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    const after = await get(`/v2/webhook_notifications/${id}?include=webhook_notification_logs`);
    expect(after.body.data.attributes).toMatchObject({ delivery_status: "succeeded", attempts: 2 });
    expect(after.body.included.map((l: { attributes: { attempt: number } }) => l.attributes.attempt)).toEqual(
      [1, 2],
    );
  });

  it("refuses a notification that has not failed", async () => {
    const list = await get(`/v2/webhook_notifications?filter[webhook_id]=${good.id}`);
    const response = await h.request(key, `/v2/webhook_notifications/${list.body.data[0].id}/resend`, {
      method: "POST",
    });
    expect(response.status).toBe(422);
    const error = (await response.json()).errors[0];
    expect(error.code).toBe("not_failed");
    expect(error.detail).toContain("succeeded");
  });
});

describe("GET /v2/webhook_notifications/examples", () => {
  it("shows what a notification for an event looks like", async () => {
    const { status, body } = await get(
      "/v2/webhook_notifications/examples?event=container.transport.vessel_arrived",
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].attributes.event).toBe("container.transport.vessel_arrived");
    expect(body.included[0]).toMatchObject(body.data[0].relationships.reference_object.data);
    expect(body.included.map((r: { type: string }) => r.type)).toEqual([
      "transport_event",
      "container",
      "shipment",
      "port",
      "terminal",
      "vessel",
    ]);
    const all = await get("/v2/webhook_notifications/examples");
    // The seed's 34 events, the two document events, and seven events of the hosted API's (three named container
    // changes, the estimated departure and arrival, not available, delivered).
    expect(all.body.data).toHaveLength(43);
    const extracted = all.body.data.find(
      (n: { attributes: { event: string } }) => n.attributes.event === "document.extracted",
    );
    expect(extracted.relationships.reference_object.data.type).toBe("document");
    const references = new Set(
      all.body.included.map((r: { type: string; id: string }) => `${r.type}/${r.id}`),
    );
    for (const n of all.body.data) {
      const ref = n.relationships.reference_object.data;
      expect(references.has(`${ref.type}/${ref.id}`), n.attributes.event).toBe(true);
    }
    const bad = await get("/v2/webhook_notifications/examples?event=nope");
    expect(bad.status).toBe(400);
  });
});

describe("account isolation", () => {
  it("never shows or resends another account's notifications", async () => {
    const own = await get("/v2/webhook_notifications");
    const id = own.body.data[0].id;
    const theirs = await get("/v2/webhook_notifications", otherKey);
    expect(theirs.body.meta.total).toBe(0);
    expect((await get(`/v2/webhook_notifications/${id}`, otherKey)).status).toBe(404);
    const resend = await h.request(otherKey, `/v2/webhook_notifications/${id}/resend`, { method: "POST" });
    expect(resend.status).toBe(404);
    const filtered = await get(`/v2/webhook_notifications?filter[webhook_id]=${good.id}`, otherKey);
    expect(filtered.body.meta.total).toBe(0);
    expect((await get("/v2/webhook_notifications/not-a-uuid")).status).toBe(404);
  });
});
