// Service tests of the DCSA push receiver (/dcsa/notifications/{subscriptionId}): a signed notification makes the
// shipments it names due and the engine's next pass writes the carrier's news as transport events with their
// webhook notifications; HEAD answers for any id; missing, bad, other-algorithm and wrong-key signatures are 401
// and logged without secrets; an unknown subscription is a quiet 204; another account's shipments are untouched.
import { createHmac, randomBytes } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS } from "../../api/webhooks";
import type { Db } from "../db/connection";
import { dcsaSubscriptions, shipments, transportEvents, webhookNotifications } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { createLogger } from "../logger";
import { generateWebhookSecret } from "../net/webhook-signing";
import {
  departureNaming,
  insertActiveSubscription,
  insertCarrierConnection,
  signedNotification,
  testSecretsKey,
} from "../testing/dcsa-push-fixtures";
import { billsOfLadingWithNewsBetween, sandbox, trackSandboxShipment } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { TrackingEngine } from "../tracking/engine";
import { fanOutAccountEvents } from "../webhooks/fan-out";

const DAY = 86_400_000;
const NUMBERS = billsOfLadingWithNewsBetween(5, 12, 3);

function engineOf(h: Harness) {
  return new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters: [sandbox],
    positions: sandbox,
    logger: createLogger("silent"),
  });
}

/**
 * A shipment tracked through a push-enabled MAEU connection, last looked at 5 days after its request and next due
 * in 30 days, with the clock 7 days on: the carrier has news that polling would not fetch for weeks.
 */
async function trackedWithPush(h: Harness, key: Buffer, accountId: string, number: string) {
  const tracked = await trackSandboxShipment(h, accountId, "MAEU", number, 5 * DAY);
  await h.db
    .update(shipments)
    .set({ nextRefreshAt: new Date(h.clock.now().getTime() + 30 * DAY) })
    .where(eq(shipments.id, tracked.shipmentId));
  const connection = await insertCarrierConnection(h.db, accountId);
  const { subscription, secret } = await insertActiveSubscription(h.db, key, {
    accountId,
    connectionId: connection.id,
    reference: number,
  });
  return { ...tracked, connection, subscription, secret };
}

async function nextRefreshAt(db: Db, shipmentId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  return row!.nextRefreshAt;
}

async function transportEventIds(db: Db, shipmentId: string) {
  const rows = await db
    .select({ id: transportEvents.id })
    .from(transportEvents)
    .where(eq(transportEvents.shipmentId, shipmentId));
  return new Set(rows.map((r) => r.id));
}

