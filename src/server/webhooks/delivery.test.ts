// The delivery worker against a real HTTP receiver on 127.0.0.1: fan-out of recorded events, payloads, both
// signatures, retries after 500s and timeouts on a hand-driven clock, 410, the address guard, a crash between
// send and record, order per container, and two workers sharing one database (PGlite here, PostgreSQL when
// TEST_DATABASE_URL is set).
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acceleratedClock, ManualClock } from "../clock";
import { setSuspended } from "../db/accounts";
import { type Claim, GONE, GONE_DURING, WEBHOOK_GONE } from "../db/notification-claims";
import { portId, terminalId } from "../db/reference-data";
import {
  accountEvents,
  trackingRequests,
  transportEvents,
  vessels,
  webhookNotificationLogs,
  webhookNotifications,
  webhooks,
} from "../db/schema";
import { createWebhook, type WebhookRow } from "../db/webhooks";
import type { Resolver } from "../net/outbound-guard";
import { generateWebhookSecret, verifyStandardWebhooks, verifyT49Signature } from "../net/webhook-signing";
import { loopbackDelivery } from "../testing/loopback-delivery";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { type DeliveryOptions, MAX_ATTEMPTS } from "./delivery";
import { type Receiver, startReceiver } from "./test-receiver";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let h: Harness;
let receiver: Receiver;

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});
beforeEach(async () => {
  // Every test starts with no webhooks and nothing left to fan out.
  await h.db.delete(webhooks);
  await h.db
    .update(accountEvents)
    .set({ dispatchedAt: h.clock.now() })
    .where(isNull(accountEvents.dispatchedAt));
  receiver.requests.length = 0;
  receiver.reply = () => ({ status: 200, body: "ok" });
});

const worker = (options: Partial<DeliveryOptions> = {}) => loopbackDelivery(h, options);

async function subscribe(
  accountId: string,
  events: string[],
  options: {
    url?: string;
    active?: boolean;
    headers?: { name: string; value: string }[];
  } = {},
): Promise<WebhookRow> {
  return createWebhook(
    h.db,
    accountId,
    {
      url: options.url ?? `${receiver.url}/hooks`,
      events,
      active: options.active ?? true,
      headers: options.headers ?? [],
      secret: generateWebhookSecret(),
    },
    h.clock.now(),
  );
}

let vesselId: string | undefined;
async function exampleVessel() {
  if (!vesselId) {
    const [row] = await h.db
      .insert(vessels)
      .values({ name: "WEBHOOK SPIRIT", imo: "9700001", mmsi: "219000777" })
      .returning();
    vesselId = row!.id;
  }
  return vesselId;
}

/** Records movements of a container as the tracking engine does: the event rows and their outbox rows together. */
async function recordMovements(
  accountId: string,
  target: { shipmentId: string; containerId: string },
  names: string[],
): Promise<string[]> {
  const now = h.clock.now();
  const vessel = await exampleVessel();
  return h.db.transaction(async (tx) => {
    const rows = await tx
      .insert(transportEvents)
      .values(
        names.map((event, i) => ({
          accountId,
          shipmentId: target.shipmentId,
          containerId: target.containerId,
          event,
          timestamp: new Date(now.getTime() - (names.length - i) * HOUR),
          voyageNumber: "077W",
          locationId: portId("USLAX"),
          terminalId: terminalId("USLAX", "APM Terminals", "APMT"),
          vesselId: vessel,
          createdAt: now,
        })),
      )
      .returning({ id: transportEvents.id, event: transportEvents.event });
    await tx.insert(accountEvents).values(
      rows.map((r) => ({
        accountId,
        event: r.event,
        referenceType: "transport_event",
        referenceId: r.id,
        shipmentId: target.shipmentId,
        containerId: target.containerId,
        createdAt: now,
      })),
    );
    return rows.map((r) => r.id);
  });
}

async function setup(events: string[], options: Parameters<typeof subscribe>[2] = {}) {
  const { account } = await h.newAccount();
  const { shipment, containers } = await insertShipment(h.db, account.id, {
    containerNumbers: ["MSKU7000001", "MSKU7000002", "MSKU7000003"],
  });
  const webhook = await subscribe(account.id, events, options);
  const target = (i = 0) => ({
    shipmentId: shipment.id,
    containerId: containers[i]!.id,
  });
  return { accountId: account.id, shipment, containers, webhook, target };
}

