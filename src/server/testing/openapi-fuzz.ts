// Requests generated from our own OpenAPI document (every operation; values valid by its schemas and values that
// are not), sent through the app in process, and the checks every answer must pass: never a 5xx, a status the
// document lists for the operation, a body its schema accepts, and every error a JSON:API error document.
// Used by openapi-fuzz.test.ts (a few hundred cases in `npm test`) and `npm run fuzz` (10,000+, with counts).
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { Harness } from "./service-harness";

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema and OpenAPI objects are walked generically here.
type Json = any;

export interface FuzzRequest {
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzOptions {
  /** Strings may carry NUL bytes (U+0000). */
  nulBytes: boolean;
  /**
   * Bodies that succeed, by operation ("POST /v2/webhooks"), for what a schema cannot generate (an https address,
   * a number in a line's format): without them a creation would only ever be refused.
   */
  knownBodies?: Record<string, fc.Arbitrary<Json>>;
}

/** Ids that exist in the fuzzed account, by the path segment before `{id}`; the fuzzer also sends unknown ones. */
export type KnownIds = Record<string, string[]>;

function resolveRef(document: Json, schema: Json): Json {
  let s = schema;
  while (s && typeof s === "object" && typeof s.$ref === "string") {
    s = s.$ref
      .slice(2)
      .split("/")
      .reduce((node: Json, key: string) => node?.[key], document);
  }
  return s;
}

/** Any JSON value at all, including the strings that break naive code. */
function junk(options: FuzzOptions): fc.Arbitrary<Json> {
  return fc.oneof(
    nastyString(options),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
  );
}

function nastyString(options: FuzzOptions): fc.Arbitrary<string> {
  const unit = options.nulBytes
    ? "binary"
    : fc
        .integer({ min: 1, max: 0x10ffff })
        .filter((c) => c < 0xd800 || c > 0xdfff)
        .map((c) => String.fromCodePoint(c));
  return fc.oneof(
    fc.string(),
    fc.string({ unit, maxLength: 40 }),
    fc.constantFrom(
      "",
      " ",
      "%",
      "'",
      "\\",
      "../..",
      "null",
      "-1",
      "0",
      "1e309",
      "9".repeat(40),
      "x".repeat(5_000),
    ),
    fc.uuid(),
  );
}

/** A value the schema accepts (as far as a generator can tell), built from its type, enum, pattern and limits. */
function valid(document: Json, schemaIn: Json, options: FuzzOptions, depth = 0): fc.Arbitrary<Json> {
  const schema = resolveRef(document, schemaIn) ?? {};
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return fc.oneof(...alternatives.map((s: Json) => valid(document, s, options, depth + 1)));
  if (Array.isArray(schema.allOf)) return valid(document, schema.allOf[0], options, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return fc.integer({
        min: schema.minimum ?? -1_000,
        max: schema.maximum ?? Math.max(schema.minimum ?? 0, 0) + 1_000,
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valid(document, schema.items ?? {}, options, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const properties: Record<string, Json> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<Json>> = {};
      for (const [name, s] of Object.entries(properties))
        shape[name] = valid(document, s, options, depth + 1);
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
    }
    default:
      return validString(schema);
  }
}

function validString(schema: Json): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time")
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === "date")
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "uri" || schema.format === "url") return fc.webUrl({ validSchemes: ["https"] });
  if (schema.format === "email") return fc.emailAddress();
  if (typeof schema.pattern === "string")
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length <= (schema.maxLength ?? 10_000));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
}

/** Valid most of the time, anything at all some of the time: a request is mostly right with one thing wrong. */
function maybeValid(document: Json, schema: Json, options: FuzzOptions): fc.Arbitrary<Json> {
  return fc.oneof(
    { weight: 3, arbitrary: valid(document, schema, options) },
    { weight: 1, arbitrary: junk(options) },
  );
}

