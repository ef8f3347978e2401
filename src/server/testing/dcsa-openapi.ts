// Tests' referee for the DCSA wire: checks a request or a response against the standard's own OpenAPI document
// (`../shared/reference/dcsa/tnt-v2.2.0.yaml`, DCSA Track & Trace 2.2) with a real validator (openapi-backend), so
// that both our client (what it sends a carrier) and our sandbox publisher (what it answers) are held to the yaml
// rather than to what the other side of our own code happens to accept.
//
// Both functions answer a list of problems in words, empty when the message is valid:
//   expect(validateDcsaRequest({ method: "GET", path: "/v2/events", query, headers })).toEqual([]);
//   expect(validateDcsaResponse("GET /v2/events", 200, body, headers)).toEqual([]);
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Ajv, ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { OpenAPIBackend, type Operation, SetMatchType } from "openapi-backend";
import { parse } from "yaml";

/**
 * The standard, as DCSA publishes it (a copy of `../shared/reference/dcsa/tnt-v2.2.0.yaml`, kept in the repository
 * so that a fresh clone's tests have it).
 */
export const DCSA_OPENAPI_PATH = fileURLToPath(new URL("../tracking/dcsa/tnt-v2.2.0.yaml", import.meta.url));

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/**
 * The standard's file, made usable by a validator (a fresh copy each call, which callers may change): it names no
 * operations (each is named by its method and path template, e.g. "GET /v2/events"), and its 2.2.0 erratum glosses
 * documentReferenceType's enum ("BKG (Booking)") where carriers send the bare code.
 */
// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document, read by its callers as they need it.
export function readDcsaDefinition(path = DCSA_OPENAPI_PATH): any {
  // The yaml's `secret` example is a `!!binary` scalar; read as a Buffer it breaks openapi-backend's dereferencing
  // (a Buffer's read-only `parent`), so it is kept as its base64 text, which is what it means on the wire anyway.
  const definition = parse(readFileSync(path, "utf8"), {
    customTags: [{ tag: "tag:yaml.org,2002:binary", resolve: (text: string) => text.replace(/\s+/g, "") }],
  });
  // The document names no operationId, which openapi-backend needs to keep its validators apart: each operation is
  // named by its method and path template, e.g. "GET /v2/events" (how the helpers' callers name them too).
  for (const [path, item] of Object.entries(definition.paths as Record<string, Record<string, unknown>>)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { operationId?: string } | undefined;
      if (operation && !operation.operationId) operation.operationId = `${method.toUpperCase()} ${path}`;
    }
  }
  // An erratum of the 2.2.0 document: `documentReferenceType`'s enum lists "BKG (Booking)" and "TRD (Transport
  // Document)", labels pasted into the values. The standard's prose, its reference implementation and carriers
  // send the codes alone ("BKG", "TRD"); a referee holding to the typo would refuse every real event.
  const documentReferenceType =
    definition.components?.schemas?.documentReferences_inner?.properties?.documentReferenceType;
  if (documentReferenceType?.enum)
    documentReferenceType.enum = documentReferenceType.enum.map((v: string) => v.split(" ")[0]);
  return definition;
}

/**
 * Formats are checked for real (date-time, uuid, uri, byte for the base64 secret), not ignored as openapi-backend
 * does by default; the document's one typo'd format (`$date-time`, on error answers) is read as date-time.
 */
export function withDcsaFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  ajv.addFormat("$date-time", ajv.formats["date-time"] as never);
  return ajv;
}

const api = new OpenAPIBackend({
  definition: readDcsaDefinition(),
  validate: true,
  quick: true,
  customizeAjv: withDcsaFormats,
});
await api.init();

export interface DcsaHttpMessage {
  method: string;
  /** The path alone (no origin, no query), e.g. "/v2/events" or "/v2/event-subscriptions/8fbdc2d8-…". */
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, when there is one. */
  body?: unknown;
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`.trim());
}

function lowerCaseHeaders(headers: DcsaHttpMessage["headers"]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function findOperation(operation: string): Operation | undefined {
  return api.getOperation(operation.replace(/^(\w+)\s+/, (_, method: string) => `${method.toUpperCase()} `));
}

/**
 * Problems with a request a client sends to a DCSA T&T 2.2 API: an operation the standard has, its query and
 * header parameters (no parameter the standard lacks), and its JSON body (with `Content-Type: application/json` when there is one).
 */
export function validateDcsaRequest(request: DcsaHttpMessage): string[] {
  const headers = lowerCaseHeaders(request.headers);
  const req = {
    method: request.method.toLowerCase(),
    path: request.path,
    query: request.query ?? {},
    headers,
    body: request.body,
  };
  const operation = api.matchOperation(req);
  if (!operation) return [`the standard has no operation ${request.method.toUpperCase()} ${request.path}`];
  const problems: string[] = [];
  if (request.body !== undefined) {
    const type = String(headers["content-type"] ?? "");
    if (!type.toLowerCase().startsWith("application/json"))
      problems.push(`a body must be sent as application/json (Content-Type was '${type}')`);
  }
  return [...problems, ...describe(api.validateRequest(req, operation).errors)];
}

/**
 * Problems with a response a DCSA T&T 2.2 API answers: the body against the status's schema (or `default`), and
 * the headers the standard declares for it (the paging headers on `GET /v2/events`).
 * `operation` is "GET /v2/events" or the path template, e.g. "DELETE /v2/event-subscriptions/{subscriptionID}".
 */
export function validateDcsaResponse(
  operation: string,
  status: number,
  body: unknown,
  headers: Record<string, string | string[] | undefined> = {},
): string[] {
  const found = findOperation(operation);
  if (!found) return [`the standard has no operation ${operation}`];
  // A response without a body (204) is `null` to the validator.
  const problems = describe(api.validateResponse(body ?? null, found, status).errors);
  // openapi-backend's "superset" would demand every declared header; the standard requires only some
  // (`Current-Page`), so types are checked with "any" and the required ones here.
  const given = lowerCaseHeaders(headers);
  const response = (found.responses?.[String(status)] ?? found.responses?.default) as
    | { headers?: Record<string, { required?: boolean }> }
    | undefined;
  for (const [name, header] of Object.entries(response?.headers ?? {}))
    if (header.required && given[name.toLowerCase()] === undefined)
      problems.push(`headers: ${name} is required`);
  const headerResult = api.validateResponseHeaders(given, found, {
    statusCode: status,
    setMatchType: SetMatchType.Any,
  });
  return [...problems, ...describe(headerResult.errors).map((p) => `headers: ${p}`)];
}
