// What a `POST` or `PATCH /v2/carrier_connections` body may store, checked completely: every problem is one 422 at its
// attribute's pointer, in the hosted API's words ("Base url must be an https URL"), all at once.
//
// Decisions: a field of another auth type than the connection's is refused (not silently dropped), so that a
// client learns it sent an API key to an OAuth connection; `null` for such a field is fine. Switching the auth type
// forgets the old type's fields and secrets. A secret is sealed here, before anything is stored, and a service
// without SECRETS_KEY refuses one. Changing where or how the carrier is called resets the status to untested.
import {
  CARRIER_CONNECTION_LIMITS,
  type CarrierAuthType,
  type CarrierConnectionEditAttributes,
} from "../../api/carrier-connections";
import { attributePointer } from "../../api/json-pointer";
import type { CarrierConnectionRow, CarrierConnectionValues, StatusReset } from "../db/carrier-connections";
import type { ReferenceData } from "../db/reference-data";
import { forbiddenReason, portProblem } from "../net/outbound-guard";
import { sealSecret } from "../secrets";
import { ApiError, type ErrorSpec, quote } from "./errors";

export interface ConnectionInputContext {
  reference: ReferenceData;
  secretsKey: Buffer | undefined;
  /** CARRIER_CONNECTIONS_ALLOW_INTERNAL: whether an API client may mark a connection internal. */
  allowInternal: boolean;
}

type Attributes = CarrierConnectionEditAttributes;
type Field = keyof Attributes;

const AUTH_FIELDS: Record<CarrierAuthType, Field[]> = {
  none: [],
  api_key: ["api_key_header", "api_key"],
  oauth2_client_credentials: ["oauth_token_url", "oauth_client_id", "oauth_client_secret", "oauth_scope"],
};
const ALL_AUTH_FIELDS = Object.values(AUTH_FIELDS).flat();
const AUTH_OF_FIELD = Object.fromEntries(
  Object.entries(AUTH_FIELDS).flatMap(([type, fields]) => fields.map((f) => [f, type])),
) as Record<Field, CarrierAuthType>;

const SECRET_WORDS = { api_key: "API key", oauth_client_secret: "OAuth client secret" } as const;