function queryText(value: Json): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** One arbitrary request for each operation of the document; together they cover all of them evenly. */
export function requestArbitrary(
  document: Json,
  ids: KnownIds,
  options: FuzzOptions,
): fc.Arbitrary<FuzzRequest> {
  const operations: fc.Arbitrary<FuzzRequest>[] = [];
  for (const [template, item] of Object.entries<Json>(document.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      if (!["get", "post", "patch", "put", "delete"].includes(method)) continue;
      const name = `${method.toUpperCase()} ${template}`;
      const collection = /\/v2\/([a-z_]+)\/\{id\}/.exec(template)?.[1] ?? "";
      const known = ids[collection] ?? [];
      const idArb = fc.oneof(
        { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.uuid() },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: nastyString(options).filter((s) => s !== "" && !s.includes("/")) },
      );
      // Half the requests have only valid parameters; in the rest any parameter may be anything.
      const validQuery: Record<string, fc.Arbitrary<Json>> = {};
      const anyQuery: Record<string, fc.Arbitrary<Json>> = {};
      const required: string[] = [];
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.in !== "query") continue;
        if (parameter.required) required.push(parameter.name);
        // Cursors are valid only as the API gave them out (in links), which a generator cannot do.
        if (
          !String(parameter.name).startsWith("page[after") &&
          !String(parameter.name).startsWith("page[before")
        )
          validQuery[parameter.name] = valid(document, parameter.schema, options);
        anyQuery[parameter.name] = maybeValid(document, parameter.schema, options);
      }
      const queryArb = fc.oneof(
        // A request of valid parameters has the required ones.
        fc.record(validQuery, { requiredKeys: required.filter((name) => name in validQuery) }),
        fc.record(anyQuery, { requiredKeys: [] }),
      );
      const content = operation.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      const goodBody = options.knownBodies?.[name];
      const knownArb = goodBody
        ? [
            {
              weight: 4,
              arbitrary: goodBody.map((b) => ({ type: "application/json", text: JSON.stringify(b) })),
            },
          ]
        : [];
      const bodyArb: fc.Arbitrary<{ type?: string; text?: string }> = mediaType
        ? fc.oneof(
            ...knownArb,
            {
              weight: 4,
              arbitrary: valid(document, content[mediaType].schema, options).map((b) => ({
                type: mediaType,
                text: JSON.stringify(b),
              })),
            },
            {
              weight: 1,
              arbitrary: junk(options).map((b) => ({ type: "application/json", text: JSON.stringify(b) })),
            },
            { weight: 1, arbitrary: fc.string().map((t) => ({ type: "application/json", text: t })) },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom("text/plain", "application/xml", "")
                .map((type) => ({ type, text: "{}" })),
            },
            { weight: 1, arbitrary: fc.constant({}) },
          )
        : method === "get" || method === "delete"
          ? fc.constant({})
          : fc.oneof(
              { weight: 5, arbitrary: fc.constant({}) },
              { weight: 1, arbitrary: fc.constant({ type: "text/plain", text: "x" }) },
            );
      operations.push(
        fc
          .record({
            id: idArb,
            query: queryArb,
            body: bodyArb,
            authorized: fc.oneof(
              { weight: 15, arbitrary: fc.constant(true) },
              { weight: 1, arbitrary: fc.constant(false) },
            ),
          })
          .map(({ id, query: values, body, authorized }) => {
            const search = new URLSearchParams();
            for (const [key, value] of Object.entries(values)) search.set(key, queryText(value));
            const qs = search.toString();
            const headers: Record<string, string> = authorized ? {} : { authorization: "Token not-a-key" };
            if (body.type) headers["content-type"] = body.type;
            return {
              operation: name,
              method: method.toUpperCase(),
              path: `${template.replace("{id}", encodeURIComponent(id))}${qs ? `?${qs}` : ""}`,
              headers,
              ...(body.text === undefined ? {} : { body: body.text }),
            };
          }),
      );
    }
  }
  return fc.oneof(...operations);
}

export interface Checker {
  /** What is wrong with the answer to a request, or undefined when it keeps the document's promises. */
  problem(request: FuzzRequest, status: number, contentType: string | null, body: string): string | undefined;
}