async function notificationsOf(webhookId: string) {
  return h.db
    .select()
    .from(webhookNotifications)
    .where(eq(webhookNotifications.webhookId, webhookId))
    .orderBy(asc(webhookNotifications.seq));
}

async function logsOf(notificationId: string) {
  return h.db
    .select()
    .from(webhookNotificationLogs)
    .where(eq(webhookNotificationLogs.notificationId, notificationId))
    .orderBy(asc(webhookNotificationLogs.attempt));
}

describe("fan-out and delivery", () => {
  it("notifies each active subscribed webhook once, signed both ways, with what a receiver needs", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.vessel_departed"], {
      // A name every JavaScript object has is a header like any other (it was dropped when the headers were built).
      headers: [
        { name: "X-Receiver-Key", value: "sriracha" },
        { name: "__proto__", value: "kept" },
      ],
    });
    const inactive = await subscribe(accountId, ["container.transport.vessel_departed"], { active: false });
    const other = await subscribe(accountId, ["container.transport.vessel_arrived"]);
    const [eventId] = await recordMovements(accountId, target(), ["container.transport.vessel_departed"]);

    const pass = await worker().runOnce();
    expect(pass).toMatchObject({ dispatched: 1, sent: 1, succeeded: 1 });
    expect(await notificationsOf(inactive.id)).toEqual([]);
    expect(await notificationsOf(other.id)).toEqual([]);
    const [event] = await h.db.select().from(accountEvents).where(eq(accountEvents.referenceId, eventId!));
    expect(event!.dispatchedAt).not.toBeNull();

    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/hooks");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-receiver-key"]).toBe("sriracha");
    expect(request.rawHeaders.join("\n")).toContain("__proto__\nkept");
    expect(
      verifyT49Signature(webhook.secret, request.body, String(request.headers["x-t49-webhook-signature"])),
    ).toBe(true);
    const standard = {
      id: String(request.headers["webhook-id"]),
      timestamp: String(request.headers["webhook-timestamp"]),
      signature: String(request.headers["webhook-signature"]),
    };
    expect(verifyStandardWebhooks(webhook.secret, standard, request.body, Date.now() / 1000)).toBe(true);
    expect(verifyStandardWebhooks(generateWebhookSecret(), standard, request.body, Date.now() / 1000)).toBe(
      false,
    );

    const body = JSON.parse(request.body);
    const [notification] = await notificationsOf(webhook.id);
    expect(standard.id).toBe(notification!.id);
    expect(request.body).toBe(notification!.body);
    expect(body.data).toMatchObject({
      id: notification!.id,
      type: "webhook_notification",
      attributes: {
        id: notification!.id,
        event: "container.transport.vessel_departed",
        delivery_status: "pending",
      },
      relationships: {
        reference_object: { data: { id: eventId, type: "transport_event" } },
        webhook: { data: { id: webhook.id, type: "webhook" } },
      },
    });
    const types = body.included.map((r: { type: string }) => r.type);
    expect(types).toEqual(["transport_event", "container", "shipment", "port", "terminal", "vessel"]);
    const transportEvent = body.included[0];
    expect(transportEvent.attributes).toMatchObject({
      event: "container.transport.vessel_departed",
      location_locode: "USLAX",
      timezone: "America/Los_Angeles",
      voyage_number: "077W",
    });
    expect(transportEvent.relationships.container.data.id).toBe(target().containerId);
    expect(body.included[5].attributes).toMatchObject({
      name: "WEBHOOK SPIRIT",
      imo: "9700001",
    });

    expect(notification!.deliveryStatus).toBe("succeeded");
    const [log] = await logsOf(notification!.id);
    expect(log).toMatchObject({
      attempt: 1,
      statusCode: 200,
      responseHead: "ok",
      error: null,
    });
    expect(log!.finishedAt).not.toBeNull();

    expect(await worker().runOnce()).toMatchObject({ dispatched: 0, sent: 0 });
    expect(receiver.requests).toHaveLength(1);
  });

  it("describes tracking requests, ETA changes and container changes as the hosted API does", async () => {
    const { accountId, shipment, target } = await setup([
      "tracking_request.succeeded",
      "shipment.estimated.arrival",
      "container.updated",
      "container.pickup_lfd.changed",
    ]);
    const now = h.clock.now();
    const [request] = await h.db
      .insert(trackingRequests)
      .values({
        accountId,
        requestType: "bill_of_lading",
        requestNumber: shipment.billOfLadingNumber,
        normalizedNumber: shipment.billOfLadingNumber,
        scac: "MAEU",
        status: "created",
        shipmentId: shipment.id,
      })
      .returning();
    const { containerId } = target();
    await h.db.insert(accountEvents).values([
      {
        accountId,
        event: "tracking_request.succeeded",
        referenceType: "tracking_request",
        referenceId: request!.id,
        shipmentId: shipment.id,
        createdAt: now,
      },
      {
        accountId,
        event: "shipment.estimated.arrival",
        referenceType: "shipment",
        referenceId: shipment.id,
        shipmentId: shipment.id,
        changes: {
          pod_eta_at: {
            from: "2026-11-18T14:00:00.000Z",
            to: "2026-11-19T02:00:00.000Z",
          },
        },
        createdAt: now,
      },
      {
        accountId,
        event: "container.updated",
        referenceType: "container",
        referenceId: containerId,
        shipmentId: shipment.id,
        containerId,
        changes: {
          available_for_pickup: { from: false, to: true },
          pickup_lfd: {
            from: "2026-11-24T08:00:00.000Z",
            to: "2026-11-25T08:00:00.000Z",
          },
        },
        createdAt: now,
      },
      {
        accountId,
        event: "container.pickup_lfd.changed",
        referenceType: "container",
        referenceId: containerId,
        shipmentId: shipment.id,
        containerId,
        createdAt: now,
      },
    ]);
    await worker().runUntilIdle();
    const bodies = new Map(
      receiver.requests.map((r) => {
        const body = JSON.parse(r.body);
        return [body.data.attributes.event as string, body];
      }),
    );
    expect([...bodies.keys()].sort()).toEqual([
      "container.pickup_lfd.changed",
      "container.updated",
      "shipment.estimated.arrival",
      "tracking_request.succeeded",
    ]);

    const tr = bodies.get("tracking_request.succeeded");
    expect(tr.data.relationships.reference_object.data).toEqual({
      id: request!.id,
      type: "tracking_request",
    });
    expect(tr.included.map((r: { type: string }) => r.type)).toEqual([
      "tracking_request",
      "shipment",
      "container",
      "container",
      "container",
    ]);
    expect(tr.included[0].relationships.tracked_object.data).toEqual({
      id: shipment.id,
      type: "shipment",
    });

    const eta = bodies.get("shipment.estimated.arrival");
    expect(eta.data.relationships.reference_object.data.type).toBe("estimated_event");
    expect(eta.included[0].attributes).toMatchObject({
      estimated_timestamp: "2026-11-19T02:00:00.000Z",
      event: "shipment.estimated.arrival",
      location_locode: "USLAX",
    });

    const updated = bodies.get("container.updated");
    expect(updated.data.relationships.reference_object.data.type).toBe("container_updated_event");
    expect(updated.included[0].attributes.changeset).toEqual({
      available_for_pickup: [false, true],
      pickup_lfd: ["2026-11-24T08:00:00.000Z", "2026-11-25T08:00:00.000Z"],
    });
    expect(updated.included.map((r: { type: string }) => r.type)).toEqual([
      "container_updated_event",
      "container",
      "shipment",
      "terminal",
    ]);
    const lfd = bodies.get("container.pickup_lfd.changed");
    expect(lfd.included[0].attributes.changeset).toEqual({
      pickup_lfd: ["2026-11-24T08:00:00.000Z", "2026-11-25T08:00:00.000Z"],
    });
  });

  it("skips an event whose subject no longer exists, and still marks it dispatched", async () => {
    const { accountId } = await setup(["tracking_request.failed"]);
    await h.db.insert(accountEvents).values({
      accountId,
      event: "tracking_request.failed",
      referenceType: "tracking_request",
      referenceId: randomUUID(),
      createdAt: h.clock.now(),
    });
    expect(await worker().runOnce()).toMatchObject({ dispatched: 1, sent: 0 });
    expect(receiver.requests).toEqual([]);
  });
});

