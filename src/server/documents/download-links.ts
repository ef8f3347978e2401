// Short-lived download links (`download_url`): the document's address with an expiry and an HMAC-SHA256 of the
// account, the document, its file and the expiry, keyed with a secret the installation keeps in its database (so
// that every process signs and checks alike). A link works without an API key until it expires (5 minutes); an
// expired one, one for another account's document, or one whose document changed file, is refused.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a link works. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export interface SignedDocument {
  accountId: string;
  documentId: string;
  blobId: string;
}

export const newLinkKey = () => randomBytes(32).toString("base64url");

function signature(key: string, d: SignedDocument, expires: number): Buffer {
  return createHmac("sha256", Buffer.from(key, "base64url"))
    .update(`${d.accountId}\n${d.documentId}\n${d.blobId}\n${expires}`)
    .digest();
}

/** The path and query of a link to the document's file, valid until `now + ttl`. */
export function signDownloadLink(
  key: string,
  d: SignedDocument,
  now: number,
  ttl = DOWNLOAD_LINK_TTL_MS,
): string {
  const expires = Math.floor((now + ttl) / 1000);
  const query = new URLSearchParams({
    account: d.accountId,
    expires: String(expires),
    signature: signature(key, d, expires).toString("base64url"),
  });
  return `/v2/documents/${d.documentId}/download?${query}`;
}

export type LinkCheck = { ok: true } | { ok: false; why: "expired" | "bad_signature" };

/** Whether the link's query (account, expires, signature) is good for the document at `now`. */
export function checkDownloadLink(
  key: string,
  d: SignedDocument,
  query: { expires: string | undefined; signature: string | undefined },
  now: number,
): LinkCheck {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || !query.signature) return { ok: false, why: "bad_signature" };
  const given = Buffer.from(query.signature, "base64url");
  const expected = signature(key, d, expires);
  if (given.byteLength !== expected.byteLength || !timingSafeEqual(given, expected))
    return { ok: false, why: "bad_signature" };
  // Checked after the signature: an altered expiry is a bad signature, not an expired link.
  if (expires * 1000 < now) return { ok: false, why: "expired" };
  return { ok: true };
}
