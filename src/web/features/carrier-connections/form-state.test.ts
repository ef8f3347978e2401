import { describe, expect, it } from "vitest";
import type { CarrierConnection } from "../../../api/carrier-connections";
import {
  checkConnectionForm,
  createAttributes,
  newConnectionState,
  patchAttributes,
  stateOfConnection,
} from "./form-state";

function connection(attributes: Partial<CarrierConnection["attributes"]> = {}): CarrierConnection {
  return {
    id: "cc_1",
    type: "carrier_connection",
    attributes: {
      scac: "MAEU",
      shipping_line_name: "Maersk",
      name: "Maersk production",
      base_url: "https://api.maersk.example/tnt",
      api_version: "2.2",
      auth_type: "api_key",
      api_key_header: "Consumer-Key",
      api_key_set: true,
      oauth_token_url: null,
      oauth_client_id: null,
      oauth_scope: null,
      oauth_client_secret_set: false,
      internal: false,
      push_enabled: false,
      status: "ok",
      status_detail: null,
      checked_at: null,
      last_success_at: null,
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
      ...attributes,
    },
    links: { self: "/v2/carrier_connections/cc_1" },
  };
}

const oauthConnection = () =>
  connection({
    auth_type: "oauth2_client_credentials",
    api_key_header: null,
    api_key_set: false,
    oauth_token_url: "https://auth.example/token",
    oauth_client_id: "client-1",
    oauth_scope: "tnt",
    oauth_client_secret_set: true,
  });

describe("createAttributes", () => {
  const base = { ...newConnectionState(), scac: "MAEU", baseUrl: " https://api.example/tnt " };

  it("sends no auth fields for auth type none, even ones typed before switching to it", () => {
    const state = { ...base, apiKey: { set: false, value: "typed", remove: false }, oauthClientId: "x" };
    expect(createAttributes(state)).toEqual({
      scac: "MAEU",
      name: null,
      base_url: "https://api.example/tnt",
      api_version: "2.2",
      auth_type: "none",
      internal: false,
      push_enabled: false,
    });
  });

  it("sends the header and the key for API key auth, and nothing of OAuth", () => {
    const attributes = createAttributes({
      ...base,
      authType: "api_key",
      apiKey: { set: false, value: "k-123", remove: false },
      oauthClientId: "left over",
    });
    expect(attributes).toMatchObject({ auth_type: "api_key", api_key_header: "API-Key", api_key: "k-123" });
    expect(Object.keys(attributes).filter((k) => k.startsWith("oauth"))).toEqual([]);
  });

  it("sends the OAuth fields for client credentials, the scope only when given, never an API key", () => {
    const attributes = createAttributes({
      ...base,
      authType: "oauth2_client_credentials",
      apiKey: { set: false, value: "left over", remove: false },
      oauthTokenUrl: "https://auth.example/token",
      oauthClientId: "client-1",
      oauthClientSecret: { set: false, value: "s3cret", remove: false },
    });
    expect(attributes).toMatchObject({
      oauth_token_url: "https://auth.example/token",
      oauth_client_id: "client-1",
      oauth_client_secret: "s3cret",
    });
    expect(attributes).not.toHaveProperty("oauth_scope");
    expect(attributes).not.toHaveProperty("api_key");
    expect(attributes).not.toHaveProperty("api_key_header");
  });

  it("never sends an empty secret", () => {
    const attributes = createAttributes({ ...base, authType: "api_key" });
    expect(attributes).not.toHaveProperty("api_key");
  });

  it("sends the label trimmed, and blank as null", () => {
    expect(createAttributes({ ...base, name: "  Maersk prod " }).name).toBe("Maersk prod");
    expect(createAttributes({ ...base, name: "   " }).name).toBeNull();
  });
});

describe("stateOfConnection", () => {
  it("holds no secret value, only whether one is set", () => {
    const state = stateOfConnection(connection());
    expect(state.apiKey).toEqual({ set: true, value: "", remove: false });
    expect(state.oauthClientSecret).toEqual({ set: false, value: "", remove: false });
    expect(state.apiKeyHeader).toBe("Consumer-Key");
    expect(state.name).toBe("Maersk production");
  });
});