describe("retries", () => {
  it("retries after 500s with exponential backoff, sending the same bytes, and logs every attempt", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    receiver.reply = (_r, i) => (i < 2 ? { status: 500, body: `broken ${i}` } : { status: 204 });
    const w = worker();

    await w.runOnce();
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({ deliveryStatus: "pending", attempts: 1 });
    expect(n!.nextAttemptAt!.getTime() - h.clock.now().getTime()).toBe(MINUTE);

    h.clock.advance(MINUTE - 1_000);
    expect((await w.runOnce()).sent).toBe(0);
    h.clock.advance(1_000);
    expect((await w.runOnce()).sent).toBe(1);
    const [again] = await notificationsOf(webhook.id);
    expect(again!.nextAttemptAt!.getTime() - h.clock.now().getTime()).toBe(2 * MINUTE);

    h.clock.advance(2 * MINUTE);
    expect(await w.runOnce()).toMatchObject({ sent: 1, succeeded: 1 });
    const [done] = await notificationsOf(webhook.id);
    expect(done).toMatchObject({
      deliveryStatus: "succeeded",
      attempts: 3,
      nextAttemptAt: null,
    });

    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.ids())).toEqual(new Set([n!.id]));
    const logs = await logsOf(n!.id);
    expect(logs.map((l) => [l.attempt, l.statusCode, l.error, l.responseHead])).toEqual([
      [1, 500, "HTTP 500", "broken 0"],
      [2, 500, "HTTP 500", "broken 1"],
      [3, 204, null, ""],
    ]);
    for (const l of logs) expect(l.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("waits real time between attempts, however fast the service's clock runs (CLOCK_SPEED=3600)", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    receiver.reply = (_r, i) => (i === 0 ? { status: 500, body: "down" } : { status: 204 });
    // An hour of the service's time goes by every real second, as with CLOCK_SPEED=3600.
    const real = new ManualClock(h.clock.now());
    const w = worker({ clock: acceleratedClock(3600, real.now(), real), leaseClock: real });
    real.advance(1_000);

    expect(await w.runOnce()).toMatchObject({ sent: 1, succeeded: 0 });
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({ deliveryStatus: "pending", attempts: 1 });
    // The first retry is due a real minute after the attempt, not a minute of the demo's time.
    expect(n!.nextAttemptAt!.getTime() - real.now().getTime()).toBe(MINUTE);

    real.advance(30_000); // 30 hours of the service's time
    expect((await w.runOnce()).sent).toBe(0);
    real.advance(30_000);
    expect(await w.runOnce()).toMatchObject({ sent: 1, succeeded: 1 });
    expect(receiver.requests).toHaveLength(2);
  });

  it("retries after a timeout", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    // The first answer would come long after any test has ended (the receiver drops it when it closes), so the
    // outcome cannot depend on how busy the machine is.
    receiver.reply = (_r, i) => (i === 0 ? { status: 200, delayMs: 600_000 } : { status: 200 });
    const w = worker({ timeoutMs: 300 });

    expect(await w.runOnce()).toMatchObject({ sent: 1, succeeded: 0 });
    const [n] = await notificationsOf(webhook.id);
    const [first] = await logsOf(n!.id);
    expect(first).toMatchObject({
      statusCode: null,
      error: "no response within 300 ms",
    });

    // The retry, by a worker that waits as long as a loaded machine may need for the quick answer.
    h.clock.advance(MINUTE);
    expect(await worker({ timeoutMs: 30_000 }).runOnce()).toMatchObject({ sent: 1, succeeded: 1 });
    expect((await notificationsOf(webhook.id))[0]!.deliveryStatus).toBe("succeeded");
  });

  it("fails after 12 attempts spread over about a day", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    receiver.reply = () => ({ status: 503 });
    const w = worker();
    const start = h.clock.now().getTime();
    let last = start;
    for (let i = 0; i < 40; i++) {
      const pass = await w.runOnce();
      if (pass.sent) last = h.clock.now().getTime();
      const [n] = await notificationsOf(webhook.id);
      if (n!.deliveryStatus !== "pending") break;
      h.clock.set(n!.nextAttemptAt!);
    }
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({
      deliveryStatus: "failed",
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
    });
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
    const span = (last - start) / HOUR;
    expect(span).toBeGreaterThan(20);
    expect(span).toBeLessThan(30);
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    receiver.reply = (r) =>
      r.path === "/hooks"
        ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } }
        : { status: 200 };
    await worker().runOnce();
    expect(receiver.requests.map((r) => r.path)).toEqual(["/hooks"]);
    const [n] = await notificationsOf(webhook.id);
    expect(n!.deliveryStatus).toBe("pending");
    const [log] = await logsOf(n!.id);
    expect(log!.statusCode).toBe(302);
    expect(log!.error).toContain("redirects are not followed");
  });

  it("deactivates the webhook on 410 and fails the notification", async () => {
    const { accountId, webhook, target } = await setup([
      "container.transport.full_out",
      "container.transport.empty_in",
    ]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    receiver.reply = () => ({ status: 410, body: "gone" });
    await worker().runOnce();
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({ deliveryStatus: "failed", attempts: 1 });
    expect((await logsOf(n!.id))[0]!.error).toContain("deactivated");
    const [row] = await h.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.active).toBe(false);

    await recordMovements(accountId, target(), ["container.transport.empty_in"]);
    await worker().runUntilIdle();
    expect(await notificationsOf(webhook.id)).toHaveLength(1);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe("a webhook that a 410 deactivates", () => {
  it("fails its other pending notifications, those in flight too, and re-activating it resends none", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    for (const i of [0, 1, 2]) await recordMovements(accountId, target(i), ["container.transport.full_out"]);
    const w = worker({ perWebhookConcurrency: 2 });
    await w.fanOut();
    const [first, inFlight, waiting] = await notificationsOf(webhook.id);
    receiver.reply = (r) => ({
      status: r.headers["webhook-id"] === first!.id ? 410 : 200,
    });

    // Two are claimed; the first is answered 410 while the second is still under way.
    const claims = await w.claim(10);
    expect(claims.map((c) => c.notification.id)).toEqual([first!.id, inFlight!.id]);
    expect(await w.attempt(claims[0]!)).toBe(false);
    expect(
      (await notificationsOf(webhook.id)).map((n) => [n.deliveryStatus, n.attempts, n.failureReason]),
    ).toEqual([
      ["failed", 1, GONE],
      ["failed", 1, WEBHOOK_GONE],
      ["failed", 0, WEBHOOK_GONE],
    ]);
    // The attempt under way ends without an outcome, and its log says why.
    expect(await w.attempt(claims[1]!)).toBe(false);
    expect((await notificationsOf(webhook.id))[1]).toMatchObject({
      deliveryStatus: "failed",
      claimToken: null,
    });
    expect((await logsOf(inFlight!.id)).map((l) => [l.attempt, l.finishedAt, l.error])).toEqual([
      [1, null, GONE_DURING],
    ]);
    expect(await logsOf(waiting!.id)).toEqual([]);

    // Active again: nothing of before is sent (failed is final; each can be resent on its own).
    await h.db.update(webhooks).set({ active: true }).where(eq(webhooks.id, webhook.id));
    h.clock.advance(HOUR);
    expect(await w.runUntilIdle()).toMatchObject({ sent: 0 });
    expect(receiver.ids()).toEqual([first!.id, inFlight!.id]);
  });

  it("also fails a retry recorded in the same write as the 410", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    for (const i of [0, 1]) await recordMovements(accountId, target(i), ["container.transport.full_out"]);
    const w = worker({ perWebhookConcurrency: 2 });
    await w.fanOut();
    const [first] = await notificationsOf(webhook.id);
    receiver.reply = (r) => ({
      status: r.headers["webhook-id"] === first!.id ? 410 : 503,
    });
    // Both outcomes are written together (the recorder batches what ends in one turn of the event loop).
    await Promise.all((await w.claim(10)).map((c) => w.attempt(c)));
    expect(
      (await notificationsOf(webhook.id)).map((n) => [n.deliveryStatus, n.nextAttemptAt, n.failureReason]),
    ).toEqual([
      ["failed", null, GONE],
      ["failed", null, WEBHOOK_GONE],
    ]);
  });
});