/** RFC 9110's `token`: the characters a header name may have. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Control characters: a header value holding one could split the request the client sends. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it exists to find them.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `base_url` → "Base url", as the hosted API words its attribute errors. */
const words = (field: string) => {
  const spaced = field
    .replaceAll("_", " ")
    .replace(/^oauth /, "OAuth ")
    .replace(/^api /, "API ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

class Problems {
  readonly list: ErrorSpec[] = [];
  add(field: string, detail: string, code = "invalid") {
    this.list.push({ code, detail, source: { pointer: attributePointer(field) } });
  }
  has(field: string) {
    return this.list.some(
      (p) => p.source && "pointer" in p.source && p.source.pointer === attributePointer(field),
    );
  }
}

/** The URL without its trailing slashes, or undefined after adding what is wrong with it. */
function checkUrl(
  problems: Problems,
  field: "base_url" | "oauth_token_url",
  raw: string,
  internal: boolean,
): string | undefined {
  const name = words(field);
  const text = raw.trim();
  if (text.length > CARRIER_CONNECTION_LIMITS[field]) {
    problems.add(field, `${name} can be at most ${CARRIER_CONNECTION_LIMITS[field]} characters`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    problems.add(
      field,
      `${name} must be an absolute https URL, like https://api.carrier.example/track-and-trace (got ${quote(text)})`,
    );
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    problems.add(field, `${name} must be an https URL (got ${quote(url.protocol)})`);
    return undefined;
  }
  if (url.protocol === "http:" && !internal) {
    problems.add(
      field,
      `${name} must be an https URL; plain http is allowed only on a connection marked internal by the operator`,
    );
    return undefined;
  }
  if (url.username || url.password) {
    problems.add(
      field,
      `${name} cannot carry a user name or password; give the credentials in the connection's authentication`,
    );
    return undefined;
  }
  // The base is a prefix the client appends `/v2/events?…` to; the token endpoint is called as it is, but a
  // fragment never reaches a server either way.
  if ((field === "base_url" && (url.search || text.includes("?"))) || url.hash || text.includes("#")) {
    problems.add(
      field,
      field === "base_url"
        ? `${name} cannot have a query or fragment; give the address that /v2/events follows`
        : `${name} cannot have a fragment`,
    );
    return undefined;
  }
  if (!internal) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const lower = host.toLowerCase().replace(/\.$/, "");
    const reason =
      lower === "localhost" || lower.endsWith(".localhost") ? "a loopback address" : forbiddenReason(host);
    if (reason && reason !== "not an IP address") {
      problems.add(
        field,
        `${name} points to ${host}, which is ${reason}; only a connection marked internal by the operator may reach a private address`,
      );
      return undefined;
    }
    const badPort = portProblem(url);
    if (badPort) {
      problems.add(field, `${name} uses ${badPort.replace("webhooks", "carrier connections")}`);
      return undefined;
    }
  }
  return field === "base_url" ? `${url.origin}${url.pathname}`.replace(/\/+$/, "") : url.toString();
}

/** A short text: trimmed, empty as null, at most its limit. */
function checkText(
  problems: Problems,
  field: keyof typeof CARRIER_CONNECTION_LIMITS,
  value: string | null,
): string | null {
  const text = value?.trim() ?? "";
  if (text.length > CARRIER_CONNECTION_LIMITS[field]) {
    problems.add(field, `${words(field)} can be at most ${CARRIER_CONNECTION_LIMITS[field]} characters`);
  } else if (CONTROL.test(text)) {
    problems.add(field, `${words(field)} cannot contain control characters or line breaks`);
  }
  return text === "" ? null : text;
}

/**
 * The values to store for a new connection (`current` undefined) or an edit of `current`, secrets sealed; throws a
 * 422 listing every problem otherwise.
 */
export function checkCarrierConnectionInput(
  input: Attributes,
  current: CarrierConnectionRow | undefined,
  context: ConnectionInputContext,
): CarrierConnectionValues & StatusReset {
  const problems = new Problems();

  let scac = current?.scac ?? "";
  if (input.scac !== undefined) {
    const asked = input.scac.trim().toUpperCase();
    const line = context.reference.shippingLinesByScac.get(asked);
    if (line) scac = line.scac;
    else
      problems.add(
        "scac",
        `Scac ${quote(asked)} is not recognized; GET /v2/shipping_lines lists the shipping lines that can be tracked`,
      );
  }

  const internal = input.internal ?? current?.internal ?? false;
  if (input.internal === true && !current?.internal && !context.allowInternal) {
    problems.add(
      "internal",
      "Internal can be set only when the service runs with CARRIER_CONNECTIONS_ALLOW_INTERNAL=1, since an internal connection may reach private addresses; ask the operator",
      "not_allowed",
    );
  }

  const baseUrl = checkUrl(problems, "base_url", input.base_url ?? current?.baseUrl ?? "", internal) ?? "";

  const authType = input.auth_type ?? (current?.authType as CarrierAuthType | undefined) ?? "none";
  // Switching auth type starts the new type's fields afresh: the old type's values mean nothing to it.
  const kept = current && current.authType === authType ? current : undefined;
  for (const field of ALL_AUTH_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== null && AUTH_OF_FIELD[field] !== authType) {
      problems.add(
        field,
        `${words(field)} applies only to auth_type ${AUTH_OF_FIELD[field]}; this connection's auth_type is ${authType}`,
        "not_allowed",
      );
    }
  }

  const required = (field: Field, value: unknown) => {
    if ((value === null || value === undefined) && !problems.has(field)) {
      problems.add(field, `${words(field)} can't be blank for auth_type ${authType}`, "blank");
    }
  };
  /** The sealed secret to keep: the one sent (sealed now), none when cleared, or the one stored. */
  const secret = (field: "api_key" | "oauth_client_secret", stored: string | null | undefined) => {
    const value = input[field];
    if (value === undefined) return stored ?? null;
    if (value === null) return null;
    if (value.length > CARRIER_CONNECTION_LIMITS[field]) {
      problems.add(field, `${words(field)} can be at most ${CARRIER_CONNECTION_LIMITS[field]} characters`);
      return null;
    }
    if (value.trim() === "") return null;
    if (CONTROL.test(value)) {
      problems.add(field, `${words(field)} cannot contain control characters or line breaks`);
      return null;
    }
    if (!context.secretsKey) {
      problems.add(
        field,
        `This service has no SECRETS_KEY, so it cannot store the ${SECRET_WORDS[field]} encrypted; ask the operator to set it`,
        "secrets_key_missing",
      );
      return null;
    }
    return sealSecret(value, context.secretsKey);
  };

  let apiKeyHeader: string | null = null;
  let apiKeySealed: string | null = null;
  let oauthTokenUrl: string | null = null;
  let oauthClientId: string | null = null;
  let oauthClientSecretSealed: string | null = null;
  let oauthScope: string | null = null;
  if (authType === "api_key") {
    apiKeyHeader =
      input.api_key_header !== undefined
        ? checkText(problems, "api_key_header", input.api_key_header)
        : (kept?.apiKeyHeader ?? null);
    if (apiKeyHeader !== null && !HEADER_NAME.test(apiKeyHeader) && !problems.has("api_key_header")) {
      problems.add(
        "api_key_header",
        `API key header must be a valid HTTP header name, like API-Key or X-API-Key (got ${quote(apiKeyHeader)})`,
      );
    }
    required("api_key_header", apiKeyHeader);
    apiKeySealed = secret("api_key", kept?.apiKeySealed);
    required("api_key", apiKeySealed);
  } else if (authType === "oauth2_client_credentials") {
    const tokenUrl =
      input.oauth_token_url !== undefined ? input.oauth_token_url : (kept?.oauthTokenUrl ?? null);
    oauthTokenUrl =
      tokenUrl === null ? null : (checkUrl(problems, "oauth_token_url", tokenUrl, internal) ?? null);
    required("oauth_token_url", oauthTokenUrl);
    oauthClientId =
      input.oauth_client_id !== undefined
        ? checkText(problems, "oauth_client_id", input.oauth_client_id)
        : (kept?.oauthClientId ?? null);
    required("oauth_client_id", oauthClientId);
    oauthClientSecretSealed = secret("oauth_client_secret", kept?.oauthClientSecretSealed);
    required("oauth_client_secret", oauthClientSecretSealed);
    oauthScope =
      input.oauth_scope !== undefined
        ? checkText(problems, "oauth_scope", input.oauth_scope)
        : (kept?.oauthScope ?? null);
  }

  const name = input.name !== undefined ? checkText(problems, "name", input.name) : (current?.name ?? null);

  if (problems.list.length > 0) throw new ApiError(422, problems.list);

  const resetStatus =
    current !== undefined &&
    (baseUrl !== current.baseUrl ||
      authType !== current.authType ||
      internal !== current.internal ||
      apiKeyHeader !== current.apiKeyHeader ||
      input.api_key !== undefined ||
      oauthTokenUrl !== current.oauthTokenUrl ||
      oauthClientId !== current.oauthClientId ||
      input.oauth_client_secret !== undefined ||
      oauthScope !== current.oauthScope);

  return {
    scac,
    name,
    baseUrl,
    apiVersion: input.api_version ?? current?.apiVersion ?? "2.2",
    authType,
    apiKeyHeader,
    apiKeySealed,
    oauthTokenUrl,
    oauthClientId,
    oauthClientSecretSealed,
    oauthScope,
    internal,
    pushEnabled: input.push_enabled ?? current?.pushEnabled ?? false,
    resetStatus,
  };
}
