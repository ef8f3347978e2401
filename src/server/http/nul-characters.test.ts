// Service tests: a NUL character (\u0000), which PostgreSQL cannot store in text, is refused wherever the API takes
// a string (query parameters, path ids, every writable attribute) with a 400 or 422 naming it, never a 500; and
// the log of a failed request never carries the SQL's parameters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashKey } from "../db/accounts";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
let shipmentId: string;
let containerId: string;
let trackingRequestId: string;
let webhookId: string;

const NUL = "\u0000";

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Nul Co");
  key = created.apiKey;
  const inserted = await insertShipment(h.db, created.account.id);
  shipmentId = inserted.shipment.id;
  containerId = inserted.containers[0]!.id;
  const request = await h.request(key, "/v2/tracking_requests", {
    method: "POST",
    json: {
      data: {
        type: "tracking_request",
        attributes: {
          request_type: "bill_of_lading",
          request_number: "MAEU123456789",
          scac: "MAEU",
        },
      },
    },
  });
  expect(request.status).toBe(201);
  trackingRequestId = (await request.json()).data.id;
  const webhook = await h.request(key, "/v2/webhooks", {
    method: "POST",
    json: {
      data: {
        type: "webhook",
        attributes: {
          url: "https://hooks.example.com/in",
          events: ["tracking_request.succeeded"],
        },
      },
    },
  });
  expect(webhook.status).toBe(201);
  webhookId = (await webhook.json()).data.id;
});
afterAll(() => h.close());

interface ErrorBody {
  errors: {
    status: string;
    code: string;
    detail: string;
    source: { parameter?: string; pointer?: string };
  }[];
}

describe("a NUL character in a query parameter or path id", () => {
  it.each([
    ["/v2/shipments?q=MAEU%00", "q"],
    ["/v2/containers?q=MSKU%00", "q"],
    ["/v2/tracking_requests?q=a%00b", "q"],
    ["/v2/containers?filter[number]=MSKU%00", "filter[number]"],
    ["/v2/tracking_requests?filter[request_number]=%00", "filter[request_number]"],
    ["/v2/tracking_requests?filter[scac]=MA%00EU", "filter[scac]"],
    ["/v2/webhook_notifications?filter[event]=%00", "filter[event]"],
    ["/v2/webhook_notifications?filter[webhook_id]=%00", "filter[webhook_id]"],
    ["/v2/shipments?include=%00", "include"],
    ["/v2/shipments?page[number]=1%00", "page[number]"],
    ["/v2/shipments/%00", "id"],
    ["/v2/containers/abc%00def", "id"],
    ["/v2/tracking_requests/%00", "id"],
    ["/v2/webhooks/%00", "id"],
    ["/v2/containers/%00/transport_events", "id"],
  ])("GET %s is a 400 naming %s", async (path, parameter) => {
    const response = await h.request(key, path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({
      status: "400",
      source: { parameter },
    });
    expect(body.errors[0]!.detail).toMatch(/NUL/);
  });
});

describe("a NUL character in a body attribute", () => {
  const cases: [string, string, () => string, unknown, string][] = [
    [
      "POST",
      "tracking request's request_number",
      () => "/v2/tracking_requests",
      {
        data: {
          type: "tracking_request",
          attributes: {
            request_type: "bill_of_lading",
            request_number: `MAEU${NUL}1`,
            scac: "MAEU",
          },
        },
      },
      "/data/attributes/request_number",
    ],
    [
      "POST",
      "tracking request's tags",
      () => "/v2/tracking_requests",
      {
        data: {
          type: "tracking_request",
          attributes: {
            request_type: "bill_of_lading",
            request_number: "MAEU987654321",
            tags: ["ok", `a${NUL}`],
          },
        },
      },
      "/data/attributes/tags/1",
    ],
    [
      "PATCH",
      "tracking request's ref_numbers",
      () => `/v2/tracking_requests/${trackingRequestId}`,
      { data: { attributes: { ref_numbers: [`R${NUL}`] } } },
      "/data/attributes/ref_numbers/0",
    ],
    [
      "PATCH",
      "shipment's customer_name",
      () => `/v2/shipments/${shipmentId}`,
      { data: { attributes: { customer_name: `Acme${NUL}` } } },
      "/data/attributes/customer_name",
    ],
    [
      "PATCH",
      "shipment's tags",
      () => `/v2/shipments/${shipmentId}`,
      { data: { attributes: { tags: [NUL] } } },
      "/data/attributes/tags/0",
    ],
    [
      "PATCH",
      "container's ref_numbers",
      () => `/v2/containers/${containerId}`,
      { data: { attributes: { ref_numbers: [`X${NUL}Y`] } } },
      "/data/attributes/ref_numbers/0",
    ],
    [
      "POST",
      "webhook's url",
      () => "/v2/webhooks",
      {
        data: {
          type: "webhook",
          attributes: {
            url: `https://hooks.example.com/${NUL}`,
            events: ["tracking_request.succeeded"],
          },
        },
      },
      "/data/attributes/url",
    ],
    [
      "PATCH",
      "webhook's header value",
      () => `/v2/webhooks/${webhookId}`,
      {
        data: {
          attributes: { headers: [{ name: "X-Team", value: `a${NUL}` }] },
        },
      },
      "/data/attributes/headers/0/value",
    ],
    [
      "PATCH",
      "attribute name",
      () => `/v2/shipments/${shipmentId}`,
      { data: { attributes: { [`tags${NUL}`]: [] } } },
      "/data/attributes/tags\u0000",
    ],
  ];

  it.each(cases)("%s of a %s is a 422 pointing at it", async (method, _what, path, json, pointer) => {
    const response = await h.request(key, path(), { method, json });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({
      status: "422",
      code: "invalid",
      source: { pointer },
    });
    expect(body.errors[0]!.detail).toMatch(/NUL/);
  });
});

describe("the log of a failed request", () => {
  it("names the failure without the SQL's parameters or the request's values", async () => {
    // A database failure that reaches the error handler: the harness's database is closed under a request.
    const other = await createHarness();
    const { apiKey } = await other.newAccount("Closing Co");
    await other.close();
    const response = await other.request(apiKey, "/v2/shipments?q=SECRET-VALUE-123");
    expect(response.status).toBe(500);
    const logged = other.logs.filter((line) => line.includes("request failed"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toMatch(/SECRET-VALUE-123|params:|Failed query/);
    // The lookup that failed was the key's: its hash was the query's parameter.
    expect(logged[0]).not.toContain(hashKey(apiKey));
  });
});