/** Compiles every response schema of the document once, with its components. */
export function responseChecker(document: Json): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi", components: document.components ?? {} });
  const rewrite = (schema: Json): Json =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
  const errorSchema = document.components?.schemas?.ErrorDocument;
  const validateError = ajv.compile(rewrite(errorSchema ?? { type: "object", required: ["errors"] }));
  const compiled = new Map<string, ReturnType<typeof ajv.compile> | null>();
  const validatorFor = (operation: string, status: number) => {
    const key = `${operation} ${status}`;
    if (!compiled.has(key)) {
      const [method, template] = operation.split(" ") as [string, string];
      const response = document.paths[template]?.[method.toLowerCase()]?.responses?.[String(status)];
      const schema = response?.content?.["application/json"]?.schema;
      compiled.set(key, response ? (schema ? ajv.compile(rewrite(schema)) : null) : (undefined as never));
    }
    return compiled.get(key);
  };
  const queryProblem = queryAgreement(document, ajv, rewrite);
  const bodyProblem = bodyAgreement(document, ajv, rewrite);
  return {
    problem(request, status, contentType, body) {
      if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
      const disagreement = queryProblem(request, status, body) ?? bodyProblem(request, status);
      if (disagreement) return disagreement;
      if (status === 200 && contentType?.startsWith("text/event-stream")) {
        const [method, template] = request.operation.split(" ") as [string, string];
        const listed = document.paths[template]?.[method.toLowerCase()]?.responses?.["200"]?.content;
        if (!listed?.["text/event-stream"]) return "answered a stream, which the document does not list";
        return body.startsWith("retry:") ? undefined : `a stream that does not begin with retry: ${body}`;
      }
      const validate = validatorFor(request.operation, status);
      if (validate === undefined)
        return `answered ${status}, which the document does not list: ${body.slice(0, 300)}`;
      let parsed: Json;
      try {
        parsed = JSON.parse(body);
      } catch {
        return `answered ${status} with a body that is not JSON (${contentType}): ${body.slice(0, 100)}`;
      }
      if (status >= 400) {
        if (!validateError(parsed))
          return `a ${status} that is not a JSON:API error document: ${ajv.errorsText(validateError.errors)}`;
        if (!(parsed as Json).errors.every((e: Json) => e.status === String(status)))
          return `error statuses differ from ${status}`;
      }
      if (validate && !validate(parsed)) {
        return `the ${status} body does not match the document: ${ajv.errorsText(validate.errors)}`;
      }
      return undefined;
    },
  };
}

/** Query parameters the API alone can judge: a cursor is valid only as the API gave it out (in links). */
const JUDGED_BY_THE_API = /^page\[(after|before)\]$/;

/**
 * A value the document allows whose acceptance rests on the account's own data: a sort by a custom field names one
 * of the account's fields (`custom_fields.<api_slug>`), which the pattern cannot know; an unknown one is a 400.
 */
const judgedByAccountData = (name: string, value: string | null) =>
  name === "sort" && value !== null && /(^|,)-?custom_fields\./.test(value);

/**
 * The query string and the document agree: a value the parameter's schema forbids is not accepted (a 2xx), and a
 * request whose every query value the schemas allow is not refused for one of them (a 400 naming a parameter).
 * Either way a client that trusts the document is misled.
 */
