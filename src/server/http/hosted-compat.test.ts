// Compatibility: our shipment, container, terminal, port, metro area, shipping line, tracking request, transport event and raw
// event resources validate against the hosted API's own schemas, so that clients written for it read ours unchanged.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminalId } from "../db/reference-data";
import { trackingRequests } from "../db/schema";
import {
  findSandboxBillOfLading,
  sailingAfterTransshipment,
  trackSandboxShipment,
} from "../testing/sandbox-shipments";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import hosted from "./fixtures/hosted-api-schemas.json" with { type: "json" };

type Schema = {
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
};
/**
 * The hosted `tracking_request` schema (components.schemas.tracking_request of the reference, examples and
 * descriptions left out), kept here until the fixture file carries it too.
 */
const hostedTrackingRequest = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    type: { type: "string", enum: ["tracking_request"] },
    attributes: {
      type: "object",
      properties: {
        request_number: { type: "string" },
        ref_numbers: { type: "array", nullable: true, items: { type: "string" } },
        tags: { type: "array", items: { type: "string" } },
        status: {
          type: "string",
          enum: ["pending", "awaiting_manifest", "created", "failed", "tracking_stopped"],
        },
        failed_reason: {
          type: "string",
          enum: [
            "booking_cancelled",
            "duplicate",
            "expired",
            "internal_processing_error",
            "invalid_number",
            "not_found",
            "retries_exhausted",
            "shipping_line_unreachable",
            "unrecognized_response",
            "data_unavailable",
            "scac_auto_detect_failed",
            null,
          ],
          nullable: true,
        },
        request_type: { type: "string", enum: ["bill_of_lading", "booking_number", "container"] },
        scac: { type: "string", minLength: 4, maxLength: 4 },
        created_at: { type: "string", format: "date-time" },
        updated_at: { type: "string", format: "date-time" },
        is_retrying: { type: "boolean" },
        retry_count: { type: "integer", nullable: true },
      },
      required: ["request_number", "status", "request_type", "scac", "created_at"],
    },
    relationships: {
      type: "object",
      properties: {
        tracked_object: {
          type: "object",
          properties: {
            data: {
              type: "object",
              nullable: true,
              properties: {
                id: { type: "string", format: "uuid" },
                type: { type: "string", enum: ["shipment"] },
              },
            },
          },
        },
        customer: {
          type: "object",
          properties: {
            data: {
              type: "object",
              properties: {
                id: { type: "string", format: "uuid" },
                type: { type: "string", enum: ["party"] },
              },
            },
          },
        },
      },
    },
  },
  required: ["id", "type"],
};
const schemas = { ...hosted.schemas, tracking_request: hostedTrackingRequest } as unknown as Record<
  string,
  Schema
>;

/**
 * A small OpenAPI 3.0 schema checker, enough for these schemas. `nullIsAbsent` accepts null for
 * properties the hosted schema types as plain strings: our contract says absent values are null.
 */
function check(value: unknown, schema: Schema, path: string, problems: string[], nullIsAbsent: boolean) {
  if (schema.$ref)
    return check(value, schemas[schema.$ref.split("/").at(-1)!]!, path, problems, nullIsAbsent);
  if (value === null) {
    if (!schema.nullable && !nullIsAbsent && !schema.enum?.includes(null)) problems.push(`${path} is null`);
    return;
  }
  if (schema.enum && !schema.enum.includes(value))
    problems.push(`${path}=${JSON.stringify(value)} not in enum`);
  switch (schema.type) {
    case "string":
      if (typeof value !== "string") problems.push(`${path} is not a string`);
      else if (schema.format === "date-time" && Number.isNaN(Date.parse(value)))
        problems.push(`${path} is not a date-time`);
      else if (schema.minLength !== undefined && value.length < schema.minLength)
        problems.push(`${path} too short`);
      break;
    case "integer":
      if (!Number.isInteger(value)) problems.push(`${path} is not an integer`);
      break;
    case "number":
      if (typeof value !== "number") problems.push(`${path} is not a number`);
      break;
    case "boolean":
      if (typeof value !== "boolean") problems.push(`${path} is not a boolean`);
      break;
    case "array":
      if (!Array.isArray(value)) problems.push(`${path} is not an array`);
      else
        for (const [i, v] of value.entries())
          check(v, schema.items ?? {}, `${path}[${i}]`, problems, nullIsAbsent);
      break;
    case "object":
      if (typeof value !== "object" || Array.isArray(value)) {
        problems.push(`${path} is not an object`);
        break;
      }
      for (const name of schema.required ?? []) {
        if (!(name in value)) problems.push(`${path}.${name} is missing`);
      }
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        if (name in value)
          check((value as Record<string, unknown>)[name], sub, `${path}.${name}`, problems, nullIsAbsent);
      }
      break;
  }
}

function validate(resource: Record<string, unknown>, schemaName: string, nullIsAbsent = false) {
  const schema = schemas[schemaName]!;
  const problems: string[] = [];
  // The hosted container schema's `type` enum says "account" by mistake; check the parts that carry data.
  const attributes = schema.properties?.attributes;
  if (attributes) check(resource.attributes, attributes, `${schemaName}.attributes`, problems, nullIsAbsent);
  // The seed makes an empty to-one relationship `{data: null}`, which some hosted schemas leave out.
  const relationships = schema.properties?.relationships;
  if (relationships)
    check(resource.relationships, relationships, `${schemaName}.relationships`, problems, true);
  return problems;
}

