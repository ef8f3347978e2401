// The DCSA Track & Trace 2.2 notification signature (`Notification-Signature: sha256=<hex>`): HMAC-SHA256 of the
// exact request body bytes under the subscription's shared secret. A carrier signs its pushes with it; the push
// receiver checks it before it believes a word of the body.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The only signature type the standard defines. */
const ALGORITHM = "sha256";
const DIGEST_BYTES = 32;

/** The header's value for this body: what a publisher sends (the sandbox's, and tests playing a carrier). */
export function signNotification(secret: Buffer, body: Uint8Array): string {
  return `${ALGORITHM}=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export type SignatureCheck =
  | { ok: true }
  | {
      ok: false;
      reason: "missing" | "malformed" | "unsupported_algorithm" | "mismatch";
    };

/**
 * Whether the header signs these bytes under this secret. The comparison takes the same time whichever byte
 * differs, so that a caller cannot find a valid signature a byte at a time. The reason is for the log only: the
 * sender hears the same 401 whatever it was.
 */
export function checkNotificationSignature(
  header: string | undefined | null,
  secret: Buffer,
  body: Uint8Array,
): SignatureCheck {
  if (header === undefined || header === null || header.trim() === "")
    return { ok: false, reason: "missing" };
  // The yaml's pattern: `\s*([a-zA-Z0-9-_+]+=[0-9a-fA-F]+)\s*`.
  const match = /^\s*([A-Za-z0-9_+-]+)=([0-9A-Fa-f]+)\s*$/.exec(header);
  if (!match) return { ok: false, reason: "malformed" };
  if (match[1]!.toLowerCase() !== ALGORITHM) return { ok: false, reason: "unsupported_algorithm" };
  const hex = match[2]!;
  if (hex.length !== DIGEST_BYTES * 2) return { ok: false, reason: "malformed" };
  const given = Buffer.from(hex, "hex");
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(given, expected) ? { ok: true } : { ok: false, reason: "mismatch" };
}