describe("the DCSA notification receiver", () => {
  let h: Harness;
  let key: Buffer;
  let refreshWakes: number;

  beforeEach(async () => {
    key = testSecretsKey();
    refreshWakes = 0;
    h = await createHarness({
      secretsKey: key,
      onShipmentRefreshRequested: () => refreshWakes++,
    });
  });
  afterEach(async () => {
    await h.close();
  });

  const post = (id: string, init: RequestInit) =>
    h.app.request(`http://localhost/dcsa/notifications/${id}`, init);

  it("answers the standard's HEAD check with 204 for any id, without an API key", async () => {
    const { account } = await h.newAccount();
    const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
    for (const id of [tracked.subscription.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await h.app.request(`http://localhost/dcsa/notifications/${id}`, { method: "HEAD" });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
    }
  });

  it("takes a signed notification: the shipment is due now, and the engine's pass writes the carrier's news as transport events with webhook notifications", async () => {
    const { account } = await h.newAccount();
    const webhook = await createWebhook(
      h.db,
      account.id,
      {
        url: "https://hooks.example/boxtrack",
        events: [...WEBHOOK_EVENTS],
        active: true,
        headers: [],
        secret: generateWebhookSecret(),
      },
      h.clock.now(),
    );
    const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
    h.clock.advance(7 * DAY);
    const engine = engineOf(h);
    // Polling would not look for weeks.
    expect(await engine.refreshDueShipments()).toBe(0);
    await fanOutAccountEvents({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      logger: createLogger("silent"),
    });
    const before = await transportEventIds(h.db, tracked.shipmentId);

    const response = await post(
      tracked.subscription.id,
      signedNotification(tracked.secret, [departureNaming(NUMBERS[0]!)]),
    );
    expect(response.status).toBe(204);
    expect(refreshWakes).toBe(1);
    expect((await nextRefreshAt(h.db, tracked.shipmentId))!.getTime()).toBeLessThanOrEqual(
      h.clock.now().getTime(),
    );
    const [sub] = await h.db
      .select()
      .from(dcsaSubscriptions)
      .where(eq(dcsaSubscriptions.id, tracked.subscription.id));
    expect(sub!.lastNotifiedAt?.toISOString()).toBe(h.clock.now().toISOString());

    await engine.runUntilIdle();
    const after = await transportEventIds(h.db, tracked.shipmentId);
    const added = [...after].filter((id) => !before.has(id));
    expect(added.length).toBeGreaterThan(0);
    await fanOutAccountEvents({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      logger: createLogger("silent"),
    });
    const queued = await h.db
      .select()
      .from(webhookNotifications)
      .where(
        and(
          eq(webhookNotifications.webhookId, webhook.id),
          like(webhookNotifications.event, "container.transport.%"),
          inArray(webhookNotifications.referenceId, added),
        ),
      );
    expect(new Set(queued.map((n) => n.referenceId))).toEqual(new Set(added));
    for (const n of queued) expect(n.deliveryStatus).toBe("pending");
    // Back on the engine's own schedule afterwards.
    expect((await nextRefreshAt(h.db, tracked.shipmentId))!.getTime()).toBeGreaterThan(
      h.clock.now().getTime(),
    );
  });

  it("makes due a shipment named only by one of its containers", async () => {
    const { account } = await h.newAccount();
    const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
    // The subscription is for another reference: only the container number in the event leads to the shipment.
    await h.db
      .update(dcsaSubscriptions)
      .set({ reference: "UNTRACKED1" })
      .where(eq(dcsaSubscriptions.id, tracked.subscription.id));
    const event = {
      eventType: "EQUIPMENT",
      eventCreatedDateTime: "2026-11-27T08:00:00Z",
      eventDateTime: "2026-11-27T08:00:00Z",
      eventClassifierCode: "ACT",
      equipmentEventTypeCode: "LOAD",
      equipmentReference: tracked.containers[0]!.number,
      emptyIndicatorCode: "LADEN",
    };
    const response = await post(tracked.subscription.id, signedNotification(tracked.secret, [event]));
    expect(response.status).toBe(204);
    expect((await nextRefreshAt(h.db, tracked.shipmentId))!.getTime()).toBeLessThanOrEqual(
      h.clock.now().getTime(),
    );
  });

  it("never touches another account's shipment that a notification names", async () => {
    const a = await h.newAccount("A");
    const b = await h.newAccount("B");
    const ours = await trackedWithPush(h, key, a.account.id, NUMBERS[0]!);
    const theirs = await trackedWithPush(h, key, b.account.id, NUMBERS[1]!);
    const theirsDue = await nextRefreshAt(h.db, theirs.shipmentId);
    // Signed with A's subscription, naming B's bill of lading and B's container.
    const events = [
      departureNaming(NUMBERS[1]!),
      {
        ...departureNaming("X"),
        equipmentReference: theirs.containers[0]!.number,
      },
    ];
    const response = await post(ours.subscription.id, signedNotification(ours.secret, events));
    expect(response.status).toBe(204);
    expect(await nextRefreshAt(h.db, theirs.shipmentId)).toEqual(theirsDue);
    const [theirSub] = await h.db
      .select()
      .from(dcsaSubscriptions)
      .where(eq(dcsaSubscriptions.id, theirs.subscription.id));
    expect(theirSub!.lastNotifiedAt).toBeNull();
    // A's own subscription reference still counts.
    expect((await nextRefreshAt(h.db, ours.shipmentId))!.getTime()).toBeLessThanOrEqual(
      h.clock.now().getTime(),
    );
  });

  describe("refuses with 401, logs, and changes nothing", () => {
    const cases: [string, (secret: Buffer, body: Buffer) => string | undefined][] = [
      ["no signature", () => undefined],
      [
        "another secret's signature",
        (_s, body) =>
          signedNotification(randomBytes(32), JSON.parse(body.toString())).headers["Notification-Signature"],
      ],
      [
        "another algorithm",
        (secret, body) => `sha512=${createHmac("sha512", secret).update(body).digest("hex")}`,
      ],
      [
        "a signature of other bytes",
        (secret) => signedNotification(secret, []).headers["Notification-Signature"],
      ],
    ];
    for (const [name, signatureOf] of cases) {
      it(`for ${name}`, async () => {
        const { account } = await h.newAccount();
        const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
        const due = await nextRefreshAt(h.db, tracked.shipmentId);
        const good = signedNotification(tracked.secret, [departureNaming(NUMBERS[0]!)]);
        const signature = signatureOf(tracked.secret, good.body);
        const headers: Record<string, string> = {
          "content-type": "application/json",
        };
        if (signature !== undefined) headers["Notification-Signature"] = signature;
        const response = await post(tracked.subscription.id, {
          method: "POST",
          body: good.body,
          headers,
        });
        expect(response.status).toBe(401);
        const body = (await response.json()) as {
          errors: { status: string; code: string; detail: string }[];
        };
        expect(body.errors[0]).toMatchObject({
          status: "401",
          code: "invalid_signature",
        });
        expect(await nextRefreshAt(h.db, tracked.shipmentId)).toEqual(due);
        expect(refreshWakes).toBe(0);
        const warned = h.logs.filter((l) => l.includes("bad signature")).map((l) => JSON.parse(l));
        expect(warned).toHaveLength(1);
        expect(warned[0]).toMatchObject({
          level: "warn",
          subscriptionId: tracked.subscription.id,
        });
        expect(warned[0]).toHaveProperty("remoteAddress");
        // Neither the secret (hex or base64) nor the body is ever logged.
        const log = h.logs.join("\n");
        expect(log).not.toContain(tracked.secret.toString("hex"));
        expect(log).not.toContain(tracked.secret.toString("base64"));
        expect(log).not.toContain(NUMBERS[0]!);
        expect(log).not.toContain(tracked.subscription.secretSealed);
      });
    }

    it("when the secret was sealed under another SECRETS_KEY", async () => {
      const { account } = await h.newAccount();
      const tracked = await trackedWithPush(h, testSecretsKey(), account.id, NUMBERS[0]!);
      const response = await post(
        tracked.subscription.id,
        signedNotification(tracked.secret, [departureNaming(NUMBERS[0]!)]),
      );
      expect(response.status).toBe(401);
      expect(h.logs.some((l) => l.includes("another SECRETS_KEY"))).toBe(true);
    });
  });

  it("answers a push it cannot verify alike whether its subscription exists or not, so that no id is revealed", async () => {
    const { account } = await h.newAccount();
    const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
    const due = await nextRefreshAt(h.db, tracked.shipmentId);
    const forged = () => signedNotification(randomBytes(32), [departureNaming(NUMBERS[0]!)]);
    const answers: { status: number; type: string | null; body: string }[] = [];
    for (const id of [tracked.subscription.id, "5b0e6d1e-8f7a-4c59-9a39-0c1f0e7c4d11", "junk"]) {
      const response = await post(id, forged());
      answers.push({
        status: response.status,
        type: response.headers.get("content-type"),
        body: await response.text(),
      });
    }
    expect(answers[0]?.status).toBe(401);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await nextRefreshAt(h.db, tracked.shipmentId)).toEqual(due);
    expect(refreshWakes).toBe(0);
    // The forged push on a real subscription is a warning naming it; a guessed id is noted at debug only.
    const warned = h.logs.filter((l) => l.includes("bad signature")).map((l) => JSON.parse(l));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: "warn", subscriptionId: tracked.subscription.id });
    const unknown = h.logs.filter((l) => l.includes("unknown subscription")).map((l) => JSON.parse(l));
    expect(unknown.map((l) => l.level)).toEqual(["debug", "debug"]);
  });

  it("answers 400 to a signed body that is not an array of events, 413 to one over 1 MB", async () => {
    const { account } = await h.newAccount();
    const tracked = await trackedWithPush(h, key, account.id, NUMBERS[0]!);
    const object = await post(
      tracked.subscription.id,
      signedNotification(tracked.secret, { eventType: "TRANSPORT" }),
    );
    expect(object.status).toBe(400);
    const big = await post(
      tracked.subscription.id,
      signedNotification(tracked.secret, ["x".repeat(1024 * 1024)]),
    );
    expect(big.status).toBe(413);
  });
});
