import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, parseSecretsKey, SealedSecretError, sealSecret } from "./secrets";

describe("secrets", () => {
  const key = randomBytes(32);

  it("opens what it sealed, and never holds the plain text", () => {
    const sealed = sealSecret("carrier-api-key-123", key);
    expect(sealed).not.toContain("carrier-api-key-123");
    expect(sealed).not.toContain(Buffer.from("carrier-api-key-123").toString("base64"));
    expect(openSecret(sealed, key).toString("utf8")).toBe("carrier-api-key-123");
  });

  it("seals the same secret differently each time", () => {
    expect(sealSecret("same", key)).not.toBe(sealSecret("same", key));
  });

  it("refuses another key and an altered value", () => {
    const sealed = sealSecret("x", key);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow(SealedSecretError);
    const parts = sealed.split(":");
    parts[3] = Buffer.from("y").toString("base64");
    expect(() => openSecret(parts.join(":"), key)).toThrow(SealedSecretError);
    expect(() => openSecret("plain text", key)).toThrow(SealedSecretError);
  });

  it("reads a key as hex or base64, and says what a wrong one should be", () => {
    expect(parseSecretsKey(key.toString("hex"))).toEqual(key);
    expect(parseSecretsKey(key.toString("base64"))).toEqual(key);
    expect(() => parseSecretsKey("short")).toThrow(/32 bytes/);
  });
});
