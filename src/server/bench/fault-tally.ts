// The fault suite's bookkeeping, apart from the processes it runs so that it can be tested on its own: which
// acknowledged writes are missing, which notifications were lost or received twice, how answers split by status.

/**
 * Writes that replace a value (a PATCH), sent one after another by one client to one resource, numbered 1, 2, …:
 * the stored number must be at least the last acknowledged one (a later write may have committed without its
 * answer arriving). Every acknowledged write newer than what is stored is lost.
 */
export function lostSequentialWrites(acknowledged: number[], stored: number | undefined): number {
  return acknowledged.filter((seq) => seq > (stored ?? 0)).length;
}

export interface NotificationTally {
  /** Notifications the API lists. */
  listed: number;
  /** Listed as delivered. */
  delivered: number;
  /** Still pending when the suite stopped waiting. */
  pending: number;
  /** Listed as failed (the receiver always answers 200, so a failure is the service's). */
  failed: number;
  /** Distinct notifications the receiver got. */
  received: number;
  /** Listed (delivered, pending or failed) but never received. */
  lost: number;
  /** Listed as delivered but never received: the worst kind of loss, a delivery the log claims. */
  lostDelivered: number;
  /** Receipts beyond the first of a notification. */
  duplicates: number;
  /** Notifications received more than once. */
  duplicated: number;
  /** Received but not listed (a notification the API does not know). */
  unlisted: number;
}

export function tallyNotifications(
  listed: { id: string; status: string }[],
  receipts: Map<string, number>,
): NotificationTally {
  const tally: NotificationTally = {
    listed: listed.length,
    delivered: 0,
    pending: 0,
    failed: 0,
    received: receipts.size,
    lost: 0,
    lostDelivered: 0,
    duplicates: 0,
    duplicated: 0,
    unlisted: 0,
  };
  const ids = new Set<string>();
  for (const { id, status } of listed) {
    ids.add(id);
    if (status === "succeeded") tally.delivered += 1;
    else if (status === "pending") tally.pending += 1;
    else tally.failed += 1;
    if (!receipts.has(id)) {
      tally.lost += 1;
      if (status === "succeeded") tally.lostDelivered += 1;
    }
  }
  for (const [id, count] of receipts) {
    if (!ids.has(id)) tally.unlisted += 1;
    if (count > 1) {
      tally.duplicated += 1;
      tally.duplicates += count - 1;
    }
  }
  return tally;
}

/** Answers by status ("503", "500", …) and failures by error code ("ECONNRESET", "TimeoutError", …). */
export function countOutcomes(
  outcomes: { status: number | undefined; error?: string }[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === undefined ? (o.error ?? "no answer") : String(o.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

export const formatCounts = (counts: Map<string, number>) =>
  counts.size ? [...counts].map(([k, n]) => `${n} × ${k}`).join(", ") : "none";

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
