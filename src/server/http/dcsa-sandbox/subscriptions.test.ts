// /dcsa/sandbox/{scac}/v2/event-subscriptions and the notifier: the HEAD check, every answer held to the yaml,
// and notifications (validated against the yaml's callback, signature recomputed here) sent once, retried on failure.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { allSandboxSubscriptions, deleteSandboxSubscription } from "../../db/dcsa-sandbox";
import { validateDcsaResponse } from "../../testing/dcsa-openapi";
import { headersOf, validatePublisherNotification } from "../../testing/dcsa-publisher-openapi";
import { createDcsaSandboxHarness, type DcsaSandboxHarness } from "../../testing/dcsa-sandbox-harness";
import { findSandboxBillOfLading } from "../../testing/sandbox-shipments";
import { TEST_NOW } from "../../testing/service-harness";
import type { CarrierSnapshot } from "../../tracking/carrier-adapter";
import type { DcsaEvent } from "../../tracking/dcsa/types";
import { codeRowOf } from "../../tracking/sandbox/dcsa/translate";

const DAY = 86_400_000;
const SECRET = Buffer.from("a shared secret of the subscriber, 32+ bytes long");

interface Received {
  method: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A subscriber: records every request and answers HEAD and POST with the status a test sets. */
class Subscriber {
  readonly received: Received[] = [];
  headStatus = 204;
  postStatus = 204;
  #server: Server | undefined;
  url = "";