/** Every property the hosted schema lists for attributes is present in ours. */
function missingAttributes(resource: { attributes: Record<string, unknown> }, schemaName: string) {
  const names = Object.keys(schemas[schemaName]!.properties?.attributes?.properties ?? {});
  return names.filter((n) => !(n in resource.attributes));
}

let h: Harness;
let key: string;
let shipmentId: string;
let trackedContainerId: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount();
  key = created.apiKey;
  shipmentId = (await insertShipment(h.db, created.account.id, { refNumbers: ["PO-1"], tags: ["t"] }))
    .shipment.id;
  // A real sandbox shipment on the water after a transshipment: actual and planned lines, vessels, terminals.
  const elapsed = 10 * 86_400_000;
  const number = findSandboxBillOfLading("CMDU", h.clock.now(), elapsed, (s) =>
    s.containers.every(sailingAfterTransshipment),
  );
  trackedContainerId = (await trackSandboxShipment(h, created.account.id, "CMDU", number, elapsed))
    .containers[0]!.id;
});
afterAll(() => h.close());

describe("compatibility with the hosted API's schemas", () => {
  it("shipments and their containers validate and carry every hosted attribute", async () => {
    const body = await (await h.request(key, `/v2/shipments/${shipmentId}?include=containers`)).json();
    expect(validate(body.data, "shipment")).toEqual([]);
    expect(missingAttributes(body.data, "shipment")).toEqual([]);
    const container = body.included[0];
    expect(validate(container, "container")).toEqual([]);
    expect(missingAttributes(container, "container")).toEqual([]);
  });

  it("terminals, ports, metro areas and shipping lines validate", async () => {
    const terminal = await (
      await h.request(key, `/v2/terminals/${terminalId("USLAX", "APM Terminals", "APMT")}`)
    ).json();
    expect(validate(terminal.data, "terminal", true)).toEqual([]);
    expect(missingAttributes(terminal.data, "terminal")).toEqual([]);
    const port = await (await h.request(key, "/v2/ports/NLRTM")).json();
    expect(validate(port.data, "port")).toEqual([]);
    const metro = await (await h.request(key, "/v2/metro_areas/USCHI")).json();
    expect(validate(metro.data, "metro_area")).toEqual([]);
    expect(missingAttributes(metro.data, "metro_area")).toEqual([]);
    const lines = await (await h.request(key, "/v2/shipping_lines")).json();
    for (const line of lines.data) expect(validate(line, "shipping_line")).toEqual([]);
  });

  it("tracking requests validate and carry every hosted attribute, pending, duplicate and created", async () => {
    // The seed makes the customer the account; the hosted API calls its customers parties. Nothing else differs.
    const customerType = 'tracking_request.relationships.customer.data.type="account" not in enum';
    const post = async () => {
      const response = await h.request(key, "/v2/tracking_requests", {
        method: "POST",
        json: {
          data: {
            type: "tracking_request",
            attributes: { request_type: "bill_of_lading", request_number: "MAEU246813579", scac: "MAEU" },
          },
        },
      });
      expect(response.status).toBe(201);
      return (await response.json()).data;
    };
    const pending = await post();
    await h.db
      .update(trackingRequests)
      .set({ status: "created", shipmentId })
      .where(eq(trackingRequests.id, pending.id));
    const duplicate = await post();
    expect(duplicate.attributes.failed_reason).toBe("duplicate");
    const created = await (await h.request(key, `/v2/tracking_requests/${pending.id}`)).json();
    for (const resource of [pending, duplicate, created.data]) {
      expect(validate(resource, "tracking_request")).toEqual([customerType]);
      expect(missingAttributes(resource, "tracking_request")).toEqual([]);
    }
    expect(validate(created.included[0], "shipment")).toEqual([]);
  });

  it("transport events and raw events validate and carry every hosted attribute", async () => {
    const transport = await (
      await h.request(key, `/v2/containers/${trackedContainerId}/transport_events?include=location,vessel`)
    ).json();
    expect(transport.data.length).toBeGreaterThan(0);
    for (const event of transport.data) {
      expect(validate(event, "transport_event")).toEqual([]);
      expect(missingAttributes(event, "transport_event")).toEqual([]);
    }
    for (const port of transport.included.filter((r: { type: string }) => r.type === "port")) {
      expect(validate(port, "port")).toEqual([]);
    }
    const raw = await (await h.request(key, `/v2/containers/${trackedContainerId}/raw_events`)).json();
    expect(raw.data.some((r: { attributes: { estimated: boolean } }) => r.attributes.estimated)).toBe(true);
    for (const line of raw.data) {
      // Absent values are null in our contract, where the hosted schema types some of them as plain strings.
      expect(validate(line, "raw_event", true)).toEqual([]);
      expect(missingAttributes(line, "raw_event")).toEqual([]);
    }
  });
});
