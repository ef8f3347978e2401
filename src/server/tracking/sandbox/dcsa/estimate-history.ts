// When the sandbox made each of its current estimates: the `eventCreatedDateTime` of an EST event.
//
// The sandbox answers "what the line shows at t" and never "since when": an estimate changes only when the line
// revises it (carrier-estimates.ts: every few days, at a delay's news, in the last two days; or a new
// connection or a roll), some ten instants in a shipment's life. Bisecting the
// answer between the anchor and now finds those instants to the minute (the sandbox's resolution) in a few dozen
// lookups. The notifier depends on it: an estimate is sent once when it is made, not again at every pass.
import { MINUTE } from "../../../../api/durations";

/** A line's estimated time at world time t; null when the sandbox showed no estimate of it then. */
export type EstimatesAt = (t: number) => Map<string, number | null>;

/**
 * For each line of `ids`, the last instant in (from, to] at which its estimate changed, or `madeAt` as given when
 * it did not change. `before` is the estimates at `from` (read once by the caller, who may have kept them).
 */
export function lastEstimateChanges(
  estimatesAt: EstimatesAt,
  ids: readonly string[],
  from: number,
  to: number,
  before: Map<string, number | null>,
  madeAt: Map<string, number>,
): { madeAt: Map<string, number>; after: Map<string, number | null> } {
  const result = new Map(madeAt);
  const read = (t: number) => {
    const all = estimatesAt(t);
    return new Map(ids.map((id) => [id, all.get(id) ?? null]));
  };
  const after = read(to);
  const differing = (a: Map<string, number | null>, b: Map<string, number | null>) =>
    ids.filter((id) => a.get(id) !== b.get(id));
  const search = (a: number, va: Map<string, number | null>, b: number, vb: Map<string, number | null>) => {
    const changed = differing(va, vb);
    if (changed.length === 0) return;
    if (b - a <= MINUTE) {
      for (const id of changed) result.set(id, Math.max(result.get(id) ?? b, b));
      return;
    }
    const mid = a + Math.max(MINUTE, Math.floor((b - a) / 2 / MINUTE) * MINUTE);
    const vm = read(mid);
    search(a, va, mid, vm);
    search(mid, vm, b, vb);
  };
  if (to > from) search(from, before, to, after);
  return { madeAt: result, after };
}