describe("patchAttributes", () => {
  it("sends nothing when nothing changed, and no secret when its input is left blank", () => {
    const saved = connection();
    expect(patchAttributes(saved, stateOfConnection(saved))).toEqual({});
    expect(patchAttributes(oauthConnection(), stateOfConnection(oauthConnection()))).toEqual({});
  });

  it("sends only what changed", () => {
    const saved = connection();
    const state = {
      ...stateOfConnection(saved),
      baseUrl: "https://api.maersk.example/v2tnt",
      pushEnabled: true,
    };
    expect(patchAttributes(saved, state)).toEqual({
      base_url: "https://api.maersk.example/v2tnt",
      push_enabled: true,
    });
  });

  it("sends a new secret typed over a stored one", () => {
    const saved = connection();
    const state = { ...stateOfConnection(saved), apiKey: { set: true, value: "new-key", remove: false } };
    expect(patchAttributes(saved, state)).toEqual({ api_key: "new-key" });
  });

  it("sends null for a removed secret, and nothing when the removal is undone", () => {
    const saved = connection();
    const removed = { ...stateOfConnection(saved), apiKey: { set: true, value: "", remove: true } };
    expect(patchAttributes(saved, removed)).toEqual({ api_key: null });
    const undone = { ...removed, apiKey: { set: true, value: "", remove: false } };
    expect(patchAttributes(saved, undone)).toEqual({});
  });

  it("sends null for a cleared optional field", () => {
    const saved = oauthConnection();
    expect(patchAttributes(saved, { ...stateOfConnection(saved), oauthScope: " " })).toEqual({
      oauth_scope: null,
    });
    expect(patchAttributes(saved, { ...stateOfConnection(saved), name: "" })).toEqual({ name: null });
  });

  it("switching from API key to OAuth clears the key and its header, and sends the new type's fields", () => {
    const saved = connection();
    const state = {
      ...stateOfConnection(saved),
      authType: "oauth2_client_credentials" as const,
      oauthTokenUrl: "https://auth.example/token",
      oauthClientId: "client-1",
      oauthClientSecret: { set: false, value: "s3cret", remove: false },
    };
    expect(patchAttributes(saved, state)).toEqual({
      auth_type: "oauth2_client_credentials",
      api_key_header: null,
      api_key: null,
      oauth_token_url: "https://auth.example/token",
      oauth_client_id: "client-1",
      oauth_client_secret: "s3cret",
    });
  });

  it("switching to none clears only what the old type stored", () => {
    const saved = oauthConnection();
    const state = { ...stateOfConnection(saved), authType: "none" as const };
    expect(patchAttributes(saved, state)).toEqual({
      auth_type: "none",
      oauth_token_url: null,
      oauth_client_id: null,
      oauth_client_secret: null,
      oauth_scope: null,
    });
  });
});

describe("checkConnectionForm", () => {
  it("asks for the line and the address", () => {
    expect(Object.keys(checkConnectionForm(newConnectionState()))).toEqual(["scac", "base_url"]);
  });

  it("asks for the key of API key auth unless one is stored and kept", () => {
    const state = {
      ...newConnectionState(),
      scac: "MAEU",
      baseUrl: "https://x",
      authType: "api_key" as const,
    };
    expect(Object.keys(checkConnectionForm(state))).toEqual(["api_key"]);
    const stored = { ...state, apiKey: { set: true, value: "", remove: false } };
    expect(checkConnectionForm(stored)).toEqual({});
    const removed = { ...state, apiKey: { set: true, value: "", remove: true } };
    expect(Object.keys(checkConnectionForm(removed))).toEqual(["api_key"]);
  });

  it("asks for the OAuth token address, client id and secret, not the scope", () => {
    const state = {
      ...newConnectionState(),
      scac: "MAEU",
      baseUrl: "https://x",
      authType: "oauth2_client_credentials" as const,
    };
    expect(Object.keys(checkConnectionForm(state))).toEqual([
      "oauth_token_url",
      "oauth_client_id",
      "oauth_client_secret",
    ]);
  });
});
