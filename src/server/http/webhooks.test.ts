// Service tests of /v2/webhooks: create, read, list, edit and delete subscriptions; validation of events, address
// and headers; the event names; test notifications through the worker; the one-off trigger; account isolation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENTS, webhookSchema } from "../../api/webhooks";
import { loadConfig } from "../config";
import { verifyStandardWebhooks, verifyT49Signature } from "../net/webhook-signing";
import { loopbackDelivery } from "../testing/loopback-delivery";
import { createHarness, type Harness } from "../testing/service-harness";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";
import type { App } from "./env";

let h: Harness;
let receiver: Receiver;
let key: string;
let otherKey: string;
/** An app whose operator allows http and private addresses, as for local development. */
let localApp: App;

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
  key = (await h.newAccount("Webhooks Co")).apiKey;
  otherKey = (await h.newAccount("Other Co")).apiKey;
  localApp = (
    await h.anotherService(
      { webhooksAllowHttp: true, webhooksAllowPrivateAddresses: true },
      { tuning: { webhookTimeoutMs: 2_000 } },
    )
  ).app;
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

type Init = { method?: string; json?: unknown };
const call = (path: string, init: Init = {}, as = key) => h.request(as, path, init);
function local(path: string, init: Init = {}, as = key) {
  const headers = new Headers({ authorization: `Token ${as}` });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  return localApp.request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}
const create = (attributes: Record<string, unknown>, as = key) =>
  call("/v2/webhooks", { method: "POST", json: { data: { type: "webhook", attributes } } }, as);

const VALID = {
  url: "https://hooks.example.com/t49",
  events: ["container.transport.vessel_departed", "tracking_request.succeeded"],
};

const worker = () => loopbackDelivery(h);