function queryAgreement(
  document: Json,
  ajv: Ajv2020,
  rewrite: (schema: Json) => Json,
): (request: FuzzRequest, status: number, body: string) => string | undefined {
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorOf = (operation: string, name: string, schema: Json) => {
    const key = `${operation} ${name}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rewrite(schema));
      compiled.set(key, validate);
    }
    return validate;
  };
  return (request, status, body) => {
    if (status === 401 || status === 429) return undefined;
    const [method, template] = request.operation.split(" ") as [string, string];
    const parameters: Json[] = document.paths[template]?.[method.toLowerCase()]?.parameters ?? [];
    const search = new URL(request.path, "http://fuzz").searchParams;
    const forbidden: string[] = [];
    for (const parameter of parameters) {
      if (parameter.in !== "query" || JUDGED_BY_THE_API.test(parameter.name)) continue;
      const value = search.get(parameter.name);
      if (value === null && parameter.required) forbidden.push(`no ${parameter.name}`);
      if (value === null || !parameter.schema) continue;
      // An empty value the document allows (OpenAPI's allowEmptyValue) is no value, whatever the schema says.
      if (value === "" && parameter.allowEmptyValue === true) continue;
      const schema = resolveRef(document, parameter.schema);
      const typed = schema?.type === "integer" || schema?.type === "number" ? Number(value) : value;
      const validate = validatorOf(request.operation, parameter.name, parameter.schema);
      // An integer in a query string is written in digits, as OpenAPI's tools read one (not 1e3, not 7.0).
      const unwritten =
        typeof typed === "number" &&
        (value.trim() === "" ||
          Number.isNaN(typed) ||
          (schema.type === "integer" && !/^[+-]?\d+$/.test(value)));
      if (!validate(typed) || unwritten)
        forbidden.push(`${parameter.name}=${JSON.stringify(value).slice(0, 60)}`);
    }
    if (status >= 200 && status < 300 && forbidden.length > 0)
      return `accepted ${forbidden.join(", ")}, which the document forbids`;
    if (status === 400 && forbidden.length === 0) {
      const queryNames = parameters.filter((p) => p.in === "query").map((p) => String(p.name));
      // A refusal that names two parameters is about how they go together (from after to), which a schema of
      // each alone cannot say; the operation's description does.
      const aboutOne = (e: Json) =>
        queryNames.filter((name) => String(e.detail ?? "").includes(name)).length <= 1;
      const named = (JSON.parse(body) as Json).errors?.find(
        (e: Json) =>
          typeof e?.source?.parameter === "string" &&
          queryNames.includes(e.source.parameter) &&
          !JUDGED_BY_THE_API.test(e.source.parameter) &&
          !judgedByAccountData(e.source.parameter, search.get(e.source.parameter)) &&
          aboutOne(e),
      );
      if (named) return `refused ${named.source.parameter}, which the document allows: ${named.detail}`;
    }
    return undefined;
  };
}

/**
 * The request body and the document agree: a write whose body the document requires is not accepted without one,
 * and a JSON body its schema forbids is not accepted (a 2xx).
 */
function bodyAgreement(
  document: Json,
  ajv: Ajv2020,
  rewrite: (schema: Json) => Json,
): (request: FuzzRequest, status: number) => string | undefined {
  const compiled = new Map<string, ReturnType<typeof ajv.compile> | null>();
  return (request, status) => {
    if (status < 200 || status >= 300) return undefined;
    const [method, template] = request.operation.split(" ") as [string, string];
    const requestBody = document.paths[template]?.[method.toLowerCase()]?.requestBody;
    if (!requestBody) return undefined;
    if (request.body === undefined || request.body === "")
      return requestBody.required ? "accepted no body, which the document requires" : undefined;
    const schema = requestBody.content?.["application/json"]?.schema;
    if (!schema) return undefined;
    if (!compiled.has(request.operation)) compiled.set(request.operation, ajv.compile(rewrite(schema)));
    const validate = compiled.get(request.operation)!;
    let parsed: Json;
    try {
      parsed = JSON.parse(request.body);
    } catch {
      return "accepted a body that is not JSON";
    }
    return validate(parsed)
      ? undefined
      : `accepted a body the document forbids (${ajv.errorsText(validate.errors)}): ${request.body.slice(0, 120)}`;
  };
}

/**
 * The answer's body as text; of a stream (text/event-stream, which never ends by itself), what its first chunk
 * holds, after which the stream is closed.
 */
export async function bodyText(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return response.text();
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

/** Sends a generated request through the app. */
export async function send(h: Harness, key: string, request: FuzzRequest): Promise<Response> {
  const headers = new Headers(request.headers);
  return h.request(headers.has("authorization") ? null : key, request.path, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}
