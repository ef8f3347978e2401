// Compatibility proof of the whole hosted API (issue 31): every operation of its OpenAPI document (copied into
// src/server/testing/terminal49-openapi.json) is driven here as a client written for it would drive it, with the
// document's own request examples where it has them, and each answer must carry the operation's documented
// success status and a body its schema accepts. The table of steps must name every operation of the document, so
// a path the document gains, or one this service stops serving, fails this test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../api/durations";
import { emailSubmissions } from "../db/schema";
import { createWebhook } from "../db/webhooks";
import { generateWebhookSecret } from "../net/webhook-signing";
import { billOfLadingPdf } from "../testing/document-fixtures";
import { expectHostedAnswer, hostedOpenApi } from "../testing/hosted-openapi";
import { loopbackDelivery } from "../testing/loopback-delivery";
import { findSandboxBillOfLading, trackSandboxShipment } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { type Receiver, startReceiver } from "../webhooks/test-receiver";

const METHODS = ["get", "post", "patch", "put", "delete"] as const;
const SCAC = "MAEU";
/** A US inland city: a rail journey's destination, so a metro area (a seaport's code is a port, not one). */
const METRO_AREA = "USCHI";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field.
type Json = any;

let h: Harness;
let key: string;
let receiver: Receiver;
/** The ids the steps fill in as they go: what one step creates, a later one reads, changes or deletes. */
const ids: Record<string, string> = {};

/** The hosted document's named request example of an operation. */
function example(path: string, method: string, name?: string): Json {
  const content = hostedOpenApi.paths[path][method].requestBody.content["application/json"];
  return name
    ? content.examples[name].value
    : (content.example ?? (Object.values(content.examples)[0] as Json).value);
}

interface Step {
  /** `METHOD /path` as the hosted document writes it. */
  operation: string;
  /** The request: a path under /v2 with the ids filled in, and its init. */
  request: () =>
    | Promise<[string, RequestInit & { json?: unknown }]>
    | [string, RequestInit & { json?: unknown }];
  /** What the step keeps from its answer for the later ones. */
  keep?: (body: Json) => void;
}

const get = (operation: string, url: () => string, keep?: Step["keep"]): Step => ({
  operation: `GET ${operation}`,
  request: () => [url(), {}],
  keep,
});
const send = (
  method: "POST" | "PATCH" | "DELETE",
  operation: string,
  url: () => string,
  json?: () => unknown,
  keep?: Step["keep"],
): Step => ({
  operation: `${method} ${operation}`,
  request: () => [url(), { method, json: json?.() }],
  keep,
});
/** A value as the document's PATCH of a record's field shapes it: the value alone, the slug in the path. */
const customValue = (value: unknown) => ({ data: { type: "custom_field", attributes: { value } } });
const definition = (entity_type: string, api_slug: string, data_type = "short_text") => ({
  data: {
    type: "custom_field_definition",
    attributes: { entity_type, api_slug, display_name: api_slug.replaceAll("_", " "), data_type },
  },
});

