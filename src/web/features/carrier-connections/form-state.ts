// What the carrier connection form holds, and the attributes it sends: on creation only the fields of the chosen
// auth type, on an edit only what changed. A secret is write-only: the form never has its value, only whether
// one is set; a blank secret input means "keep it", so an empty string is never sent as a secret.
import type {
  CarrierAuthType,
  CarrierConnection,
  CarrierConnectionWritable,
} from "../../../api/carrier-connections";

export interface SecretField {
  /** Whether the connection holds one now (from `…_set`); always false on a new connection. */
  set: boolean;
  /** What the user typed: a new value replaces the stored one; blank keeps it. */
  value: string;
  /** "Remove" was pressed: clear it (sends null), unless a new value is typed. */
  remove: boolean;
}

export interface ConnectionFormState {
  scac: string;
  name: string;
  baseUrl: string;
  apiVersion: CarrierConnectionWritable["api_version"];
  authType: CarrierAuthType;
  apiKeyHeader: string;
  apiKey: SecretField;
  oauthTokenUrl: string;
  oauthClientId: string;
  oauthClientSecret: SecretField;
  oauthScope: string;
  internal: boolean;
  pushEnabled: boolean;
}

/** The header most DCSA carriers read the key from; a new connection starts with it. */
export const DEFAULT_API_KEY_HEADER = "API-Key";

const noSecret = (): SecretField => ({ set: false, value: "", remove: false });

export function newConnectionState(): ConnectionFormState {
  return {
    scac: "",
    name: "",
    baseUrl: "",
    apiVersion: "2.2",
    authType: "none",
    apiKeyHeader: DEFAULT_API_KEY_HEADER,
    apiKey: noSecret(),
    oauthTokenUrl: "",
    oauthClientId: "",
    oauthClientSecret: noSecret(),
    oauthScope: "",
    internal: false,
    pushEnabled: false,
  };
}

export function stateOfConnection(connection: CarrierConnection): ConnectionFormState {
  const a = connection.attributes;
  return {
    scac: a.scac,
    name: a.name ?? "",
    baseUrl: a.base_url,
    apiVersion: a.api_version,
    authType: a.auth_type,
    // Switching an existing connection to API key auth offers the usual header, as a new one does.
    apiKeyHeader: a.api_key_header ?? DEFAULT_API_KEY_HEADER,
    apiKey: { set: a.api_key_set, value: "", remove: false },
    oauthTokenUrl: a.oauth_token_url ?? "",
    oauthClientId: a.oauth_client_id ?? "",
    oauthClientSecret: { set: a.oauth_client_secret_set, value: "", remove: false },
    oauthScope: a.oauth_scope ?? "",
    internal: a.internal,
    pushEnabled: a.push_enabled,
  };
}

type Writable = Partial<CarrierConnectionWritable>;

/** Optional text: blank is "none" (null) to the API. */
const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim());

/** A secret's part of a request: a typed value replaces, "Remove" clears, otherwise it is not sent. */
function secretValue(field: SecretField): string | null | undefined {
  if (field.value !== "") return field.value;
  if (field.remove && field.set) return null;
  return undefined;
}

/** The auth fields each type sends; the others belong to another type. */
export const AUTH_FIELDS = {
  none: [],
  api_key: ["api_key_header", "api_key"],
  oauth2_client_credentials: ["oauth_token_url", "oauth_client_id", "oauth_client_secret", "oauth_scope"],
} as const satisfies Record<CarrierAuthType, readonly (keyof CarrierConnectionWritable)[]>;

type AuthField = (typeof AUTH_FIELDS)[CarrierAuthType][number];

/** Every auth field as the form would send it (secrets as secretValue says). */
function authValues(state: ConnectionFormState): Record<AuthField, string | null | undefined> {
  return {
    api_key_header: orNull(state.apiKeyHeader),
    api_key: secretValue(state.apiKey),
    oauth_token_url: orNull(state.oauthTokenUrl),
    oauth_client_id: orNull(state.oauthClientId),
    oauth_client_secret: secretValue(state.oauthClientSecret),
    oauth_scope: orNull(state.oauthScope),
  };
}

