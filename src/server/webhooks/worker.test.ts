// The background worker's streaming behaviour against real receivers on 127.0.0.1: a receiver that never answers
// holds up only its own webhook, a webhook never has more attempts in flight than its limit (also with two
// workers), sending starts while fan-out goes on, and a claim that outlived its lease records nothing. Every wait
// is for an event (a request arriving, a row changing); nothing depends on how fast the machine is.
import { asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Claim } from "../db/notification-claims";
import { portId } from "../db/reference-data";
import {
  accountEvents,
  transportEvents,
  webhookNotificationLogs,
  webhookNotifications,
  webhooks,
} from "../db/schema";
import { createWebhook, type WebhookRow } from "../db/webhooks";
import { generateWebhookSecret } from "../net/webhook-signing";
import { loopbackDeliveryOptions } from "../testing/loopback-delivery";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { type DeliveryOptions, WebhookDelivery } from "./delivery";
import { type ReceivedRequest, type Receiver, startReceiver } from "./test-receiver";
import { startWebhookWorker, type WebhookWorker } from "./worker";

const EVENT = "container.transport.vessel_departed";

let h: Harness;
let receiver: Receiver;
const running: WebhookWorker[] = [];

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});
beforeEach(async () => {
  await h.db.delete(webhooks);
  await h.db
    .update(accountEvents)
    .set({ dispatchedAt: h.clock.now() })
    .where(isNull(accountEvents.dispatchedAt));
  receiver.requests.length = 0;
  receiver.reply = () => ({ status: 200, body: "ok" });
});

const options = (extra: Partial<DeliveryOptions> = {}) => loopbackDeliveryOptions(h, extra);

function start(extra: Partial<DeliveryOptions> = {}): WebhookWorker {
  const worker = startWebhookWorker({ ...options(extra), intervalMs: 20 });
  running.push(worker);
  return worker;
}

async function stopAll(...receivers: Receiver[]) {
  // Cut held connections first: the workers' stop waits for the attempts in flight.
  for (const r of receivers) await r.close();
  await Promise.all(running.splice(0).map((w) => w.stop()));
}

/** Resolves once `check` holds; checked again every few milliseconds (the test's timeout catches a hang). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 5));
}

/**
 * An account with a webhook at `url` and `count` containers that each make `movements`, in that order, all recorded
 * at once.
 */
async function accountWithMovements(url: string, count: number, movements = [EVENT]): Promise<WebhookRow> {
  const { account } = await h.newAccount();
  const { shipment, containers } = await insertShipment(h.db, account.id, {
    containerNumbers: Array.from({ length: count }, (_, i) => `TSTU${String(1_000_000 + i).slice(-7)}`),
  });
  const webhook = await createWebhook(
    h.db,
    account.id,
    {
      url,
      events: movements,
      active: true,
      headers: [],
      secret: generateWebhookSecret(),
    },
    h.clock.now(),
  );
  const now = h.clock.now();
  await h.db.transaction(async (tx) => {
    const rows = await tx
      .insert(transportEvents)
      .values(
        containers.flatMap((c) =>
          movements.map((event, i) => ({
            accountId: account.id,
            shipmentId: shipment.id,
            containerId: c.id,
            event,
            timestamp: new Date(now.getTime() - (movements.length - i) * 3_600_000),
            locationId: portId("USLAX"),
            createdAt: now,
          })),
        ),
      )
      .returning({
        id: transportEvents.id,
        containerId: transportEvents.containerId,
        event: transportEvents.event,
      });
    await tx.insert(accountEvents).values(
      rows.map((r) => ({
        accountId: account.id,
        event: r.event,
        referenceType: "transport_event",
        referenceId: r.id,
        shipmentId: shipment.id,
        containerId: r.containerId,
        createdAt: now,
      })),
    );
  });
  return webhook;
}

const notificationsOf = (webhookId: string) =>
  h.db
    .select()
    .from(webhookNotifications)
    .where(eq(webhookNotifications.webhookId, webhookId))
    .orderBy(asc(webhookNotifications.seq));

const delivered = async (webhookId: string) =>
  (await notificationsOf(webhookId)).filter((n) => n.deliveryStatus === "succeeded").length;

