// Compatibility test of the hosted API's transport events this service once refused: a client subscribes to the
// line's estimated departure and arrival, a box not available and a box delivered, as the hosted document shows
// (its "all events" example); the engine follows a sandbox bill of lading through its journey; each event reaches
// the receiver as a notification the hosted document's `webhook_notification` schema accepts, and the container's
// transport events and the examples are answers its schema accepts too.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containers, shipments } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { generateWebhookSecret } from "../net/webhook-signing";
import { expectHosted, expectHostedSchema, hostedOpenApi } from "../testing/hosted-openapi";
import { loopbackDelivery } from "../testing/loopback-delivery";
import {
  heldAndDeliveredBillOfLading,
  requestSandboxBillOfLading,
  sandboxEngine,
} from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";

const HOUR = 3_600_000;
const EVENTS = [
  "container.transport.estimated.vessel_departed",
  "container.transport.estimated.vessel_arrived",
  "container.transport.not_available",
  "container.transport.delivered",
];

let h: Harness;
let key: string;
let accountId: string;
let receiver: Receiver;

interface Ref {
  id: string;
  type: string;
}
interface Notification {
  relationships: { reference_object: { data: Ref } };
}
/** The transport event a notification refers to, from its document's `included`. */
function included(document: { included: (Ref & { attributes: { event: string } })[] }, n: Notification) {
  const reference = n.relationships.reference_object.data;
  expect(reference.type).toBe("transport_event");
  const found = document.included.find((r) => r.id === reference.id && r.type === reference.type);
  expect(found).toBeDefined();
  return found!;
}

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
  const own = await h.newAccount("Hosted Client Co");
  key = own.apiKey;
  accountId = own.account.id;
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

describe("the hosted API's estimate, availability and delivery events", () => {
  it("are accepted on a webhook as the hosted document shows", async () => {
    // The hosted document's own example subscribes to every event; its list is ours.
    const example =
      hostedOpenApi.paths["/webhooks"].post.requestBody.content["application/json"].examples[
        "Test Webhook (all events)"
      ].value;
    const all = await h.request(key, "/v2/webhooks", {
      method: "POST",
      json: {
        data: {
          ...example.data,
          attributes: { ...example.data.attributes, url: "https://hooks.example.com/all" },
        },
      },
    });
    const body = await all.json();
    expect(all.status, JSON.stringify(body.errors)).toBe(201);
    expectHosted("/webhooks", "post", 201, body);
    expect(body.data.attributes.events).toEqual(example.data.attributes.events);
  });

  it("each have an example the hosted schema accepts", async () => {
    for (const event of EVENTS) {
      const response = await h.request(key, `/v2/webhook_notifications/examples?event=${event}`);
      expect(response.status, event).toBe(200);
      const body = await response.json();
      expect(body.data.map((n: { attributes: { event: string } }) => n.attributes.event)).toEqual([event]);
      // An example belongs to no webhook (the hosted schema wants one), and it includes the container, shipment and
      // places a receiver reads too: its notification's attributes and its transport event are the hosted shapes.
      expectHostedSchema("webhook_notification", { ...body.data[0], relationships: undefined });
      expectHostedSchema("transport_event", included(body, body.data[0]));
    }
  });

  it("are made by the engine as the journey goes, and delivered as hosted notifications", async () => {
    // On loopback over plain http, which the API refuses unless the operator allows it: stored as it would store it.
    await createWebhook(
      h.db,
      accountId,
      {
        url: `${receiver.url}/hooks`,
        events: EVENTS,
        active: true,
        headers: [],
        secret: generateWebhookSecret(),
      },
      h.clock.now(),
    );
    const engine = sandboxEngine(h);
    const delivery = loopbackDelivery(h);
    await requestSandboxBillOfLading(h, accountId, "CMDU", heldAndDeliveredBillOfLading(h.clock.now()));
    // Before it sails: the container's transport events hold the line's estimates, as the hosted schema has them.
    await engine.runUntilIdle();
    const [box] = await h.db.select().from(containers).where(eq(containers.accountId, accountId));
    const early = await h.request(key, `/v2/containers/${box!.id}/transport_events`);
    const earlyBody = await early.json();
    expectHosted("/containers/{id}/transport_events", "get", 200, earlyBody);
    const earlyNames = earlyBody.data.map((e: { attributes: { event: string } }) => e.attributes.event);
    expect(earlyNames).toContain("container.transport.estimated.vessel_departed");
    expect(earlyNames).toContain("container.transport.estimated.vessel_arrived");

    // Half a day at a time, as the worker would see it; what happened meanwhile is in the carrier's lines.
    for (let step = 0; step < 400; step++) {
      h.clock.advance(12 * HOUR);
      await engine.runUntilIdle();
      // Notified as the service does, right after: an estimate's event is gone once its movement happens.
      await delivery.runUntilIdle();
      const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
      if (s?.lineTrackingStoppedAt) break;
    }
    await delivery.runUntilIdle();
    const notifications = receiver.requests.filter((r) => r.path === "/hooks").map((r) => JSON.parse(r.body));
    for (const n of notifications) {
      expectHostedSchema("webhook_notification", n.data);
      expectHostedSchema("transport_event", included(n, n.data));
    }
    const delivered = new Set(notifications.map((n) => n.data.attributes.event));
    expect([...delivered].sort()).toEqual([...EVENTS].sort());
    // Each carries its transport event, whose name is the notification's.
    for (const n of notifications) expect(included(n, n.data).attributes.event).toBe(n.data.attributes.event);
    // Once everything happened, no estimate is left among the container's transport events.
    const late = await (
      await h.request(key, `/v2/containers/${box!.id}/transport_events?page[size]=100`)
    ).json();
    expectHosted("/containers/{id}/transport_events", "get", 200, late);
    expect(
      late.data.some((e: { attributes: { event: string } }) => e.attributes.event.includes(".estimated.")),
    ).toBe(false);
  });
});
