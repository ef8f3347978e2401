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

/**
 * The hosted document's own errors, each corrected where its examples (or JSON:API, or the seed) contradict its
 * schemas: the judge of `expectHostedAnswer`. Each entry says why; nothing here loosens what the document gets right.
 */
export const HOSTED_DOCUMENT_ERRATA: readonly { why: string; correct(spec: Json): void }[] = [
  {
    why:
      "An empty to-one relationship is `data: null` (JSON:API 1.0, resource linkage), as the document's own shipment " +
      "and container examples give it (`destination_terminal`, `pickup_facility`), though 24 of its relationship " +
      "schemas type `data` as an object only.",
    correct(spec) {
      visit(spec, (node) => {
        const relationships = node.properties?.relationships?.properties as Record<string, Json> | undefined;
        for (const relationship of Object.values(relationships ?? {})) {
          const data = relationship?.properties?.data;
          if (data?.type === "object") data.nullable = true;
        }
      });
    },
  },
  {
    why: "The `container` schema's `type` is the enum [\"account\"]; every container in the document's examples is `container`.",
    correct(spec) {
      spec.components.schemas.container.properties.type.enum = ["container"];
    },
  },
  {
    why:
      "A webhook notification's `included` lists four kinds; the document's own notification examples include the " +
      "shipment, container, ports, terminals and vessel as well (the hosted webhooks carry them), and this service does.",
    correct(spec) {
      const kinds = [
        "shipment",
        "container",
        "port",
        "terminal",
        "vessel",
        "container_updated_event",
        "container_pod_terminal_changed_event",
        "document",
      ];
      for (const path of [
        "/webhook_notifications",
        "/webhook_notifications/{id}",
        "/webhook_notifications/examples",
      ]) {
        const included =
          spec.paths[path].get.responses["200"].content["application/json"].schema.properties.included;
        for (const kind of kinds) included.items.anyOf.push({ $ref: `#/components/schemas/${kind}` });
      }
    },
  },
  {
    why:
      "A notification's `reference_object` may be a tracking request or one of three event kinds, yet the document's " +
      "own event list has `container.created` (about a container), `container.pod_terminal_changed` (its component " +
      "`container_pod_terminal_changed_event`) and `document.extracted` / `document.extraction_failed` (a document).",
    correct(spec) {
      const reference =
        spec.components.schemas.webhook_notification.properties.relationships.properties.reference_object;
      reference.properties.data.properties.type.enum.push(
        "container",
        "container_pod_terminal_changed_event",
        "document",
      );
    },
  },
  {
    why:
      "A notification example belongs to no webhook (it was never sent): its `webhook` relationship is null, which the " +
      "first correction allows; and a tracking request's `customer` is the account, as the seed specifies (the " +
      "document says a party; the party a request is for goes to its shipment's `customer`).",
    correct(spec) {
      const customer = spec.components.schemas.tracking_request.properties.relationships.properties.customer;
      customer.properties.data.properties.type.enum = ["account"];
    },
  },
  {
    why:
      "An attribute the document does not require may be null: JSON:API clients read null and absent alike, and the " +
      "document's examples give null for unknown values (a terminal's `firms_code`, `smdg_code` and address parts " +
      "are unknown for many terminals).",
    correct(spec) {
      visit(spec, (node) => {
        const attributes = node.properties?.attributes;
        if (!attributes?.properties) return;
        const required = new Set<string>(attributes.required ?? []);
        for (const [name, property] of Object.entries(attributes.properties as Record<string, Json>)) {
          if (!required.has(name) && typeof property?.type === "string") property.nullable = true;
        }
      });
    },
  },
];

// biome-ignore lint/suspicious/noExplicitAny: the hosted OpenAPI file, read as JSON.
type Json = any;

/** Calls `f` on every object of the tree. */
function visit(node: Json, f: (node: Json) => void) {
  if (Array.isArray(node)) for (const item of node) visit(item, f);
  else if (node && typeof node === "object") {
    f(node);
    for (const value of Object.values(node)) visit(value, f);
  }
}

const CORRECTED = "https://hosted.invalid/openapi-corrected";
const corrected: Json = structuredClone(hostedSpec);
for (const erratum of HOSTED_DOCUMENT_ERRATA) erratum.correct(corrected);
/** A corrected schema as JSON Schema, its references into the corrected definitions. */
const correctedSchemaOf = (schema: Json) =>
  JSON.parse(JSON.stringify(jsonSchemaOf(schema)).replaceAll(`${HOSTED}#`, `${CORRECTED}#`));
const correctedDefinitions = correctedSchemaOf(corrected.components.schemas) as Record<string, object>;
for (const name of referenced) correctedDefinitions[name] ??= {};
ajv.addSchema({ $id: CORRECTED, definitions: correctedDefinitions });

/**
 * Expects `body` to be what the hosted document, its errata corrected (HOSTED_DOCUMENT_ERRATA), says `method path`
 * answers with `status`.
 */
export function expectHostedAnswer(path: string, method: string, status: number, body: unknown) {
  const schema = corrected.paths[path][method].responses[String(status)].content["application/json"].schema;
  const validate = ajv.compile(correctedSchemaOf(schema));
  expect(validate(body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
