// Webhook secrets and the two signatures every delivery carries, so that receivers can check that a request
// comes from this service, unchanged, and (with Standard Webhooks) recently.
//
// A secret is `whsec_` followed by the base64 of 32 random bytes, the Standard Webhooks form.
//
// 1. `X-T49-Webhook-Signature`, as the hosted API sends it: the lowercase hex HMAC-SHA256 of the raw request
//    body, keyed with the whole secret string as UTF-8 bytes (`whsec_` included). A receiver verifies with
//      hex(HMAC_SHA256(key = secret, message = raw body)) == header
// 2. Standard Webhooks (https://www.standardwebhooks.com): `webhook-id` (the notification id, the same on every
//    attempt: deduplicate on it), `webhook-timestamp` (unix seconds of this attempt) and `webhook-signature`
//    (`v1,` + the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-
//    decoded bytes after `whsec_`, exactly what the Standard Webhooks libraries expect). Receivers should
//    refuse timestamps more than a few minutes away from their clock.
// Compare signatures in constant time, on the raw bytes received (never on re-serialized JSON).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The hosted API's signature: hex HMAC-SHA256 of the body, keyed with the secret string. */
export function t49Signature(secret: string, body: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex");
}

/**
 * The key of the Standard Webhooks signature: the bytes the `whsec_` secret encodes. A secret in another form
 * (a caller's own, given to `POST /v2/webhooks/trigger`) is used as its UTF-8 bytes.
 */
export function standardWebhooksKey(secret: string): Buffer {
  if (secret.startsWith(PREFIX)) {
    const encoded = secret.slice(PREFIX.length);
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return Buffer.from(encoded, "base64");
  }
  return Buffer.from(secret, "utf8");
}

/** `v1,<base64 signature>` of `{id}.{timestamp}.{body}`. */
export function standardWebhooksSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
) {
  const mac = createHmac("sha256", standardWebhooksKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`, "utf8")
    .digest("base64");
  return `v1,${mac}`;
}

/** Every header that signs one attempt of a delivery. */
export function signatureHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    "X-T49-Webhook-Signature": t49Signature(secret, body),
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": standardWebhooksSignature(secret, id, timestampSeconds, body),
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a receiver does with `X-T49-Webhook-Signature` (used by the tests; documents the scheme). */
export function verifyT49Signature(secret: string, body: string, header: string | undefined): boolean {
  return header !== undefined && safeEqual(t49Signature(secret, body), header.trim().toLowerCase());
}

/**
 * What a Standard Webhooks receiver does: the header may list several space-separated signatures (secret
 * rotation); one matching `v1` signature is enough. `toleranceSeconds` bounds the timestamp's age.
 */
export function verifyStandardWebhooks(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  const ts = Number(timestamp);
  if (Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = standardWebhooksSignature(secret, id, ts, body);
  return signature.split(" ").some((s) => safeEqual(s, expected));
}