describe("a suspended account", () => {
  it("gets no deliveries, not even a freed slot's, until reinstated; then every notification goes out", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    const other = await setup(["container.transport.full_out"], { url: `${receiver.url}/other` });
    for (const i of [0, 1, 2]) await recordMovements(accountId, target(i), ["container.transport.full_out"]);
    await recordMovements(other.accountId, other.target(), ["container.transport.full_out"]);
    const w = worker({ perWebhookConcurrency: 1 });
    const handed: Claim[] = [];
    let handing = true;
    w.handOverTo(
      (claims) => handed.push(...claims),
      () => handing,
    );
    await w.fanOut();
    const claimed = await w.claim(10);
    expect(claimed.map((c) => c.webhook.id).sort()).toEqual([webhook.id, other.webhook.id].sort());

    // Suspended while one attempt is under way: its outcome is recorded, and its slot is handed to nothing.
    await setSuspended(h.db, accountId, true, h.clock.now());
    for (const c of claimed) expect(await w.attempt(c)).toBe(true);
    expect(handed).toEqual([]);
    h.clock.advance(HOUR);
    expect(await w.runUntilIdle()).toMatchObject({ sent: 0 });
    expect((await notificationsOf(webhook.id)).map((n) => [n.deliveryStatus, n.attempts])).toEqual([
      ["succeeded", 1],
      ["pending", 0],
      ["pending", 0],
    ]);

    // runUntilIdle starts no handed-over claims: from here on, the sender's claims do the work.
    handing = false;
    await setSuspended(h.db, accountId, false, h.clock.now());
    await w.runUntilIdle();
    expect((await notificationsOf(webhook.id)).map((n) => [n.deliveryStatus, n.attempts])).toEqual([
      ["succeeded", 1],
      ["succeeded", 1],
      ["succeeded", 1],
    ]);
    expect(receiver.requests).toHaveLength(4);
  });
});