describe("independent deliveries", () => {
  it("keeps delivering another webhook's notifications while a receiver never answers", async () => {
    const hanging = await startReceiver();
    hanging.reply = () => ({ status: 200, delayMs: 3_600_000 });
    // The hanging webhook's notifications come first, more of them than a whole batch of the old worker.
    const stuck = await accountWithMovements(`${hanging.url}/hang`, 12);
    const healthy = await accountWithMovements(`${receiver.url}/ok`, 3);
    start({ timeoutMs: 3_600_000, perWebhookConcurrency: 2, concurrency: 8 });

    await until(() => hanging.requests.length === 2);
    await until(async () => (await delivered(healthy.id)) === 3);
    expect(receiver.requests).toHaveLength(3);
    // The hanging receiver still holds its two requests, and nothing more of its webhook has gone out.
    expect(hanging.requests).toHaveLength(2);
    const held = await notificationsOf(stuck.id);
    expect(held.map((n) => [n.deliveryStatus, n.attempts])).toEqual([
      ...Array.from({ length: 2 }, () => ["pending", 1]),
      ...Array.from({ length: 10 }, () => ["pending", 0]),
    ]);
    await stopAll(hanging);
  });

  it("never has more attempts in flight for one webhook than its limit", async () => {
    const held: { release: () => void }[] = [];
    let open = 0;
    let most = 0;
    receiver.reply = () => {
      open += 1;
      most = Math.max(most, open);
      let release = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      held.push({ release });
      return { status: 200, until: answered };
    };
    const webhook = await accountWithMovements(`${receiver.url}/counted`, 9);
    start({ perWebhookConcurrency: 3 });

    // Let requests through only once as many are open as the limit allows (or as are left).
    let answered = 0;
    while (answered < 9) {
      await until(() => open >= Math.min(3, 9 - answered));
      for (const { release } of held.splice(0)) {
        open -= 1;
        answered += 1;
        release();
      }
    }
    await until(async () => (await delivered(webhook.id)) === 9);
    expect(most).toBe(3);
    expect(new Set(receiver.ids()).size).toBe(9);
    await stopAll();
  });

  it("keeps two workers within a webhook's limit together, each notification once and in order", async () => {
    const openBy = new Map<string, number>();
    let most = 0;
    receiver.reply = (request: ReceivedRequest) => {
      const path = request.path;
      const now = (openBy.get(path) ?? 0) + 1;
      openBy.set(path, now);
      most = Math.max(most, now);
      const answered = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
        openBy.set(path, (openBy.get(path) ?? 1) - 1);
      });
      return { status: 200, until: answered };
    };
    const movements = ["container.transport.vessel_loaded", EVENT, "container.transport.vessel_arrived"];
    const first = await accountWithMovements(`${receiver.url}/first`, 4, movements);
    const second = await accountWithMovements(`${receiver.url}/second`, 4, movements);
    start({ perWebhookConcurrency: 2 });
    start({ perWebhookConcurrency: 2 });
    await until(async () => (await delivered(first.id)) + (await delivered(second.id)) === 24);
    await stopAll();

    expect(most).toBeLessThanOrEqual(2);
    expect(receiver.requests).toHaveLength(24);
    expect(new Set(receiver.ids()).size).toBe(24);
    const all = [...(await notificationsOf(first.id)), ...(await notificationsOf(second.id))];
    for (const n of all) expect(n.attempts).toBe(1);
    // Per container and webhook, received in creation order.
    const byId = new Map(all.map((n) => [n.id, n]));
    const received = receiver.ids().map((id) => byId.get(id)!);
    for (const key of new Set(all.map((n) => `${n.webhookId}/${n.containerId}`))) {
      const seqs = received.filter((n) => `${n.webhookId}/${n.containerId}` === key).map((n) => n.seq);
      expect(seqs).toHaveLength(3);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
  });
});

