// When a carrier that answered 429 may be asked again: its `Retry-After` header, either delay-seconds or an HTTP
// date (RFC 9110 §10.2.3), and a default when the header is missing or unreadable, so a busy carrier is always
// left alone for a while rather than asked again at once.
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function retryAfter(
  header: string | undefined,
  now: Date,
  defaultSeconds = DEFAULT_RETRY_AFTER_SECONDS,
): Date {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) return new Date(now.getTime() + Number(value) * 1000);
  // An HTTP date: IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT") or the obsolete forms Date.parse also reads.
  // A date already past means "now".
  if (/[a-z]/i.test(value)) {
    const at = Date.parse(value);
    if (Number.isFinite(at)) return new Date(Math.max(at, now.getTime()));
  }
  return new Date(now.getTime() + defaultSeconds * 1000);
}
