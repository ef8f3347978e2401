// The sandbox publisher's calls to a subscriber: the HEAD check of a callback address before a subscription is
// accepted, and the signed POST of a notification. Both with a timeout; neither ever puts the secret in words.
import { signNotification } from "../../dcsa/notification-signature";
import { DCSA_API_VERSION, DCSA_SIGNATURE_HEADER } from "../../dcsa/types";

/** How long a subscriber may take to answer; a slow one is tried again at the notifier's next pass. */
export const CALLBACK_TIMEOUT_MS = 5_000;

export type CallbackAnswer = { ok: true; status: number } | { ok: false; detail: string };

/** The address without its query: a subscriber may put a token of its own there, which must stay out of logs. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return "the callback address";
  }
}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<CallbackAnswer> {
  const where = shown(url);
  try {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not read: only the status matters, and an unread body would hold the connection.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, detail: `${where} answered ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      ok: false,
      detail: timedOut ? `${where} did not answer within ${timeoutMs} ms` : `${where} could not be reached`,
    };
  }
}

/**
 * The standard's check of a callback address: a HEAD request that the subscriber answers 2xx (204 is usual),
 * made before the subscription is stored so that events are never pushed into the void.
 */
export function checkCallback(url: string, timeoutMs = CALLBACK_TIMEOUT_MS): Promise<CallbackAnswer> {
  return call(url, { method: "HEAD", headers: { "API-Version": DCSA_API_VERSION } }, timeoutMs);
}

/** POSTs one notification (a JSON array of events) signed with the subscription's secret. */
export function sendNotification(
  url: string,
  subscriptionId: string,
  secret: Buffer,
  events: unknown[],
  timeoutMs = CALLBACK_TIMEOUT_MS,
): Promise<CallbackAnswer> {
  const body = Buffer.from(JSON.stringify(events), "utf8");
  return call(
    url,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "API-Version": DCSA_API_VERSION,
        "Subscription-ID": subscriptionId,
        [DCSA_SIGNATURE_HEADER]: signNotification(secret, body),
      },
      body,
    },
    timeoutMs,
  );
}