/** `POST`: the connection's fields and those of its auth type, nothing of the other types, no blank secret. */
export function createAttributes(state: ConnectionFormState): Writable {
  const attributes: Writable = {
    scac: state.scac,
    name: orNull(state.name),
    base_url: state.baseUrl.trim(),
    api_version: state.apiVersion,
    auth_type: state.authType,
    internal: state.internal,
    push_enabled: state.pushEnabled,
  };
  const values = authValues(state);
  for (const field of AUTH_FIELDS[state.authType]) {
    const value = values[field];
    if (value !== undefined && value !== null) attributes[field] = value;
  }
  return attributes;
}

/**
 * `PATCH`: only what differs from the saved connection. Changing the auth type clears what the old type stored
 * (its fields sent as null), so that no secret outlives the auth that used it.
 */
export function patchAttributes(saved: CarrierConnection, state: ConnectionFormState): Writable {
  const before = stateOfConnection(saved);
  const attributes: Writable = {};
  if (state.scac !== before.scac) attributes.scac = state.scac;
  if (orNull(state.name) !== saved.attributes.name) attributes.name = orNull(state.name);
  if (state.baseUrl.trim() !== saved.attributes.base_url) attributes.base_url = state.baseUrl.trim();
  if (state.apiVersion !== saved.attributes.api_version) attributes.api_version = state.apiVersion;
  if (state.authType !== saved.attributes.auth_type) attributes.auth_type = state.authType;
  if (state.internal !== saved.attributes.internal) attributes.internal = state.internal;
  if (state.pushEnabled !== saved.attributes.push_enabled) attributes.push_enabled = state.pushEnabled;

  const values = authValues(state);
  const savedValues: Record<AuthField, string | null> = {
    api_key_header: saved.attributes.api_key_header,
    api_key: null,
    oauth_token_url: saved.attributes.oauth_token_url,
    oauth_client_id: saved.attributes.oauth_client_id,
    oauth_client_secret: null,
    oauth_scope: saved.attributes.oauth_scope,
  };
  const secretSet: Partial<Record<AuthField, boolean>> = {
    api_key: saved.attributes.api_key_set,
    oauth_client_secret: saved.attributes.oauth_client_secret_set,
  };
  const used = new Set<AuthField>(AUTH_FIELDS[state.authType]);
  for (const field of Object.keys(values) as AuthField[]) {
    const isSecret = field in secretSet;
    if (used.has(field)) {
      const value = values[field];
      if (isSecret) {
        if (value !== undefined) attributes[field] = value;
      } else if (value !== savedValues[field]) {
        attributes[field] = value ?? null;
      }
    } else if (state.authType !== saved.attributes.auth_type) {
      // Left behind by the old auth type: cleared, but only what is actually stored.
      const stored = isSecret ? secretSet[field] : savedValues[field] !== null;
      if (stored) attributes[field] = null;
    }
  }
  return attributes;
}

/** What the form checks before sending: only what the API would surely refuse. */
export function checkConnectionForm(
  state: ConnectionFormState,
): Partial<Record<"scac" | "base_url" | AuthField, string[]>> {
  const errors: Partial<Record<"scac" | "base_url" | AuthField, string[]>> = {};
  if (state.scac === "") errors.scac = ["Choose the shipping line this connection is for."];
  if (state.baseUrl.trim() === "") errors.base_url = ["Enter the carrier's Track & Trace base address."];
  const hasSecret = (field: SecretField) => field.value !== "" || (field.set && !field.remove);
  if (state.authType === "api_key") {
    if (state.apiKeyHeader.trim() === "")
      errors.api_key_header = ["Enter the header the carrier reads the key from, e.g. API-Key."];
    if (!hasSecret(state.apiKey)) errors.api_key = ["Enter the API key the carrier gave you."];
  }
  if (state.authType === "oauth2_client_credentials") {
    if (state.oauthTokenUrl.trim() === "")
      errors.oauth_token_url = ["Enter the carrier's OAuth 2.0 token address."];
    if (state.oauthClientId.trim() === "")
      errors.oauth_client_id = ["Enter the client id the carrier gave you."];
    if (!hasSecret(state.oauthClientSecret))
      errors.oauth_client_secret = ["Enter the client secret the carrier gave you."];
  }
  return errors;
}