/** Every operation of the hosted document, in an order where each finds what it needs made by an earlier one. */
const STEPS: Step[] = [
  // Reference data.
  get("/shipping_lines", () => "/v2/shipping_lines"),
  get("/shipping_lines/{id}", () => `/v2/shipping_lines/${SCAC}`),
  get("/ports/{id}", () => `/v2/ports/${ids.port}`),
  get("/terminals/{id}", () => `/v2/terminals/${ids.terminal}`),
  get("/metro_areas/{id}", () => `/v2/metro_areas/${METRO_AREA}`),
  // Parties.
  send(
    "POST",
    "/parties",
    () => "/v2/parties",
    () => ({ data: { attributes: { company_name: "COMPANY NAME" } } }),
    (body) => {
      ids.party = body.data.id;
    },
  ),
  get("/parties", () => "/v2/parties"),
  get("/parties/{id}", () => `/v2/parties/${ids.party}`),
  send(
    "PATCH",
    "/parties/{id}",
    () => `/v2/parties/${ids.party}`,
    () => ({ data: { attributes: { company_name: "COMPANY NAME RENAMED" } } }),
  ),
  // Tracking requests, as the document's MSC example shapes one.
  send(
    "POST",
    "/tracking_requests",
    () => "/v2/tracking_requests",
    () => {
      // Its line, number and customer ours; its initial custom fields name definitions this account has not made.
      const shaped = example("/tracking_requests", "post", "Example: MSC BL");
      const { initial_custom_fields: _theirs, ...attributes } = shaped.data.attributes;
      return {
        data: {
          ...shaped.data,
          attributes: { ...attributes, scac: SCAC, request_number: "MAEU900000001" },
          relationships: { customer: { data: { type: "party", id: ids.party } } },
        },
      };
    },
    (body) => {
      ids.newRequest = body.data.id;
    },
  ),
  get("/tracking_requests", () => "/v2/tracking_requests"),
  get("/tracking_requests/{id}", () => `/v2/tracking_requests/${ids.request}`),
  send(
    "PATCH",
    "/tracking_requests/{id}",
    () => `/v2/tracking_requests/${ids.newRequest}`,
    () => ({ data: { type: "tracking_request", attributes: { ref_number: "REFNUMBER11" } } }),
  ),
  send(
    "POST",
    "/tracking_requests/infer_number",
    () => "/v2/tracking_requests/infer_number",
    () => example("/tracking_requests/infer_number", "post", "Bill of Lading"),
  ),
  // Shipments and containers.
  get("/shipments", () => "/v2/shipments"),
  get("/shipments/{id}", () => `/v2/shipments/${ids.shipment}`),
  send(
    "PATCH",
    "/shipments/{id}",
    () => `/v2/shipments/${ids.shipment}`,
    () => ({ data: { type: "shipment", attributes: { ref_numbers: ["REFNUMBER10"], tags: ["camembert"] } } }),
  ),
  send("PATCH", "/shipments/{id}/stop_tracking", () => `/v2/shipments/${ids.shipment}/stop_tracking`),
  send("PATCH", "/shipments/{id}/resume_tracking", () => `/v2/shipments/${ids.shipment}/resume_tracking`),
  get("/containers", () => "/v2/containers"),
  get("/containers/{id}", () => `/v2/containers/${ids.container}`),
  send(
    "PATCH",
    "/containers",
    () => `/v2/containers/${ids.container}`,
    () => ({ data: { type: "container", attributes: { ref_numbers: ["REF-12345"] } } }),
  ),
  get("/containers/{id}/transport_events", () => `/v2/containers/${ids.container}/transport_events`),
  get("/containers/{id}/raw_events", () => `/v2/containers/${ids.container}/raw_events`),
  get("/containers/{id}/map_geojson", () => `/v2/containers/${ids.container}/map_geojson`),
  send("PATCH", "/containers/{id}/refresh", () => `/v2/containers/${ids.container}/refresh`),
  // Vessels: by id and by IMO, and its future positions without the port ids (from its current voyage).
  get("/vessels/{id}", () => `/v2/vessels/${ids.vessel}`),
  get("/vessels/{imo}", () => `/v2/vessels/${ids.imo}`),
  get("/vessels/{id}/future_positions", () => `/v2/vessels/${ids.vessel}/future_positions`),
  get(
    "/vessels/{id}/future_positions_with_coordinates",
    () =>
      `/v2/vessels/${ids.vessel}/future_positions_with_coordinates?latitude=${ids.lat}&longitude=${ids.lon}`,
  ),
  // Custom fields: a definition per entity type (the documents' example slug), an enum's options, the values.
  send(
    "POST",
    "/custom_field_definitions",
    () => "/v2/custom_field_definitions",
    () => definition("Shipment", "customer_reference_number"),
    (body) => {
      ids.definition = body.data.id;
    },
  ),
  get("/custom_field_definitions", () => "/v2/custom_field_definitions"),
  get("/custom_field_definitions/{id}", () => `/v2/custom_field_definitions/${ids.definition}`),
  send(
    "PATCH",
    "/custom_field_definitions/{id}",
    () => `/v2/custom_field_definitions/${ids.definition}`,
    () => ({ data: { type: "custom_field_definition", attributes: { display_name: "Customer reference" } } }),
  ),
  send(
    "POST",
    "/custom_field_definitions/{definition_id}/options",
    () => `/v2/custom_field_definitions/${ids.enumDefinition}/options`,
    () => ({ data: { type: "custom_field_option", attributes: { label: "Express", value: "express" } } }),
    (body) => {
      ids.option = body.data.id;
    },
  ),
  get(
    "/custom_field_definitions/{definition_id}/options",
    () => `/v2/custom_field_definitions/${ids.enumDefinition}/options`,
  ),
  get(
    "/custom_field_definitions/{definition_id}/options/{option_id}",
    () => `/v2/custom_field_definitions/${ids.enumDefinition}/options/${ids.option}`,
  ),
  send(
    "PATCH",
    "/custom_field_definitions/{definition_id}/options/{option_id}",
    () => `/v2/custom_field_definitions/${ids.enumDefinition}/options/${ids.option}`,
    () => ({ data: { type: "custom_field_option", attributes: { label: "Express lane", position: 0 } } }),
  ),
  send(
    "POST",
    "/shipments/{shipment_id}/custom_fields",
    () => `/v2/shipments/${ids.shipment}/custom_fields`,
    () => example("/shipments/{shipment_id}/custom_fields", "post"),
  ),
  get("/shipments/{shipment_id}/custom_fields", () => `/v2/shipments/${ids.shipment}/custom_fields`),
  send(
    "PATCH",
    "/shipments/{shipment_id}/custom_fields/{api_slug}",
    () => `/v2/shipments/${ids.shipment}/custom_fields/customer_reference_number`,
    () => customValue("ABC125"),
  ),
  send(
    "POST",
    "/containers/{container_id}/custom_fields",
    () => `/v2/containers/${ids.container}/custom_fields`,
    () => example("/containers/{container_id}/custom_fields", "post"),
  ),
  get("/containers/{container_id}/custom_fields", () => `/v2/containers/${ids.container}/custom_fields`),
  send(
    "PATCH",
    "/containers/{container_id}/custom_fields/{api_slug}",
    () => `/v2/containers/${ids.container}/custom_fields/customer_reference_number`,
    () => customValue("ABC126"),
  ),
  send(
    "POST",
    "/tracking_requests/{tracking_request_id}/custom_fields",
    () => `/v2/tracking_requests/${ids.request}/custom_fields`,
    () => example("/tracking_requests/{tracking_request_id}/custom_fields", "post"),
  ),
  get(
    "/tracking_requests/{tracking_request_id}/custom_fields",
    () => `/v2/tracking_requests/${ids.request}/custom_fields`,
  ),
  send(
    "PATCH",
    "/tracking_requests/{tracking_request_id}/custom_fields/{api_slug}",
    () => `/v2/tracking_requests/${ids.request}/custom_fields/customer_reference_number`,
    () => customValue("ABC127"),
  ),
  send(
    "POST",
    "/custom_fields",
    () => "/v2/custom_fields",
    () => {
      const shaped = example("/custom_fields", "post");
      return {
        data: {
          ...shaped.data,
          attributes: { api_slug: "service_level", value: "express" },
          relationships: { entity: { data: { type: "shipment", id: ids.shipment } } },
        },
      };
    },
    (body) => {
      ids.customField = body.data.id;
    },
  ),
  get("/custom_fields", () => `/v2/custom_fields?filter[entity_id]=${ids.shipment}`),
  get("/custom_fields/{id}", () => `/v2/custom_fields/${ids.customField}`),
  send(
    "PATCH",
    "/custom_fields/{id}",
    () => `/v2/custom_fields/${ids.customField}`,
    () => ({ data: { type: "custom_field", attributes: { value: "express" } } }),
  ),
  // Search, which finds the shipment by its bill of lading.
  get("/search", () => `/v2/search?query=${ids.billOfLading}`),
  // Documents: a real PDF uploaded as multipart, then read, changed and acted on.
  {
    operation: "POST /documents",
    request: async () => {
      const form = new FormData();
      form.set(
        "file",
        new Blob([new Uint8Array(await billOfLadingPdf())], { type: "application/pdf" }),
        "bol.pdf",
      );
      form.set("name", "Bill of lading");
      return ["/v2/documents", { method: "POST", body: form }];
    },
    keep: (body) => {
      ids.document = body.data.id;
    },
  },
  get("/documents", () => "/v2/documents"),
  get("/documents/types", () => "/v2/documents/types"),
  get("/documents/{id}", () => `/v2/documents/${ids.document}`),
  send(
    "PATCH",
    "/documents/{id}",
    () => `/v2/documents/${ids.document}`,
    () => ({ data: { type: "document", attributes: { document_type_manual: "bill_of_lading" } } }),
  ),
  get("/documents/{id}/download_url", () => `/v2/documents/${ids.document}/download_url`),
  send("POST", "/documents/{id}/reclassify", () => `/v2/documents/${ids.document}/reclassify`),
  send("POST", "/documents/{id}/reextract", () => `/v2/documents/${ids.document}/reextract`),
  send("POST", "/documents/{id}/relink", () => `/v2/documents/${ids.document}/relink`),
  send(
    "POST",
    "/documents/{id}/rotate",
    () => `/v2/documents/${ids.image}/rotate`,
    () => ({ degrees: 90 }),
  ),
  get("/document_schemas/{id}", () => "/v2/document_schemas/bill_of_lading"),
  get("/email_submissions", () => "/v2/email_submissions"),
  get("/email_submissions/{id}", () => `/v2/email_submissions/${ids.emailSubmission}`),
  // Webhooks, with the document's own examples (its list of every event, its test delivery).
  send(
    "POST",
    "/webhooks",
    () => "/v2/webhooks",
    () => example("/webhooks", "post", "Test Webhook (all events)"),
    (body) => {
      ids.webhook = body.data.id;
    },
  ),
  get("/webhooks", () => "/v2/webhooks"),
  get("/webhooks/{id}", () => `/v2/webhooks/${ids.webhook}`),
  send(
    "PATCH",
    "/webhooks/{id}",
    () => `/v2/webhooks/${ids.webhook}`,
    () => ({ data: { type: "webhook", attributes: { active: false } } }),
  ),
  get("/webhooks/events", () => "/v2/webhooks/events"),
  get("/webhooks/ips", () => "/v2/webhooks/ips"),
  send(
    "POST",
    "/webhooks/trigger",
    () => "/v2/webhooks/trigger",
    () => example("/webhooks/trigger", "post"),
  ),
  get("/webhook_notifications", () => "/v2/webhook_notifications"),
  get("/webhook_notifications/{id}", () => `/v2/webhook_notifications/${ids.notification}`),
  get("/webhook_notifications/examples", () => "/v2/webhook_notifications/examples"),
  // What was made is removed last.
  send(
    "DELETE",
    "/shipments/{shipment_id}/custom_fields/{api_slug}",
    () => `/v2/shipments/${ids.shipment}/custom_fields/customer_reference_number`,
  ),
  send(
    "DELETE",
    "/containers/{container_id}/custom_fields/{api_slug}",
    () => `/v2/containers/${ids.container}/custom_fields/customer_reference_number`,
  ),
  send(
    "DELETE",
    "/tracking_requests/{tracking_request_id}/custom_fields/{api_slug}",
    () => `/v2/tracking_requests/${ids.request}/custom_fields/customer_reference_number`,
  ),
  send("DELETE", "/custom_fields/{id}", () => `/v2/custom_fields/${ids.customField}`),
  send(
    "DELETE",
    "/custom_field_definitions/{definition_id}/options/{option_id}",
    () => `/v2/custom_field_definitions/${ids.enumDefinition}/options/${ids.option}`,
  ),
  send("DELETE", "/custom_field_definitions/{id}", () => `/v2/custom_field_definitions/${ids.definition}`),
  send("DELETE", "/documents/{id}", () => `/v2/documents/${ids.document}`),
  send("DELETE", "/webhooks/{id}", () => `/v2/webhooks/${ids.webhook}`),
];