describe("POST /v2/webhooks", () => {
  it("creates an active webhook and answers 201 with its generated secret", async () => {
    const response = await create({ ...VALID, headers: [{ name: "X-Api-Key", value: "abc" }] });
    expect(response.status).toBe(201);
    const body = await response.json();
    const webhook = webhookSchema.parse(body.data);
    expect(webhook.attributes).toMatchObject({
      url: VALID.url,
      events: VALID.events,
      active: true,
      headers: [{ name: "X-Api-Key", value: "abc" }],
    });
    expect(webhook.attributes.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(body.links.self).toBe(`/v2/webhooks/${webhook.id}`);

    const read = await (await call(`/v2/webhooks/${webhook.id}`)).json();
    expect(read.data).toEqual(body.data);
  });

  it("accepts active: false and no headers", async () => {
    const body = await (await create({ ...VALID, active: false })).json();
    expect(body.data.attributes).toMatchObject({ active: false, headers: [] });
  });

  it.each([
    ["events missing", { url: VALID.url }, "/data/attributes/events", "events is required"],
    ["events empty", { ...VALID, events: [] }, "/data/attributes/events", "at least one event"],
    [
      "an unknown event",
      { ...VALID, events: ["container.transport.vessel_departed", "container.teleported"] },
      "/data/attributes/events/1",
      "'container.teleported' is not a known event name",
    ],
    [
      "a movement no transport event stands for",
      { ...VALID, events: ["container.transport.carrier_release"] },
      "/data/attributes/events/0",
      "container.transport.carrier_release",
    ],
    [
      "a repeated event",
      { ...VALID, events: ["container.created", "container.updated", "container.created"] },
      "/data/attributes/events/2",
      "'container.created' is listed twice",
    ],
    ["a non-string event", { ...VALID, events: [42] }, "/data/attributes/events/0", "string"],
    ["url missing", { events: VALID.events }, "/data/attributes/url", "url is required"],
    ["a plain http url", { ...VALID, url: "http://hooks.example.com/" }, "/data/attributes/url", "https"],
    ["a relative url", { ...VALID, url: "/hooks" }, "/data/attributes/url", "absolute"],
    [
      "a metadata address",
      { ...VALID, url: "https://169.254.169.254/latest" },
      "/data/attributes/url",
      "link-local",
    ],
    ["localhost", { ...VALID, url: "https://localhost:8443/" }, "/data/attributes/url", "loopback"],
    [
      "a reserved header",
      { ...VALID, headers: [{ name: "Content-Type", value: "text/plain" }] },
      "/data/attributes/headers/0/name",
      "set by the service",
    ],
    [
      "a header value with a line break",
      { ...VALID, headers: [{ name: "X-A", value: "a\r\nX-B: b" }] },
      "/data/attributes/headers/0/value",
      "line breaks",
    ],
    [
      "a repeated header",
      {
        ...VALID,
        headers: [
          { name: "X-A", value: "1" },
          { name: "x-a", value: "2" },
        ],
      },
      "/data/attributes/headers/1/name",
      "given twice",
    ],
    ["a secret", { ...VALID, secret: "mine" }, "/data/attributes/secret", "secret"],
  ])("refuses %s with a 422 naming it", async (_what, attributes, pointer, detail) => {
    const response = await create(attributes);
    expect(response.status).toBe(422);
    const body = await response.json();
    const error = body.errors.find((e: { source: { pointer?: string } }) => e.source?.pointer === pointer);
    expect(error, JSON.stringify(body.errors)).toBeDefined();
    expect(error.detail).toContain(detail);
    expect(error.status).toBe("422");
  });

  it("accepts plain http and private addresses only when the operator allows them", async () => {
    const url = `${receiver.url}/hooks`;
    expect((await create({ ...VALID, url })).status).toBe(422);
    const response = await local("/v2/webhooks", {
      method: "POST",
      json: { data: { attributes: { ...VALID, url } } },
    });
    expect(response.status).toBe(201);
  });
});

describe("GET /v2/webhooks", () => {
  it("pages the account's webhooks, newest first", async () => {
    const { apiKey } = await h.newAccount("Many Hooks Co");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.clock.advance(1_000);
      ids.push(
        (await (await create({ ...VALID, url: `https://hooks.example.com/${i}` }, apiKey)).json()).data.id,
      );
    }
    const first = await (await call("/v2/webhooks?page[size]=2", {}, apiKey)).json();
    expect(first.meta).toEqual({ size: 2, total: 3 });
    expect(first.data.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first.links.next).toContain("page[number]=2");
    const second = await (await call("/v2/webhooks?page[size]=2&page[number]=2", {}, apiKey)).json();
    expect(second.data.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    const bad = await call("/v2/webhooks?page[size]=0", {}, apiKey);
    expect(bad.status).toBe(400);
  });
});

describe("GET /v2/webhooks/ips", () => {
  it("answers the addresses deliveries leave from, in the hosted API's shape, and is not read as a webhook id", async () => {
    const updatedAt = new Date("2026-11-01T08:00:00Z");
    const app = (
      await h.anotherService({ webhookEgress: { ips: ["203.0.113.10", "2001:db8::10"], updatedAt } })
    ).app;
    const response = await app.request("http://localhost/v2/webhooks/ips", {
      headers: { Authorization: `Token ${key}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      webhook_notification_ips: ["203.0.113.10", "2001:db8::10"],
      last_updated: "2026-11-01T08:00:00.000Z",
    });
    // Not said by the operator: an empty list, never a 404 for a webhook called "ips".
    const unset = await call("/v2/webhooks/ips");
    expect(unset.status).toBe(200);
    expect((await unset.json()).webhook_notification_ips).toEqual([]);
    expect((await h.request(null, "/v2/webhooks/ips")).status).toBe(401);
  });

  it("takes the list from WEBHOOK_EGRESS_IPS, and refuses one that is not addresses", () => {
    const config = loadConfig(
      {
        WEBHOOK_EGRESS_IPS: " 203.0.113.10, 203.0.113.11 ",
        WEBHOOK_EGRESS_IPS_UPDATED_AT: "2026-11-01T08:00:00Z",
      },
      [],
    );
    expect(config.webhookEgress).toEqual({
      ips: ["203.0.113.10", "203.0.113.11"],
      updatedAt: new Date("2026-11-01T08:00:00Z"),
    });
    expect(loadConfig({}, []).webhookEgress.ips).toEqual([]);
    expect(() => loadConfig({ WEBHOOK_EGRESS_IPS: "203.0.113.10,example.com" }, [])).toThrow(
      /WEBHOOK_EGRESS_IPS: must be IP addresses/,
    );
    expect(() => loadConfig({ WEBHOOK_EGRESS_IPS_UPDATED_AT: "yesterday" }, [])).toThrow(
      /WEBHOOK_EGRESS_IPS_UPDATED_AT/,
    );
  });
});

describe("GET /v2/webhooks/events", () => {
  it("lists every event name of the seed, by group", async () => {
    const response = await call("/v2/webhooks/events");
    expect(response.status).toBe(200);
    const body = await response.json();
    const names = body.data.flatMap((g: { attributes: { events: { name: string }[] } }) =>
      g.attributes.events.map((e) => e.name),
    );
    expect(names).toEqual([...WEBHOOK_EVENTS]);
    // The seed's 34, the hosted API's two document events (issue 32), and its named changes of a terminal's and a
    // rail facility's last free day and of a pickup appointment, its estimated departure and arrival, a box not
    // available and a box delivered (issue 31).
    expect(names).toHaveLength(43);
    expect(body.data.map((g: { attributes: { name: string } }) => g.attributes.name)).toEqual([
      "Vessel",
      "Rail",
      "Transshipment",
      "Feeder",
      "Gate",
      "Inland",
      "Availability",
      "Container",
      "Shipment",
      "Tracking request",
      "Document",
    ]);
    expect(body.data[9]).toMatchObject({ id: "tracking-request-events", type: "webhook_event_category" });
    for (const g of body.data)
      for (const e of g.attributes.events) expect(e.description.length).toBeGreaterThan(10);
  });
});

describe("PATCH and DELETE /v2/webhooks/{id}", () => {
  it("changes events, address, headers and the active flag, and keeps the secret", async () => {
    const created = (await (await create(VALID)).json()).data;
    h.clock.advance(1_000);
    const response = await call(`/v2/webhooks/${created.id}`, {
      method: "PATCH",
      json: {
        data: {
          id: created.id,
          type: "webhook",
          attributes: {
            url: "https://other.example.com/in",
            events: ["shipment.estimated.arrival"],
            active: false,
            headers: [{ name: "Authorization", value: "Bearer t" }],
          },
        },
      },
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()).data;
    expect(updated.attributes).toMatchObject({
      url: "https://other.example.com/in",
      events: ["shipment.estimated.arrival"],
      active: false,
      headers: [{ name: "Authorization", value: "Bearer t" }],
      secret: created.attributes.secret,
    });
    expect(updated.attributes.updated_at > created.attributes.updated_at).toBe(true);
    const cleared = await call(`/v2/webhooks/${created.id}`, {
      method: "PATCH",
      json: { data: { attributes: { headers: null } } },
    });
    expect((await cleared.json()).data.attributes.headers).toEqual([]);
  });

  it("validates an edit like a creation", async () => {
    const { id } = (await (await create(VALID)).json()).data;
    for (const [attributes, pointer] of [
      [{ events: [] }, "/data/attributes/events"],
      [{ events: ["nope"] }, "/data/attributes/events/0"],
      [{ url: "http://hooks.example.com" }, "/data/attributes/url"],
      [{ active: "yes" }, "/data/attributes/active"],
    ] as const) {
      const response = await call(`/v2/webhooks/${id}`, { method: "PATCH", json: { data: { attributes } } });
      expect(response.status, JSON.stringify(attributes)).toBe(422);
      expect((await response.json()).errors[0].source.pointer).toBe(pointer);
    }
    const mismatch = await call(`/v2/webhooks/${id}`, {
      method: "PATCH",
      json: { data: { id: "00000000-0000-4000-8000-000000000000", attributes: {} } },
    });
    expect(mismatch.status).toBe(422);
  });

  it("deletes a webhook, which then reads as 404", async () => {
    const { id } = (await (await create(VALID)).json()).data;
    const response = await call(`/v2/webhooks/${id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ meta: { deleted: true } });
    expect((await call(`/v2/webhooks/${id}`)).status).toBe(404);
    expect((await call(`/v2/webhooks/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers an unknown or malformed id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await call(`/v2/webhooks/${id}`)).status).toBe(404);
      expect(
        (await call(`/v2/webhooks/${id}`, { method: "PATCH", json: { data: { attributes: {} } } })).status,
      ).toBe(404);
    }
  });
});

describe("POST /v2/webhooks/{id}/test", () => {
  it("creates a test notification that the worker delivers, signed, even to an inactive webhook", async () => {
    const url = `${receiver.url}/test-hook`;
    const created = await local("/v2/webhooks", {
      method: "POST",
      json: { data: { attributes: { url, events: ["container.transport.full_out"], active: false } } },
    });
    const webhook = (await created.json()).data;
    const response = await local(`/v2/webhooks/${webhook.id}/test`, { method: "POST" });
    expect(response.status).toBe(201);
    const notification = (await response.json()).data;
    expect(notification.attributes).toMatchObject({
      event: "container.transport.full_out",
      delivery_status: "pending",
      test: true,
      attempts: 0,
    });
    expect(notification.relationships.webhook.data.id).toBe(webhook.id);

    receiver.requests.length = 0;
    await worker().runUntilIdle();
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(request.headers["webhook-id"]).toBe(notification.id);
    expect(
      verifyT49Signature(
        webhook.attributes.secret,
        request.body,
        String(request.headers["x-t49-webhook-signature"]),
      ),
    ).toBe(true);
    const payload = JSON.parse(request.body);
    expect(payload.meta).toEqual({ test: true });
    expect(payload.data.relationships.reference_object.data.type).toBe("transport_event");
    expect(payload.included.map((r: { type: string }) => r.type)).toContain("container");

    const read = await (await local(`/v2/webhook_notifications/${notification.id}`)).json();
    expect(read.data.attributes.delivery_status).toBe("succeeded");
  });

  it("takes the event to send, which must be a known one", async () => {
    const { id } = (await (await create(VALID)).json()).data;
    const response = await call(`/v2/webhooks/${id}/test`, {
      method: "POST",
      json: { data: { attributes: { event: "shipment.estimated.arrival" } } },
    });
    expect(response.status).toBe(201);
    const notification = (await response.json()).data;
    expect(notification.attributes.event).toBe("shipment.estimated.arrival");
    expect(notification.relationships.reference_object.data.type).toBe("estimated_event");
    const bad = await call(`/v2/webhooks/${id}/test`, {
      method: "POST",
      json: { data: { attributes: { event: "shipment.sunk" } } },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].source.pointer).toBe("/data/attributes/event");
  });
});

describe("POST /v2/webhooks/trigger", () => {
  it("sends one example delivery right away and answers with what was sent and received", async () => {
    receiver.requests.length = 0;
    receiver.reply = () => ({ status: 202, body: "thanks", headers: { "x-receiver": "r1" } });
    const response = await local("/v2/webhooks/trigger", {
      method: "POST",
      json: {
        url: `${receiver.url}/trigger`,
        event: "tracking_request.succeeded",
        secret: "optional-test-secret",
      },
    });
    receiver.reply = () => ({ status: 200, body: "ok" });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({
      url: `${receiver.url}/trigger`,
      succeeded: true,
      error: null,
      status_code: 202,
      response_body: "thanks",
    });
    expect(result.response_headers["x-receiver"]).toBe("r1");
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(request.body).toBe(result.request_body);
    expect(result.request_headers["X-T49-Webhook-Signature"]).toBe(
      request.headers["x-t49-webhook-signature"],
    );
    expect(
      verifyT49Signature(
        "optional-test-secret",
        request.body,
        result.request_headers["X-T49-Webhook-Signature"],
      ),
    ).toBe(true);
    expect(
      verifyStandardWebhooks(
        "optional-test-secret",
        {
          id: String(request.headers["webhook-id"]),
          timestamp: String(request.headers["webhook-timestamp"]),
          signature: String(request.headers["webhook-signature"]),
        },
        request.body,
        Date.now() / 1000,
      ),
    ).toBe(true);
    const payload = JSON.parse(request.body);
    expect(payload.data.attributes.event).toBe("tracking_request.succeeded");
    expect(payload.data.relationships.webhook.data).toBeNull();
    expect(payload.included[0].type).toBe("tracking_request");
  });

  it("reports a failed delivery, and refuses guarded or invalid addresses", async () => {
    receiver.reply = () => ({ status: 500, body: "down" });
    const failed = await (
      await local("/v2/webhooks/trigger", {
        method: "POST",
        json: { url: `${receiver.url}/trigger`, event: "container.created" },
      })
    ).json();
    receiver.reply = () => ({ status: 200, body: "ok" });
    expect(failed).toMatchObject({
      succeeded: false,
      status_code: 500,
      error: "HTTP 500",
      response_body: "down",
    });
    expect(failed.request_headers["X-T49-Webhook-Signature"]).toBeUndefined();

    const guarded = await call("/v2/webhooks/trigger", {
      method: "POST",
      json: { url: "https://10.0.0.8/hook", event: "container.created" },
    });
    expect(guarded.status).toBe(422);
    expect((await guarded.json()).errors[0]).toMatchObject({ source: { pointer: "/url" } });
    const missing = await call("/v2/webhooks/trigger", {
      method: "POST",
      json: { event: "container.created" },
    });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors[0]).toMatchObject({
      detail: "url is required.",
      source: { pointer: "/url" },
    });
    const unknown = await call("/v2/webhooks/trigger", {
      method: "POST",
      json: { url: "https://hooks.example.com", event: "nope" },
    });
    expect((await unknown.json()).errors[0].source.pointer).toBe("/event");
  });
});

describe("account isolation", () => {
  it("answers another account's webhook exactly like an unknown one and never lists it", async () => {
    const theirs = (await (await create(VALID, otherKey)).json()).data;
    for (const [method, path, json] of [
      ["GET", `/v2/webhooks/${theirs.id}`],
      ["PATCH", `/v2/webhooks/${theirs.id}`, { data: { attributes: { active: false } } }],
      ["DELETE", `/v2/webhooks/${theirs.id}`],
      ["POST", `/v2/webhooks/${theirs.id}/test`],
    ] as const) {
      const response = await call(path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const list = await (await call("/v2/webhooks?page[size]=100")).json();
    expect(list.data.map((w: { id: string }) => w.id)).not.toContain(theirs.id);
    const still = await (await call(`/v2/webhooks/${theirs.id}`, {}, otherKey)).json();
    expect(still.data.attributes.active).toBe(true);
  });

  it("requires an API key", async () => {
    expect((await h.request(null, "/v2/webhooks")).status).toBe(401);
    expect((await h.request(null, "/v2/webhooks/events")).status).toBe(401);
  });
});
