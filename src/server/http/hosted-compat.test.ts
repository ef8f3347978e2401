// Compatibility: our shipment, container, terminal, port and shipping line resources validate against the
// hosted API's own schemas, so that clients written for it read ours unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { terminalId } from "../db/reference-data";
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
const schemas = hosted.schemas as unknown as Record<string, Schema>;

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

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount();
  key = created.apiKey;
  shipmentId = (await insertShipment(h.db, created.account.id, { refNumbers: ["PO-1"], tags: ["t"] }))
    .shipment.id;
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

  it("terminals, ports and shipping lines validate", async () => {
    const terminal = await (
      await h.request(key, `/v2/terminals/${terminalId("USLAX", "APM Terminals", "APMT")}`)
    ).json();
    expect(validate(terminal.data, "terminal", true)).toEqual([]);
    expect(missingAttributes(terminal.data, "terminal")).toEqual([]);
    const port = await (await h.request(key, "/v2/ports/NLRTM")).json();
    expect(validate(port.data, "port")).toEqual([]);
    const lines = await (await h.request(key, "/v2/shipping_lines")).json();
    for (const line of lines.data) expect(validate(line, "shipping_line")).toEqual([]);
  });
});