/** Every operation of the hosted document, as `METHOD /path`. */
const hostedOperations = Object.entries(
  hostedOpenApi.paths as Record<string, Record<string, unknown>>,
).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
);

/** The documented success status of an operation, and its path and method as the document keys them. */
function documented(operation: string) {
  const [method, path] = operation.split(" ") as [string, string];
  const responses = hostedOpenApi.paths[path][method.toLowerCase()].responses as Record<string, Json>;
  const status = Number(Object.keys(responses).find((s) => s.startsWith("2")));
  const schema = responses[String(status)]?.content?.["application/json"]?.schema;
  return { method: method.toLowerCase(), path, status, hasSchema: schema !== undefined };
}

async function upload(bytes: Uint8Array, filename: string, type: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await h.request(key, "/v2/documents", { method: "POST", body: form });
  expect(response.status).toBe(201);
  return (await response.json()).data.id;
}

beforeAll(async () => {
  h = await createHarness();
  receiver = await startReceiver();
  const own = await h.newAccount("Hosted Paths Co");
  key = own.apiKey;
  const accountId = own.account.id;
  // A webhook on loopback (which the API refuses unless the operator allows it), so that the engine's events make
  // notifications to list.
  await createWebhook(
    h.db,
    accountId,
    {
      url: `${receiver.url}/hooks`,
      events: ["container.transport.vessel_departed", "container.transport.vessel_loaded"],
      active: true,
      headers: [],
      secret: generateWebhookSecret(),
    },
    h.clock.now(),
  );
  // A shipment whose ship is at sea, so that its vessel has a voyage and a position.
  const number = findSandboxBillOfLading(
    SCAC,
    h.clock.now(),
    10 * DAY,
    (s) => s.polAtd !== null && s.podAta === null && s.podVessel !== null,
  );
  const tracked = await trackSandboxShipment(h, accountId, SCAC, number, 10 * DAY);
  await loopbackDelivery(h).runUntilIdle();
  const box = tracked.containers[0]!;
  ids.billOfLading = number;
  ids.shipment = tracked.shipmentId;
  ids.container = box.id;
  const shipment = (await (await h.request(key, `/v2/shipments/${ids.shipment}`)).json()).data;
  ids.port = shipment.relationships.port_of_discharge.data.id;
  ids.terminal = shipment.relationships.pod_terminal.data.id;
  // The account's fleet (this service's list, which the hosted API lacks): the ship its boxes are aboard.
  const [vessel] = (await (await h.request(key, "/v2/vessels")).json()).data;
  ids.vessel = vessel.id;
  ids.imo = vessel.attributes.imo;
  ids.lat = String(vessel.attributes.latitude);
  ids.lon = String(vessel.attributes.longitude);
  const requests = (await (await h.request(key, "/v2/tracking_requests")).json()).data;
  ids.request = requests[0].id;
  // The definitions the values need (the documents' example slug on every entity type, and an enum).
  for (const entity of ["Container", "TrackingRequest"]) {
    const made = await h.request(key, "/v2/custom_field_definitions", {
      method: "POST",
      json: definition(entity, "customer_reference_number"),
    });
    expect(made.status).toBe(201);
  }
  const enumDefinition = await h.request(key, "/v2/custom_field_definitions", {
    method: "POST",
    json: definition("Shipment", "service_level", "enum"),
  });
  ids.enumDefinition = (await enumDefinition.json()).data.id;
  // An image to turn (a PDF is not turned), and a mail that came in.
  ids.image = await upload(
    new Uint8Array(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    ),
    "scan.png",
    "image/png",
  );
  const [mail] = await h.db
    .insert(emailSubmissions)
    .values({ accountId, subject: "Arrival notice", createdAt: h.clock.now() })
    .returning();
  ids.emailSubmission = mail!.id;
  const notifications = (await (await h.request(key, "/v2/webhook_notifications")).json()).data;
  ids.notification = notifications[0]?.id;
}, 120_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

describe("every operation of the hosted API's document", () => {
  it("is one of the steps, once", () => {
    const named = STEPS.map((s) => s.operation);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual([...hostedOperations].sort());
  });

  it.each(STEPS.map((s) => [s.operation, s] as const))(
    "%s answers its documented status and schema",
    async (operation, step) => {
      const { method, path, status, hasSchema } = documented(operation);
      const [url, init] = await step.request();
      const response = await h.request(key, url, init);
      const text = await response.text();
      expect(response.status, `${operation} → ${url}: ${text.slice(0, 500)}`).toBe(status);
      if (!hasSchema) return;
      const body = JSON.parse(text);
      expectHostedAnswer(path, method, status, body);
      step.keep?.(body);
    },
  );
});
