// Checks an answer against the hosted API's own schema (its OpenAPI file, copied here as terminal49-openapi.json):
// the compatibility tests' judge of "a client written for the hosted API reads this unchanged".
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import hostedSpec from "./terminal49-openapi.json" with { type: "json" };

// biome-ignore lint/suspicious/noExplicitAny: the hosted OpenAPI file, read as JSON.
export const hostedOpenApi = hostedSpec as any;
const HOSTED = "https://hosted.invalid/openapi";
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);

/** OpenAPI 3.0's `nullable` as JSON Schema: `type: [t, "null"]`, through the whole tree. */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "nullable" || k === "example" || k === "examples") continue;
    out[k] =
      k === "$ref" ? String(v).replace("#/components/schemas/", `${HOSTED}#/definitions/`) : jsonSchemaOf(v);
  }
  const n = node as { nullable?: boolean; type?: string; enum?: unknown[] };
  if (n.nullable && typeof n.type === "string") {
    out.type = [n.type, "null"];
    if (n.enum) out.enum = [...new Set([...n.enum, null])];
  }
  // A nullable schema without a type of its own (`custom_field_value`: oneOf string, number, …) also takes null.
  if (n.nullable && n.type === undefined) return { anyOf: [out, { type: "null" }] };
  return out;
}
// The hosted file names some schemas it does not define (`user`): those are left open.
const referenced = [...JSON.stringify(hostedOpenApi).matchAll(/#\/components\/schemas\/([\w-]+)/g)].map(
  (m) => m[1]!,
);
const definitions = jsonSchemaOf(hostedOpenApi.components.schemas) as Record<string, object>;
for (const name of referenced) definitions[name] ??= {};
ajv.addSchema({ $id: HOSTED, definitions });
// Links are relative to the service (`/v2/documents/…`), as every /v2 answer of this service gives them.
ajv.addFormat("uri", /^(\/|https?:\/\/)/);

/** The hosted schema of an answer: `paths[path][method].responses[status]`. */
function hostedValidator(path: string, method: string, status: number) {
  const schema =
    hostedOpenApi.paths[path][method].responses[String(status)].content["application/json"].schema;
  return ajv.compile(jsonSchemaOf(schema) as object);
}

/** Expects `body` to be what the hosted API's document says `method path` answers with `status`. */
export function expectHosted(path: string, method: string, status: number, body: unknown) {
  const validate = hostedValidator(path, method, status);
  expect(validate(body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** Expects `body` to be one of the hosted document's component schemas (`webhook_notification`, …). */
export function expectHostedSchema(name: string, body: unknown) {
  const validate = ajv.compile({ $ref: `${HOSTED}#/definitions/${name}` });
  expect(validate(body), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
