// Carrier connections of the /v2 contract (`/v2/carrier_connections`): an account's link from a shipping line
// (SCAC) to that line's DCSA Track & Trace 2.2 API. While one exists, the account's tracking requests for that SCAC
// are looked up at the carrier instead of the built-in sandbox.
//
// - `GET/POST /v2/carrier_connections`, `GET/PATCH/DELETE /v2/carrier_connections/{id}`;
// - `POST /v2/carrier_connections/{id}/test` makes one real call to the carrier and answers what it got
//   (`carrier_connection_test`), and records it as the connection's `status`.
//
// Secrets (`api_key`, `oauth_client_secret`) are write-only: a read shows only whether one is set
// (`api_key_set`, `oauth_client_secret_set`). They are stored encrypted with the service's `SECRETS_KEY`; a service
// without one refuses to store a secret with a 422 at the secret's pointer saying so. PATCH leaves a secret that
// is not sent as it was; `null` clears it.
//
// One connection per SCAC per account: a second is a 422 at `/data/attributes/scac`. `internal` (the carrier's
// address may be private or loopback, plain http allowed) is the operator's to set: an API client may set it only
// when the service runs with `CARRIER_CONNECTIONS_ALLOW_INTERNAL=1`, otherwise it is a 422 naming that setting.
import { z } from "zod";
import { isoDateTime, listDocument, singleDocument } from "./json-api";

export const CARRIER_AUTH_TYPES = ["none", "api_key", "oauth2_client_credentials"] as const;
export type CarrierAuthType = (typeof CARRIER_AUTH_TYPES)[number];

/**
 * What the last call to the carrier showed: `untested` until the first; `ok`; `credentials_refused` (401/403, or
 * the token endpoint refused the client); `not_reachable` (no answer, a timeout, 5xx); `rate_limited` (429);
 * `address_refused` (the address guard refused a private address); `error` (an answer that is not DCSA).
 */
export const CARRIER_CONNECTION_STATUSES = [
  "untested",
  "ok",
  "credentials_refused",
  "not_reachable",
  "rate_limited",
  "address_refused",
  "error",
] as const;
export type CarrierConnectionStatus = (typeof CARRIER_CONNECTION_STATUSES)[number];

/** The only version of DCSA Track & Trace spoken here. */
export const CARRIER_API_VERSIONS = ["2.2"] as const;

