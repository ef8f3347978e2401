// Reads the session cookie the authentication library sets: `boxtrack.session_token` (`__Secure-` first over
// HTTPS), whose value is `<token>.<base64 HMAC-SHA256 of the token>` URL-encoded, signed with the auth secret.
// Checked here in microseconds, so that a forged or altered cookie costs no database lookup.
import { createHmac, timingSafeEqual } from "node:crypto";

export function sessionCookieNames(prefix: string): string[] {
  return [`__Secure-${prefix}.session_token`, `${prefix}.session_token`];
}

/** The raw value of the first named cookie in a Cookie header. */
export function cookieValue(header: string | undefined, names: string[]): string | undefined {
  if (!header) return undefined;
  const found = new Map<string, string>();
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!found.has(name)) found.set(name, part.slice(at + 1).trim());
  }
  for (const name of names) {
    const value = found.get(name);
    if (value) return value;
  }
  return undefined;
}

/** The token and signature of a cookie value, unchecked; undefined when it is not `<token>.<signature>`. */
function partsOf(raw: string): { token: string; signature: string } | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) };
}

/** The session token of a cookie value whose signature was checked already (the same value, seen valid lately). */
export function tokenOf(raw: string): string | undefined {
  return partsOf(raw)?.token;
}

/** The session token of a signed cookie value, or undefined when the signature does not match. */
export function verifiedToken(raw: string, secret: string): string | undefined {
  const parts = partsOf(raw);
  if (!parts) return undefined;
  const { token } = parts;
  const signature = Buffer.from(parts.signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
  return token;
}