describe("the outbound-address guard", () => {
  const names: Record<string, string[]> = {
    "loopback.test": ["127.0.0.1"],
    "metadata.test": ["169.254.169.254"],
    "private.test": ["10.20.30.40"],
    "mixed.test": ["93.184.216.34", "127.0.0.1"],
    "receiver.test": ["127.0.0.1"],
    // Saved as a harmless name, resolved at delivery to loopback in the IPv4-translated IPv6 form.
    "translated.test": ["::ffff:0:7f00:1"],
  };
  const resolve: Resolver = async (host) => {
    const list = names[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };

  it.each([
    ["loopback.test", "127.0.0.1, which is loopback"],
    ["metadata.test", "169.254.169.254, which is link-local"],
    ["private.test", "10.20.30.40, which is private"],
    ["mixed.test", "127.0.0.1, which is loopback"],
    ["translated.test", "::ffff:0:7f00:1, which is loopback"],
    ["127.0.0.1", "127.0.0.1 is loopback"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1 is loopback"],
  ])("refuses %s when private addresses are not allowed", async (host, reason) => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"], {
      url: `http://${host}:${receiver.port}/hooks`,
    });
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    await worker({ allowPrivateAddresses: false, resolve }).runOnce();
    expect(receiver.requests).toEqual([]);
    const [n] = await notificationsOf(webhook.id);
    const [log] = await logsOf(n!.id);
    expect(log!.statusCode).toBeNull();
    expect(log!.error).toContain("refused to connect");
    expect(log!.error).toContain(reason);
  });

  it("does not deliver over plain http unless the operator allows it", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    await worker({ allowHttp: false }).runOnce();
    expect(receiver.requests).toEqual([]);
    const [n] = await notificationsOf(webhook.id);
    expect((await logsOf(n!.id))[0]!.error).toContain("only to https");
  });

  it("connects to exactly the address it checked, sending the original host name", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"], {
      url: `http://receiver.test:${receiver.port}/hooks`,
    });
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    // The system resolver knows nothing of receiver.test: only the checked, pinned address can reach the receiver.
    await worker({ allowPrivateAddresses: true, resolve }).runOnce();
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0]!.headers.host).toBe(`receiver.test:${receiver.port}`);
    expect((await notificationsOf(webhook.id))[0]!.deliveryStatus).toBe("succeeded");
  });
});

