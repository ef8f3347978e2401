// What the history of predictions says about the two dates beside it: since when the line's ETA has stood (the
// last time it moved, as we saw it) and as of when our prediction stands; the sources' "as of" under each date.
import type { ArrivalPrediction } from "../../../api/predicted-arrival";

const same = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * When we first saw the line's current ETA, after a different one: null when the history never shows it moving
 * (it may have been set long before we began to predict, so "since" would overstate what we know).
 */
export function lineEtaChangedAt(history: readonly ArrivalPrediction[], eta: string | null): string | null {
  if (!eta) return null;
  for (let i = history.length - 1; i > 0; i--) {
    const current = history[i]!.attributes;
    if (!same(current.carrier_eta_at, eta)) return null;
    if (!same(history[i - 1]!.attributes.carrier_eta_at, eta)) return current.made_at;
  }
  return null;
}

/**
 * When the newest row of the history was written: the prediction stood so then (a row is written when it moves, and
 * twice a day); null without one.
 */
export function latestMadeAt(history: readonly ArrivalPrediction[]): string | null {
  return history.at(-1)?.attributes.made_at ?? null;
}
