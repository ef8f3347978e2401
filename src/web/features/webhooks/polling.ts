// How soon a view asks again about notifications still being delivered: often while an attempt is due (the
// worker sends within a second or two), then in step with the retry schedule, which spaces attempts from a
// minute to hours apart; slowly when nothing is expected to happen soon (a paused webhook, a stalled worker).
import type { WebhookNotification } from "./contract";

export const SOON_MS = 1_500;
export const OVERDUE_MS = 10_000;
export const SLOWEST_MS = 60_000;
/** An attempt due longer ago than this is not coming right away. */
const OVERDUE_AFTER_MS = 30_000;

/**
 * Milliseconds until the next look at this notification; false once it is delivered or has failed.
 * `paused`: its webhook is inactive, so only a test notification will be sent.
 */
export function notificationPollMs(
  notification: WebhookNotification,
  options: { now?: number; paused?: boolean } = {},
): number | false {
  const a = notification.attributes;
  if (a.delivery_status !== "pending") return false;
  if (options.paused && !a.test) return SLOWEST_MS;
  const now = options.now ?? Date.now();
  const due = a.next_attempt_at ? new Date(a.next_attempt_at).getTime() : Number.NaN;
  if (Number.isNaN(due)) return SOON_MS;
  if (due <= now) return now - due > OVERDUE_AFTER_MS ? OVERDUE_MS : SOON_MS;
  // A moment after the retry is due, so that its outcome is there to see.
  return Math.min(due - now + SOON_MS, SLOWEST_MS);
}

/** For a list: the soonest any of its notifications needs, but no more often than every 5 s; false if none is pending. */
export function listPollMs(
  notifications: readonly WebhookNotification[],
  now: number = Date.now(),
): number | false {
  let soonest: number | false = false;
  for (const n of notifications) {
    const ms = notificationPollMs(n, { now });
    if (ms !== false && (soonest === false || ms < soonest)) soonest = ms;
  }
  return soonest === false ? false : Math.max(soonest, 5_000);
}
