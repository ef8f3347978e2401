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
} from "../../../api/carrier-connections";
import type {
  CarrierConnectionRow,
  CarrierConnectionValues,
  StatusReset,
} from "../../db/carrier-connections";
import type { ReferenceData } from "../../db/reference-data";
import { sealSecret } from "../../secrets";
import { ApiError, quote } from "../errors";
import { CONTROL, checkText, checkUrl, HEADER_NAME, Problems, words } from "./input-fields";

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
