// The tracking engine and the webhook worker together: demo shipments from the sandbox carrier network move over
// a month of hand-driven time, and a receiver subscribed to every event gets one signed notification for each
// recorded event, with nothing left undispatched and no event the fan-out cannot describe.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../api/webhooks";
import { accountEvents, webhookNotifications } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { createLogger } from "../logger";
import { generateWebhookSecret, verifyStandardWebhooks, verifyT49Signature } from "../net/webhook-signing";
import { createHarness, type Harness } from "../testing/service-harness";
import { topUpDemoShipments } from "../tracking/demo-fleet";
import { TrackingEngine } from "../tracking/engine";
import { SandboxCarrierNetwork } from "../tracking/sandbox/network";
import { WebhookDelivery } from "./delivery";
import { type Receiver, startReceiver } from "./test-receiver";

const HOUR = 3_600_000;

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

describe("tracking engine to receiver", () => {
  it("notifies every recorded event once, signed, as the demo shipments move", async () => {
    const { account } = await h.newAccount("End To End Co");
    const webhook = await createWebhook(
      h.db,
      account.id,
      {
        url: `${receiver.url}/all`,
        events: [...WEBHOOK_EVENTS],
        active: true,
        headers: [],
        secret: generateWebhookSecret(),
      },
      h.clock.now(),
    );
    const errors: string[] = [];
    const logger = createLogger("error", (line) => errors.push(line));
    const sandbox = new SandboxCarrierNetwork();
    const engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [sandbox],
      positions: sandbox,
      logger,
    });
    const delivery = new WebhookDelivery({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      logger,
      allowHttp: true,
      allowPrivateAddresses: true,
      timeoutMs: 10_000,
    });
    await topUpDemoShipments(h.db, account.id, h.clock.now(), 4);
    for (let step = 0; step < 40; step++) {
      await engine.runUntilIdle();
      await delivery.runUntilIdle();
      h.clock.advance(24 * HOUR);
    }
    await delivery.runUntilIdle();
    expect(errors).toEqual([]);

    const recorded = await h.db.select().from(accountEvents).where(eq(accountEvents.accountId, account.id));
    expect(recorded.length).toBeGreaterThan(20);
    for (const e of recorded) expect(e.dispatchedAt, e.event).not.toBeNull();
    const notifications = await h.db
      .select()
      .from(webhookNotifications)
      .where(eq(webhookNotifications.webhookId, webhook.id));
    expect(notifications).toHaveLength(recorded.length);
    expect(new Set(notifications.map((n) => n.accountEventId))).toEqual(new Set(recorded.map((e) => e.id)));
    for (const n of notifications) expect(n.deliveryStatus).toBe("succeeded");

    expect(receiver.requests).toHaveLength(recorded.length);
    const events = new Set<string>();
    for (const r of receiver.requests) {
      expect(verifyT49Signature(webhook.secret, r.body, String(r.headers["x-t49-webhook-signature"]))).toBe(
        true,
      );
      const headers = {
        id: String(r.headers["webhook-id"]),
        timestamp: String(r.headers["webhook-timestamp"]),
        signature: String(r.headers["webhook-signature"]),
      };
      expect(verifyStandardWebhooks(webhook.secret, headers, r.body, Date.now() / 1000)).toBe(true);
      const body = JSON.parse(r.body);
      events.add(body.data.attributes.event);
      const reference = body.data.relationships.reference_object.data;
      expect(body.included[0]).toMatchObject(reference);
    }
    expect(events).toContain("tracking_request.succeeded");
    expect([...events].some((e) => e.startsWith("container.transport."))).toBe(true);
  }, 120_000);
});
