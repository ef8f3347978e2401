import { describe, expect, it } from "vitest";
import type { ErrorObject } from "../../../api/json-api";
import { connectionErrorsByField, firstErrorField, hasErrors } from "./form-errors";

const error = (detail: string, pointer?: string): ErrorObject => ({
  status: "422",
  code: "unprocessable_entity",
  title: "Unprocessable Entity",
  detail,
  source: pointer ? { pointer } : null,
});

describe("connectionErrorsByField", () => {
  it("puts each error beside the field its pointer names", () => {
    const found = connectionErrorsByField(
      [
        error("base_url must be an https address", "/data/attributes/base_url"),
        error("MAEU already has a connection", "/data/attributes/scac"),
        error("Set CARRIER_CONNECTIONS_ALLOW_INTERNAL=1 to allow this", "/data/attributes/internal"),
      ],
      "none",
    );
    expect(found).toEqual({
      base_url: ["base_url must be an https address"],
      scac: ["MAEU already has a connection"],
      internal: ["Set CARRIER_CONNECTIONS_ALLOW_INTERNAL=1 to allow this"],
    });
  });

  it("puts a secret's error at the secret while its auth type is shown", () => {
    const found = connectionErrorsByField(
      [error("SECRETS_KEY is not set", "/data/attributes/api_key")],
      "api_key",
    );
    expect(found).toEqual({ api_key: ["SECRETS_KEY is not set"] });
  });

  it("puts an error about a field of another auth type (no input on screen) above the form", () => {
    const found = connectionErrorsByField(
      [error("bad token url", "/data/attributes/oauth_token_url")],
      "api_key",
    );
    expect(found).toEqual({ form: ["bad token url"] });
  });

  it("puts errors without a pointer, or at an unknown attribute, above the form, once each", () => {
    const found = connectionErrorsByField(
      [
        error("Bad body"),
        error("Bad body"),
        error("unknown", "/data/attributes/colour"),
        error("x", "/data/type"),
      ],
      "none",
    );
    expect(found).toEqual({ form: ["Bad body", "unknown", "x"] });
  });
});

describe("firstErrorField", () => {
  it("is the form's box first, then the fields in the form's order", () => {
    expect(firstErrorField({ internal: ["a"], base_url: ["b"] })).toBe("base_url");
    expect(firstErrorField({ internal: ["a"], form: ["b"] })).toBe("form");
    expect(firstErrorField({ api_key: ["a"], push_enabled: ["b"] })).toBe("api_key");
    expect(firstErrorField({})).toBeUndefined();
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ scac: ["x"] })).toBe(true);
  });
});