  async start() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        this.received.push({ method: req.method ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = req.method === "HEAD" ? this.headStatus : this.postStatus;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/dcsa/callback?subscriber=1`;
    return this;
  }

  posts() {
    return this.received.filter((r) => r.method === "POST");
  }

  stop() {
    return new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}

let harness: DcsaSandboxHarness;
let subscriber: Subscriber;
beforeAll(async () => {
  harness = await createDcsaSandboxHarness();
}, 120_000);
afterAll(() => harness.close());
beforeEach(async () => {
  harness.h.clock.set(TEST_NOW);
  subscriber = await new Subscriber().start();
});
afterEach(async () => {
  await subscriber.stop();
  for (const row of await allSandboxSubscriptions(harness.h.db))
    await deleteSandboxSubscription(harness.h.db, row.scac, row.id);
});

async function call(path: string, operation: string, init: RequestInit & { json?: unknown } = {}) {
  const response = await harness.request(path, init);
  const body: unknown = response.status === 204 ? null : await response.json();
  expect(validateDcsaResponse(operation, response.status, body, headersOf(response))).toEqual([]);
  return { status: response.status, body: body as Record<string, unknown>, headers: response.headers };
}

const BASE = "/dcsa/sandbox/MAEU/v2/event-subscriptions";

/** A MAEU bill of lading with actual events in the three days after TEST_NOW. */
/** Whether the shipment has an actual event DCSA publishes between `fromDays` and `toDays` after TEST_NOW. */
const movesBetween = (s: CarrierSnapshot, fromDays: number, toDays: number) =>
  s.containers.some((c) =>
    c.events.some(
      (e) =>
        !e.estimated &&
        codeRowOf(s, e) !== null &&
        e.at.getTime() > Date.parse(TEST_NOW) + fromDays * DAY &&
        e.at.getTime() <= Date.parse(TEST_NOW) + toDays * DAY,
    ),
  );
const busyNumber = () =>
  findSandboxBillOfLading("MAEU", new Date(TEST_NOW), 3 * DAY, (s) => movesBetween(s, 1, 3));
/** Busy in the three days after TEST_NOW and in the day after them too. */
const busyForFourDays = () =>
  findSandboxBillOfLading(
    "MAEU",
    new Date(TEST_NOW),
    4 * DAY,
    (s) => movesBetween(s, 1, 3) && movesBetween(s, 3, 4),
  );

async function subscribe(number: string, extra: Record<string, unknown> = {}) {
  return call(BASE, "POST /v2/event-subscriptions", {
    method: "POST",
    json: {
      callbackUrl: subscriber.url,
      secret: SECRET.toString("base64"),
      transportDocumentReference: number,
      ...extra,
    },
  });
}

describe("event subscriptions", () => {
  it("checks the callback with HEAD, then creates, lists, reads, alters and stops a subscription", async () => {
    const created = await subscribe("MAEU123456789", { eventType: ["TRANSPORT", "EQUIPMENT"] });
    expect(created.status).toBe(201);
    expect(subscriber.received.map((r) => r.method)).toEqual(["HEAD"]);
    expect(created.body).toEqual({
      subscriptionID: expect.any(String),
      callbackUrl: subscriber.url,
      transportDocumentReference: "MAEU123456789",
      eventType: ["TRANSPORT", "EQUIPMENT"],
    });
    expect(JSON.stringify(created.body)).not.toContain(SECRET.toString("base64"));
    const id = created.body.subscriptionID as string;

    const list = await call(BASE, "GET /v2/event-subscriptions");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    expect(list.headers.get("Current-Page")).not.toBeNull();

    const one = await call(`${BASE}/${id}`, "GET /v2/event-subscriptions/{subscriptionID}");
    expect(one.body).toEqual(created.body);

    const altered = await call(`${BASE}/${id}`, "PUT /v2/event-subscriptions/{subscriptionID}", {
      method: "PUT",
      json: { subscriptionID: id, callbackUrl: subscriber.url, carrierBookingReference: "BK1" },
    });
    expect(altered.status).toBe(200);
    expect(altered.body).toEqual({
      subscriptionID: id,
      callbackUrl: subscriber.url,
      carrierBookingReference: "BK1",
    });

    const secret = await call(`${BASE}/${id}/secret`, "PUT /v2/event-subscriptions/{subscriptionID}/secret", {
      method: "PUT",
      json: { secret: Buffer.from("another secret").toString("base64") },
    });
    expect(secret.status).toBe(204);

    const stopped = await call(`${BASE}/${id}`, "DELETE /v2/event-subscriptions/{subscriptionID}", {
      method: "DELETE",
    });
    expect(stopped.status).toBe(204);
    const gone = await call(`${BASE}/${id}`, "GET /v2/event-subscriptions/{subscriptionID}");
    expect(gone.status).toBe(404);
  });

  it("refuses a callback that fails the HEAD check, and stores nothing", async () => {
    subscriber.headStatus = 500;
    const refused = await subscribe("MAEU123456789");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ reason: "invalidCallback" }] });
    // The subscriber's own query (it may hold a token of its) stays out of the answer.
    expect(JSON.stringify(refused.body)).not.toContain("subscriber=1");
    const closed = await call(BASE, "POST /v2/event-subscriptions", {
      method: "POST",
      json: { callbackUrl: "http://127.0.0.1:1/none", secret: "c2VjcmV0", transportDocumentReference: "X1" },
    });
    expect(closed.status).toBe(400);
    expect((await call(BASE, "GET /v2/event-subscriptions")).body).toEqual([]);
  });

  it("refuses a body without a reference, with a bad secret or a bad filter", async () => {
    for (const json of [
      { callbackUrl: subscriber.url, secret: "c2VjcmV0" },
      { callbackUrl: subscriber.url, secret: "not base64!", transportDocumentReference: "X1" },
      { callbackUrl: subscriber.url, transportDocumentReference: "X1" },
      { callbackUrl: "ftp://example", secret: "c2VjcmV0", transportDocumentReference: "X1" },
      {
        callbackUrl: subscriber.url,
        secret: "c2VjcmV0",
        transportDocumentReference: "X1",
        eventType: ["PARCEL"],
      },
    ]) {
      const answer = await call(BASE, "POST /v2/event-subscriptions", { method: "POST", json });
      expect(answer.status).toBe(400);
    }
    expect(subscriber.received).toEqual([]);
  });
});

function verify(post: Received, secret: Buffer) {
  const expected = `sha256=${createHmac("sha256", secret).update(post.body).digest("hex")}`;
  expect(post.headers["notification-signature"]).toBe(expected);
}

describe("the notifier", () => {
  it("sends the events created since the subscription, signed, valid against the yaml's callback, once", async () => {
    const number = busyNumber();
    const created = await subscribe(number);
    harness.h.clock.advance(3 * DAY);
    const pass = await harness.notifier.notifyDue();
    expect(pass).toMatchObject({ notified: 1, failed: 0 });
    const [post] = subscriber.posts();
    if (!post) throw new Error("no notification");
    const events = JSON.parse(post.body.toString("utf8")) as DcsaEvent[];
    expect(validatePublisherNotification(events, post.headers as Record<string, string>)).toEqual([]);
    verify(post, SECRET);
    expect(post.headers["subscription-id"]).toBe(created.body.subscriptionID);
    expect(events.length).toBe(pass.events);
    for (const e of events) {
      const at = Date.parse(e.eventCreatedDateTime);
      expect(at).toBeGreaterThan(Date.parse(TEST_NOW));
      expect(at).toBeLessThanOrEqual(harness.h.clock.now().getTime());
    }
    // They are the events GET /v2/events shows created in that window.
    const listed = (await harness
      .request(`/dcsa/sandbox/MAEU/v2/events?transportDocumentReference=${number}`)
      .then((r) => r.json())) as DcsaEvent[];
    expect(events.map((e) => e.eventID).sort()).toEqual(
      listed
        .filter((e) => Date.parse(e.eventCreatedDateTime) > Date.parse(TEST_NOW))
        .map((e) => e.eventID)
        .sort(),
    );
    // Nothing new: nothing sent.
    await harness.notifier.notifyDue();
    expect(subscriber.posts()).toHaveLength(1);
  });

  it("sends again what a subscriber refused, and signs with a new secret once it is reset", async () => {
    const number = busyForFourDays();
    const created = await subscribe(number);
    const id = created.body.subscriptionID as string;
    harness.h.clock.advance(3 * DAY);
    subscriber.postStatus = 503;
    expect(await harness.notifier.notifyDue()).toMatchObject({ notified: 0, failed: 1 });
    subscriber.postStatus = 204;
    expect(await harness.notifier.notifyDue()).toMatchObject({ notified: 1, failed: 0 });
    const [refused, accepted] = subscriber.posts();
    expect(accepted?.body.toString()).toBe(refused?.body.toString());
    expect(harness.h.logs.join("\n")).toContain("DCSA sandbox notification not delivered");
    expect(harness.h.logs.join("\n")).not.toContain(SECRET.toString("base64"));

    const renewed = Buffer.from("the renewed secret");
    await call(`${BASE}/${id}/secret`, "PUT /v2/event-subscriptions/{subscriptionID}/secret", {
      method: "PUT",
      json: { secret: renewed.toString("base64") },
    });
    harness.h.clock.advance(DAY);
    await harness.notifier.notifyDue();
    const latest = subscriber.posts().at(-1);
    if (!latest || latest === accepted) throw new Error("no notification after the secret was reset");
    verify(latest, renewed);
  });

  it("applies the subscription's filters to what it sends", async () => {
    const number = busyNumber();
    await subscribe(number, {
      eventType: ["EQUIPMENT"],
      equipmentEventTypeCode: ["LOAD", "DISC", "GTIN", "GTOT"],
    });
    harness.h.clock.advance(3 * DAY);
    await harness.notifier.notifyDue();
    const events = subscriber.posts().flatMap((p) => JSON.parse(p.body.toString()) as DcsaEvent[]);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.eventType).toBe("EQUIPMENT");
      if (e.eventType === "EQUIPMENT")
        expect(["LOAD", "DISC", "GTIN", "GTOT"]).toContain(e.equipmentEventTypeCode);
    }
  });
});
