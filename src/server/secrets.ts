// Seals the secrets the service must keep (carrier API keys, OAuth client secrets, push shared secrets) with the
// operator's SECRETS_KEY, so that a copy of the database alone gives none of them away. AES-256-GCM: a fresh
// random IV per secret, and the tag refuses a sealed value that was altered or sealed under another key.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;

/** The key is 32 bytes, given as 64 hex digits or as base64. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : Buffer.from(trimmed, "base64");
  if (key.length !== 32) {
    throw new Error(
      "SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`)",
    );
  }
  return key;
}

/** `v1:<iv>:<tag>:<ciphertext>`, each base64. */
export function sealSecret(plain: Buffer | string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([
    cipher.update(typeof plain === "string" ? Buffer.from(plain, "utf8") : plain),
    cipher.final(),
  ]);
  return [
    VERSION,
    iv.toString("base64"),
    cipher.getAuthTag().toString("base64"),
    body.toString("base64"),
  ].join(":");
}

export class SealedSecretError extends Error {}

/** The plain bytes; throws SealedSecretError when the value was altered or sealed under another key. */
export function openSecret(sealed: string, key: Buffer): Buffer {
  const [version, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new SealedSecretError("not a sealed secret");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]);
  } catch {
    throw new SealedSecretError("the secret was sealed under another SECRETS_KEY, or altered");
  }
}