describe("delivery guarantees", () => {
  it("delivers again, with the same webhook-id and body, when a worker dies between send and record", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    const crashing = worker({
      beforeRecord: () => {
        throw new Error("killed");
      },
    });
    await crashing.runOnce();
    expect(receiver.requests).toHaveLength(1);
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({ deliveryStatus: "pending", attempts: 1 });
    expect(n!.leaseUntil).not.toBeNull();

    // Another worker leaves it alone while the lease holds...
    const survivor = worker();
    expect((await survivor.runOnce()).sent).toBe(0);
    // ...and takes it once the lease has run out.
    h.clock.advance(61_000);
    expect(await survivor.runOnce()).toMatchObject({ sent: 1, succeeded: 1 });
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.ids()).toEqual([n!.id, n!.id]);
    expect(receiver.requests[1]!.body).toBe(receiver.requests[0]!.body);
    const logs = await logsOf(n!.id);
    expect(logs.map((l) => [l.attempt, l.statusCode])).toEqual([
      [1, null],
      [2, 200],
    ]);
    expect(logs[0]!.error).toContain("worker stopped");
    expect((await notificationsOf(webhook.id))[0]!.deliveryStatus).toBe("succeeded");
  });

  it("on the embedded database, writes at the next start what a killed worker had delivered, instead of sending it again", async () => {
    const { accountId, webhook, target } = await setup(["container.transport.full_out"]);
    await recordMovements(accountId, target(), ["container.transport.full_out"]);
    const outcomeJournal = join(
      await mkdtemp(join(tmpdir(), "outcome-journal-")),
      "webhook-outcomes.journal",
    );
    // Killed after the receiver's answer was read, before the database write that records it.
    const killed = worker({
      outcomeJournal,
      beforeRecord: () => {
        throw new Error("killed");
      },
    });
    await killed.runOnce();
    expect(receiver.requests).toHaveLength(1);
    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({ deliveryStatus: "pending", attempts: 1 });

    // Started again after the lease has run out: the journal's outcome is written before anything is claimed.
    h.clock.advance(61_000);
    const restarted = worker({ outcomeJournal });
    expect(await restarted.recoverOutcomes()).toBe(1);
    expect((await restarted.runUntilIdle()).sent).toBe(0);
    expect(receiver.requests).toHaveLength(1);
    const [done] = await notificationsOf(webhook.id);
    expect(done).toMatchObject({ deliveryStatus: "succeeded", attempts: 1, leaseUntil: null });
    const logs = await logsOf(n!.id);
    expect(logs.map((l) => [l.attempt, l.statusCode, l.error])).toEqual([[1, 200, null]]);
    // Nothing is left in the journal once written, nor after ordinary deliveries.
    expect(await readFile(outcomeJournal, "utf8")).toBe("");
    await recordMovements(accountId, target(1), ["container.transport.full_out"]);
    expect(await restarted.runUntilIdle()).toMatchObject({ sent: 1, succeeded: 1 });
    expect(await readFile(outcomeJournal, "utf8")).toBe("");
  });

  it("sends a container's notifications in order: a later one waits while an earlier one is retried", async () => {
    const { accountId, webhook, target } = await setup([
      "container.transport.vessel_discharged",
      "container.transport.full_out",
    ]);
    await recordMovements(accountId, target(0), [
      "container.transport.vessel_discharged",
      "container.transport.full_out",
    ]);
    await recordMovements(accountId, target(1), ["container.transport.full_out"]);
    receiver.reply = (r, i) =>
      i === 0 && JSON.parse(r.body).data.attributes.event === "container.transport.vessel_discharged"
        ? { status: 500 }
        : { status: 200 };
    const w = worker();
    await w.runUntilIdle();
    const sent = () => receiver.requests.map((r) => JSON.parse(r.body).data.attributes.event as string);
    // The other container's notification is not held up; this container's second one is.
    expect(sent().sort()).toEqual(["container.transport.full_out", "container.transport.vessel_discharged"]);
    const [first, second] = (await notificationsOf(webhook.id)).filter(
      (n) => n.containerId === target(0).containerId,
    );
    expect(first!.event).toBe("container.transport.vessel_discharged");
    expect(second).toMatchObject({
      event: "container.transport.full_out",
      attempts: 0,
      deliveryStatus: "pending",
    });

    h.clock.advance(MINUTE);
    await w.runUntilIdle();
    const forContainer = receiver.requests
      .map((r) => JSON.parse(r.body))
      .filter((b) => b.included[0].relationships.container.data.id === target(0).containerId)
      .map((b) => b.data.attributes.event);
    expect(forContainer).toEqual([
      "container.transport.vessel_discharged",
      "container.transport.vessel_discharged",
      "container.transport.full_out",
    ]);
  });

  it("two workers on one database deliver each notification exactly once, in order per container", async () => {
    const { accountId, webhook, target } = await setup([
      "container.transport.vessel_loaded",
      "container.transport.vessel_departed",
      "container.transport.vessel_arrived",
      "container.transport.vessel_discharged",
    ]);
    const second = await subscribe(accountId, ["container.transport.vessel_arrived"]);
    const movements = [
      "container.transport.vessel_loaded",
      "container.transport.vessel_departed",
      "container.transport.vessel_arrived",
      "container.transport.vessel_discharged",
    ];
    for (let round = 0; round < 3; round++) {
      for (const i of [0, 1, 2]) await recordMovements(accountId, target(i), movements);
      h.clock.advance(1_000);
    }
    // A slow receiver makes the workers overlap.
    receiver.reply = () => ({ status: 200, delayMs: 5 });
    const a = worker({ batchSize: 4, fanOutBatchSize: 5 });
    const b = worker({ batchSize: 4, fanOutBatchSize: 5 });
    const ra = { dispatched: 0, sent: 0 };
    const rb = { dispatched: 0, sent: 0 };
    // Passes side by side until nothing is pending: fan-outs and claims race each other every time.
    for (let i = 0; i < 100; i++) {
      const [pa, pb] = await Promise.all([a.runOnce(), b.runOnce()]);
      ra.dispatched += pa.dispatched;
      ra.sent += pa.sent;
      rb.dispatched += pb.dispatched;
      rb.sent += pb.sent;
      const pending = await h.db
        .select({ id: webhookNotifications.id })
        .from(webhookNotifications)
        .where(
          and(
            eq(webhookNotifications.accountId, accountId),
            eq(webhookNotifications.deliveryStatus, "pending"),
          ),
        );
      const undispatched = await h.db
        .select({ id: accountEvents.id })
        .from(accountEvents)
        .where(and(eq(accountEvents.accountId, accountId), isNull(accountEvents.dispatchedAt)));
      if (pending.length === 0 && undispatched.length === 0) break;
    }

    const expected = [...(await notificationsOf(webhook.id)), ...(await notificationsOf(second.id))];
    expect(expected).toHaveLength(3 * 3 * 4 + 3 * 3);
    expect(ra.dispatched + rb.dispatched).toBe(3 * 3 * 4);
    expect(receiver.requests).toHaveLength(expected.length);
    expect(new Set(receiver.ids()).size).toBe(expected.length);
    for (const n of expected) {
      expect(n.deliveryStatus).toBe("succeeded");
      expect(n.attempts).toBe(1);
    }
    // Every delivery is counted by exactly one worker. Which worker wins each claim depends on the
    // machine's scheduling (on a busy machine one of them can win every race), so the split is not asserted.
    expect(ra.sent + rb.sent).toBe(expected.length);
    // Per container and webhook, received in creation order.
    const seqById = new Map(expected.map((n) => [n.id, n]));
    const received = receiver.ids().map((id) => seqById.get(id)!);
    for (const w of [webhook.id, second.id]) {
      for (const i of [0, 1, 2]) {
        const seqs = received
          .filter((n) => n.webhookId === w && n.containerId === target(i).containerId)
          .map((n) => n.seq);
        expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      }
    }
    // Account events were each fanned out once.
    const undispatched = await h.db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.accountId, accountId), isNull(accountEvents.dispatchedAt)));
    expect(undispatched).toEqual([]);
  });
});
