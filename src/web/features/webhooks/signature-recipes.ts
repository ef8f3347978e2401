// The receiver code the dashboard shows for checking a delivery's signatures, one function per scheme the
// service sends (see src/server/net/webhook-signing.ts). Kept as text in one place so that the tests run exactly
// what a user reads: signature-recipes.test.ts against the Standard Webhooks reference vector, and the
// end-to-end test against a real signed delivery.

export const RECIPE_IMPORT = `import { createHmac, timingSafeEqual } from "node:crypto";`;

/** Constant-time comparison of two strings, shared by both recipes. */
export const SAME_TEXT_RECIPE = `function sameText(a, b) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}`;

/** `X-T49-Webhook-Signature`: hex HMAC-SHA256 of the raw body, keyed with the secret exactly as shown. */
export const T49_RECIPE = `// headers: the request's headers, names in lower case; rawBody: the body exactly as received
function verifyT49Signature(secret, rawBody, headers) {
  const expected = createHmac("sha256", secret).update(rawBody).digest("hex");
  return sameText(expected, headers["x-t49-webhook-signature"] ?? "");
}`;

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the decoded secret. */
export const STANDARD_WEBHOOKS_RECIPE = `function verifyStandardWebhooks(secret, rawBody, headers) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  // Refuse a missing timestamp, or one more than five minutes from your clock (a replay).
  if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300)) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signed = \`\${id}.\${timestamp}.\${rawBody}\`;
  const expected = "v1," + createHmac("sha256", key).update(signed).digest("base64");
  // Several space-separated signatures may come (while a secret is rotated); one match is enough.
  return (headers["webhook-signature"] ?? "").split(" ").some((s) => sameText(s, expected));
}`;
