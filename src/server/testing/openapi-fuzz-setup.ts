// The account the OpenAPI fuzzer works in: a harness whose webhook test deliveries never leave the process, and
// resources of each kind, whose ids the fuzzer uses in paths alongside unknown ones (several webhooks, so that a
// DELETE does not leave the rest of the run without one), and the bodies that create a webhook and a tracking
// request, which the schemas alone cannot generate.
import fc from "fast-check";
import { portId, terminalId } from "../db/reference-data";
import type { KnownIds } from "./openapi-fuzz";
import { createHarness, type Harness, insertShipment } from "./service-harness";

export interface FuzzSetup {
  h: Harness;
  key: string;
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as the app serves it.
  document: any;
  ids: KnownIds;
  knownBodies: Record<string, fc.Arbitrary<unknown>>;
}

/** How many webhooks the account starts with. */
const WEBHOOKS = 12;

const webhookBody = (n: number | string) => ({
  data: {
    type: "webhook",
    attributes: { url: `https://hooks.example.com/fuzz/${n}`, events: ["container.transport.full_out"] },
  },
});

export async function fuzzHarness(): Promise<FuzzSetup> {
  const h = await createHarness({
    webhooks: {
      timeoutMs: 200,
      // No name resolves: `POST /v2/webhooks/trigger` answers with the failure instead of reaching the network.
      resolve: async (host) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      },
    },
  });
  const { apiKey: key, account } = await h.newAccount("Fuzz");
  const document = await (await h.request(null, "/v2/openapi.json")).json();
  const { shipment, containers } = await insertShipment(h.db, account.id);
  const webhooks: string[] = [];
  for (let n = 0; n < WEBHOOKS; n++) {
    const created = await h.request(key, "/v2/webhooks", { method: "POST", json: webhookBody(n) });
    webhooks.push(((await created.json()) as { data: { id: string } }).data.id);
  }
  const webhook = { data: { id: webhooks[0]! } };
  const notification = await (
    await h.request(key, `/v2/webhooks/${webhook.data.id}/test`, { method: "POST" })
  ).json();
  const trackingRequest = await (
    await h.request(key, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU" },
        },
      },
    })
  ).json();
  // A custom field of each data type the schemas cannot make up (an enum with an option), set on the shipment.
  const customFieldIds: string[] = [];
  const definitionIds: string[] = [];
  for (const [api_slug, data_type, value] of [
    ["po", "short_text", "PO-1"],
    ["tier", "enum", "gold"],
  ] as const) {
    const defined = await h.request(key, "/v2/custom_field_definitions", {
      method: "POST",
      json: {
        data: { attributes: { entity_type: "Shipment", api_slug, display_name: api_slug, data_type } },
      },
    });
    const definitionId = ((await defined.json()) as { data: { id: string } }).data.id;
    definitionIds.push(definitionId);
    if (data_type === "enum")
      await h.request(key, `/v2/custom_field_definitions/${definitionId}/options`, {
        method: "POST",
        json: { data: { attributes: { label: "Gold", value } } },
      });
    const set = await h.request(key, `/v2/shipments/${shipment.id}/custom_fields`, {
      method: "POST",
      json: { data: { attributes: { api_slug, value } } },
    });
    customFieldIds.push(((await set.json()) as { data: { id: string } }).data.id);
  }
  const ids: KnownIds = {
    shipments: [shipment.id],
    containers: containers.map((c) => c.id),
    webhooks,
    webhook_notifications: [notification.data.id],
    tracking_requests: [trackingRequest.data?.id].filter(Boolean),
    ports: ["USLAX", portId("USLAX")],
    terminals: [terminalId("USLAX", "APM Terminals", "APMT")],
    custom_field_definitions: definitionIds,
    custom_fields: customFieldIds,
  };
  const knownBodies = {
    "POST /v2/webhooks": fc.uuid().map(webhookBody),
    "POST /v2/tracking_requests": fc.stringMatching(/^\d{9}$/).map((digits) => ({
      data: {
        type: "tracking_request",
        attributes: { request_type: "bill_of_lading", request_number: `MAEU${digits}`, scac: "MAEU" },
      },
    })),
  };
  return { h, key, document, ids, knownBodies };
}