export const carrierConnectionSchema = z
  .object({
    id: z.string(),
    type: z.literal("carrier_connection"),
    attributes: z.object({
      scac: z.string(),
      /** The shipping line's name from the reference list, for display. */
      shipping_line_name: z.string(),
      /** The user's label, e.g. "Maersk production". */
      name: z.string().nullable(),
      /** The carrier's T&T base address; the events endpoint is `${base_url}/v2/events`. */
      base_url: z.string(),
      api_version: z.enum(CARRIER_API_VERSIONS),
      auth_type: z.enum(CARRIER_AUTH_TYPES),
      /** The header the API key goes in (`api_key` auth), e.g. "API-Key". */
      api_key_header: z.string().nullable(),
      api_key_set: z.boolean(),
      oauth_token_url: z.string().nullable(),
      oauth_client_id: z.string().nullable(),
      oauth_scope: z.string().nullable(),
      oauth_client_secret_set: z.boolean(),
      internal: z.boolean(),
      /** Ask the carrier to push events (DCSA event subscriptions); polling goes on, more slowly. */
      push_enabled: z.boolean(),
      status: z.enum(CARRIER_CONNECTION_STATUSES),
      /** The last call in words, e.g. "The carrier refused the API key (401)". */
      status_detail: z.string().nullable(),
      checked_at: isoDateTime.nullable(),
      last_success_at: isoDateTime.nullable(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "CarrierConnection" });
export type CarrierConnection = z.infer<typeof carrierConnectionSchema>;

/**
 * The attributes of `POST` (all that apply to the auth type; `scac`, `base_url`, `auth_type` required) and `PATCH`
 * (any of them). Validation (the route's): `base_url` an absolute http(s) URL without credentials, query or
 * fragment (https unless `internal`); `scac` a shipping line of the reference list; `api_key_header` a valid header
 * name; the fields of the chosen auth type present.
 */
export const carrierConnectionWritableSchema = z.object({
  scac: z.string(),
  name: z.string().nullable(),
  base_url: z.string(),
  api_version: z.enum(CARRIER_API_VERSIONS),
  auth_type: z.enum(CARRIER_AUTH_TYPES),
  api_key_header: z.string().nullable(),
  api_key: z.string().nullable(),
  oauth_token_url: z.string().nullable(),
  oauth_client_id: z.string().nullable(),
  oauth_client_secret: z.string().nullable(),
  oauth_scope: z.string().nullable(),
  internal: z.boolean(),
  push_enabled: z.boolean(),
});
export type CarrierConnectionWritable = z.infer<typeof carrierConnectionWritableSchema>;

/** `POST /v2/carrier_connections/{id}/test`: what one real call to the carrier got. */
export const carrierConnectionTestSchema = z
  .object({
    id: z.string(),
    type: z.literal("carrier_connection_test"),
    attributes: z.object({
      ok: z.boolean(),
      status: z.enum(CARRIER_CONNECTION_STATUSES),
      /** The carrier's HTTP status; null when no answer came. */
      http_status: z.number().int().nullable(),
      detail: z.string(),
      /** The address called, without credentials. */
      url: z.string(),
      duration_ms: z.number().int(),
      checked_at: isoDateTime,
    }),
    relationships: z.object({
      carrier_connection: z.object({
        data: z.object({ type: z.literal("carrier_connection"), id: z.string() }),
      }),
    }),
  })
  .meta({ id: "CarrierConnectionTest" });
export type CarrierConnectionTest = z.infer<typeof carrierConnectionTestSchema>;

/** `GET`, `POST`, `PATCH /v2/carrier_connections[/{id}]`: one connection. */
export const carrierConnectionDocumentSchema = singleDocument(carrierConnectionSchema).meta({
  id: "CarrierConnectionDocument",
});

/** `GET /v2/carrier_connections`: the account's connections by SCAC, paged like the other lists. */
export const carrierConnectionListDocumentSchema = listDocument(carrierConnectionSchema).meta({
  id: "CarrierConnectionList",
});

/** `POST …/test`: what the call got, with the connection as it now stands (its recorded status) in `included`. */
export const carrierConnectionTestDocumentSchema = z
  .object({ data: carrierConnectionTestSchema, included: z.array(carrierConnectionSchema) })
  .meta({ id: "CarrierConnectionTestDocument" });

/** Longest values accepted: a secret or address longer than these is a mistake (a pasted file), not a credential. */
export const CARRIER_CONNECTION_LIMITS = {
  name: 200,
  base_url: 2000,
  api_key_header: 100,
  api_key: 4096,
  oauth_token_url: 2000,
  oauth_client_id: 500,
  oauth_client_secret: 4096,
  oauth_scope: 1000,
} as const;

const writable = carrierConnectionWritableSchema.shape;
const text = (name: string) => z.string({ error: `${name} must be a string` });
const nullableText = (name: string) => text(name).nullable();

const bodyOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    data: z.object({
      type: z.literal("carrier_connection", { error: "data.type must be 'carrier_connection'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject(shape),
    }),
  });

const authTypeSchema = z.enum(CARRIER_AUTH_TYPES, {
  error: `auth_type must be one of ${CARRIER_AUTH_TYPES.join(", ")}`,
});
const apiVersionSchema = z.enum(CARRIER_API_VERSIONS, {
  error: `api_version must be ${CARRIER_API_VERSIONS.join(" or ")} (DCSA Track & Trace)`,
});

/** Every attribute but the three required ones: optional, and `null` clears (a secret, a label). */
const optionalAttributes = {
  name: nullableText("name").optional(),
  api_version: apiVersionSchema.optional(),
  api_key_header: nullableText("api_key_header").optional(),
  api_key: nullableText("api_key").optional(),
  oauth_token_url: nullableText("oauth_token_url").optional(),
  oauth_client_id: nullableText("oauth_client_id").optional(),
  oauth_client_secret: nullableText("oauth_client_secret").optional(),
  oauth_scope: nullableText("oauth_scope").optional(),
  internal: z.boolean({ error: "internal must be true or false" }).optional(),
  push_enabled: z.boolean({ error: "push_enabled must be true or false" }).optional(),
} satisfies Partial<Record<keyof typeof writable, z.ZodType>>;

/** `POST /v2/carrier_connections`: `scac`, `base_url` and `auth_type`, and the fields of that auth type. */
export const carrierConnectionCreateBodySchema = bodyOf({
  scac: text("scac"),
  base_url: text("base_url"),
  auth_type: authTypeSchema,
  ...optionalAttributes,
}).meta({ id: "CarrierConnectionCreateBody" });
export type CarrierConnectionCreateAttributes = z.infer<
  typeof carrierConnectionCreateBodySchema
>["data"]["attributes"];

/** `PATCH /v2/carrier_connections/{id}`: any attribute; a secret not sent stays as it was, `null` clears it. */
export const carrierConnectionEditBodySchema = bodyOf({
  scac: text("scac").optional(),
  base_url: text("base_url").optional(),
  auth_type: authTypeSchema.optional(),
  ...optionalAttributes,
}).meta({ id: "CarrierConnectionEditBody" });
export type CarrierConnectionEditAttributes = z.infer<
  typeof carrierConnectionEditBodySchema
>["data"]["attributes"];