describe("handing over", () => {
  it("hands the slot an outcome frees to the webhook's next due notification in the same write, in order", async () => {
    const movements = ["container.transport.vessel_loaded", EVENT];
    const webhook = await accountWithMovements(`${receiver.url}/handed`, 2, movements);
    const delivery = new WebhookDelivery(options({ perWebhookConcurrency: 2 }));
    const handed: Claim[] = [];
    delivery.handOverTo(
      (claims) => handed.push(...claims),
      () => true,
    );
    await delivery.fanOut();
    // Two containers, A and B, two movements each: A1 and B1 (in either order), then A2 and B2.
    const all = await notificationsOf(webhook.id);
    const [a1, b1] = all.slice(0, 2);
    const a2 = all.find((n) => n.seq > a1!.seq && n.containerId === a1!.containerId);
    const b2 = all.find((n) => n.seq > b1!.seq && n.containerId === b1!.containerId);
    receiver.reply = (request) => ({
      status: request.headers["webhook-id"] === a1!.id ? 500 : 200,
    });

    const claimed = await delivery.claim(10);
    expect(claimed.map((c) => c.notification.id)).toEqual([a1!.id, b1!.id]);
    // A1 fails and waits for its retry: A2 must wait behind it, and B2 behind B1, still in flight.
    expect(await delivery.attempt(claimed[0]!)).toBe(false);
    expect(handed).toEqual([]);
    // B1 is delivered: its slot goes to B2, claimed as a claim would (attempt, lease, log).
    expect(await delivery.attempt(claimed[1]!)).toBe(true);
    expect(handed.map((c) => [c.notification.id, c.notification.attempts, c.webhook.url])).toEqual([
      [b2!.id, 1, `${receiver.url}/handed`],
    ]);
    const [b2Now] = (await notificationsOf(webhook.id)).filter((n) => n.id === b2!.id);
    expect(b2Now).toMatchObject({
      attempts: 1,
      claimToken: handed[0]!.notification.claimToken,
    });
    expect(b2Now!.leaseUntil).not.toBeNull();
    const b2Logs = await h.db
      .select()
      .from(webhookNotificationLogs)
      .where(eq(webhookNotificationLogs.notificationId, b2!.id));
    expect(b2Logs.map((l) => [l.attempt, l.finishedAt])).toEqual([[1, null]]);

    // B2's own outcome frees its slot, and nothing is due: A2 still waits for A1.
    expect(await delivery.attempt(handed[0]!)).toBe(true);
    expect(handed).toHaveLength(1);
    expect(receiver.ids()).toEqual([a1!.id, b1!.id, b2!.id]);
    expect((await notificationsOf(webhook.id)).find((n) => n.id === a2!.id)).toMatchObject({
      deliveryStatus: "pending",
      attempts: 0,
    });
  });

  it("hands nothing over to a webhook that its receiver's 410 deactivates", async () => {
    const webhook = await accountWithMovements(`${receiver.url}/gone`, 2);
    const delivery = new WebhookDelivery(options({ perWebhookConcurrency: 1 }));
    const handed: Claim[] = [];
    delivery.handOverTo(
      (claims) => handed.push(...claims),
      () => true,
    );
    await delivery.fanOut();
    receiver.reply = () => ({ status: 410 });
    const [claim] = await delivery.claim(10);
    expect(await delivery.attempt(claim!)).toBe(false);
    expect(handed).toEqual([]);
    // The one that waited fails with it: a receiver that is gone takes nothing more.
    expect((await notificationsOf(webhook.id)).map((n) => [n.deliveryStatus, n.attempts])).toEqual([
      ["failed", 1],
      ["failed", 0],
    ]);
  });
});

describe("streaming", () => {
  it("sends while fan-out goes on: the first delivery does not wait for the whole backlog", async () => {
    let firstArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    receiver.reply = () => {
      firstArrived();
      return { status: 200 };
    };
    const webhook = await accountWithMovements(`${receiver.url}/stream`, 15);
    let undispatchedWhenSent: number | undefined;
    start({
      fanOutBatchSize: 5,
      // After the first batch, fan-out waits until a delivery has arrived: it must not need the rest.
      afterFanOutBatch: async () => {
        if (undispatchedWhenSent !== undefined) return;
        await arrived;
        undispatchedWhenSent = (
          await h.db
            .select({ id: accountEvents.id })
            .from(accountEvents)
            .where(isNull(accountEvents.dispatchedAt))
        ).length;
      },
    });
    await until(async () => (await delivered(webhook.id)) === 15);
    await stopAll();
    expect(undispatchedWhenSent).toBe(10);
  });
});

describe("leases", () => {
  it("records nothing for a claim that outlived its lease and was claimed again", async () => {
    const webhook = await accountWithMovements(`${receiver.url}/late`, 1);
    let resume = () => {};
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let sent = () => {};
    const wasSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    // A worker that stalls between sending and recording, past its lease.
    const late = new WebhookDelivery(
      options({
        beforeRecord: async () => {
          sent();
          await resumed;
        },
      }),
    );
    const lateAttempt = late.runOnce();
    await wasSent;

    h.clock.advance(61_000);
    const onTime = new WebhookDelivery(options());
    expect(await onTime.runOnce()).toMatchObject({ sent: 1, succeeded: 1 });
    resume();
    expect(await lateAttempt).toMatchObject({ sent: 1, succeeded: 0 });

    const [n] = await notificationsOf(webhook.id);
    expect(n).toMatchObject({
      deliveryStatus: "succeeded",
      attempts: 2,
      leaseUntil: null,
      claimToken: null,
    });
    const logs = await h.db
      .select()
      .from(webhookNotificationLogs)
      .where(eq(webhookNotificationLogs.notificationId, n!.id))
      .orderBy(asc(webhookNotificationLogs.attempt));
    expect(logs.map((l) => [l.attempt, l.statusCode, l.finishedAt === null])).toEqual([
      [1, null, true],
      [2, 200, false],
    ]);
    expect(logs[0]!.error).toContain("worker stopped");
  });
});
