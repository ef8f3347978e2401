// Pieces shared by the route definitions: common parameters, response shapes and the validation hook.

import type { Hook } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { containerAttributesSchema } from "../../api/containers";
import { errorDocumentSchema } from "../../api/json-api";
import { shipmentAttributesSchema } from "../../api/shipments";
import type { AppEnv } from "./env";
import { validationError } from "./validation";

export const idParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Resource id (UUID)" }),
});

// Query values arrive as strings and the handlers parse them (with errors that name the parameter); the document
// gives the types and limits that parsing enforces, so that clients and generated code know them.
export const pageQuery = {
  "page[number]": z.string().optional().openapi({
    type: "integer",
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
    description: "Page number, from 1.",
    example: "1",
  }),
  "page[size]": z.string().optional().openapi({
    type: "integer",
    minimum: 1,
    default: 30,
    description: "Items per page, from 1 (default 30; values over 100 are clamped to 100).",
    example: "30",
  }),
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern for a comma-separated list of the given words. */
export function commaListPattern(words: readonly string[]): string {
  const word = `(?:${words.map(escapeRegExp).join("|")})`;
  return `^${word}(?:,${word})*$`;
}

/**
 * A comma-separated list of `item`s as the lenient readers take it (query-params.ts's `include`, list-query.ts's
 * filters): spaces around each item, and empty items, ignored; blank is none.
 */
export function commaSeparatedPattern(item: string): string {
  return String.raw`^\s*(?:${item})?\s*(?:,\s*(?:${item})?\s*)*$`;
}

/** `include`: a comma-separated list of the relationship paths this endpoint can include, and nothing else. */
export function includeQueryOf(allowed: readonly string[], description?: string) {
  return {
    include: z
      .string()
      .optional()
      .openapi({
        pattern: commaSeparatedPattern(allowed.map(escapeRegExp).join("|")),
        description: description ?? `Comma-separated relationship paths to include: ${allowed.join(", ")}.`,
      }),
  };
}

/**
 * For a query parameter whose empty value (`filter[on_hold]=`) is read as no value at all, as a form with an empty
 * field sends it: OpenAPI's `allowEmptyValue` says so, where the schema alone (an enum, a number) would forbid "".
 */
export const EMPTY_IS_ABSENT = { param: { allowEmptyValue: true } } as const;

/** A filter that is `true` or `false` (empty: no filter). */
export const booleanFilter = (description: string) =>
  z
    .string()
    .optional()
    .openapi({ type: "string", enum: ["true", "false"], description, ...EMPTY_IS_ABSENT });

const CURSOR_PATTERN = "^[A-Za-z0-9_-]{1,120}$";

/** Keyset cursors of the lists that have them; links.next and links.prev carry them, clients pass them on. */
export const cursorQuery = {
  "page[after]": z.string().optional().openapi({
    pattern: CURSOR_PATTERN,
    description:
      "The page after the row this cursor names, as links.next gives it: walking a list by its links reads every page as fast as the first, and sees no row twice while new ones arrive.",
  }),
  "page[before]": z.string().optional().openapi({
    pattern: CURSOR_PATTERN,
    description: "The page before the row this cursor names, as links.prev gives it.",
  }),
};

/**
 * A request body in JSON, under both media types clients send (`application/json` and JSON:API's
 * `application/vnd.api+json`). `required` is left out of the document when undefined.
 */
export function requestBodyOf<T extends z.ZodType>(schema: T, required?: boolean) {
  return {
    content: { "application/json": { schema }, "application/vnd.api+json": { schema } },
    ...(required === undefined ? {} : { required }),
  };
}

/**
 * The body of a PATCH of one resource whose id is in the path: `data` with the resource's type and id (both
 * optional, as the hosted API accepts them) and the attributes a client may change.
 */
export function patchBodyOf<T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({
    data: z
      .object({
        type: z.literal(type).optional(),
        id: z.string().optional(),
        attributes: attributes.optional(),
      })
      .optional(),
  });
}

export function jsonBody<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad request: a parameter is invalid (the error names it in source.parameter)",
  401: "Missing, unknown, revoked or expired API key, or no signed-in session",
  403: "Not allowed: the role or the key's scope lacks this operation's permission (x-permission), a cross-site request with the session cookie, two-factor enrolment required, or a suspended account",
  404: "No such resource in this account",
  409: "Conflict: for a POST, a request with the same Idempotency-Key is still being processed (see Retry-After)",
  413: "Request body over 1 MB",
  415: "Body is not JSON",
  422: "An attribute is invalid (the error names it in source.pointer)",
  429: "Rate limit reached; see Retry-After",
};

export function errorResponses(...statuses: (keyof typeof ERROR_DESCRIPTIONS)[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, jsonBody(errorDocumentSchema, ERROR_DESCRIPTIONS[s] ?? "Error")]),
  ) as Record<number, ReturnType<typeof jsonBody>>;
}

/**
 * Attribute names of every resource: writing one that an endpoint does not accept is "read-only",
 * anything else is "unknown".
 */
const KNOWN_ATTRIBUTES = [
  ...Object.keys(shipmentAttributesSchema.shape),
  ...Object.keys(containerAttributesSchema.shape),
];

/** The app's validation hook: a failed validation becomes a JSON:API error naming the parameter or attribute. */
export const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success)
    throw validationError(result.target, result.error, KNOWN_ATTRIBUTES, (result as { data?: unknown }).data);
};
