// The spread of a set of durations: their median and their 10th and 90th percentiles (nearest rank).

export interface Spread {
  count: number;
  medianMs: number;
  p10Ms: number;
  p90Ms: number;
}

/** The value at share q of an ascending list (0 when it is empty). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] as number;
}

/** Sorts `values` in place and reads their spread. */
export function spreadOf(values: number[]): Spread {
  values.sort((a, b) => a - b);
  return {
    count: values.length,
    medianMs: quantile(values, 0.5),
    p10Ms: quantile(values, 0.1),
    p90Ms: quantile(values, 0.9),
  };
}
