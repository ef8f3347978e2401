// The data-quality figures in words: a share as a percentage, a delay in minutes, hours or days, an error in days.

/** 0.875 → "88 %"; null (nothing to count) → "—". */
export function percentWords(share: number | null): string {
  return share === null ? "—" : `${Math.round(share * 100)} %`;
}

/** Minutes as a person reads a delay: "45 min", "3.5 h", "2.1 days". */
export function delayWords(minutes: number | null): string {
  if (minutes === null) return "—";
  if (minutes < 90) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${Math.round((minutes / 60) * 10) / 10} h`;
  return `${Math.round((minutes / 1440) * 10) / 10} days`;
}

/** A mean error in days: "1.3 days", "0.4 days". */
export function daysWords(days: number | null): string {
  return days === null ? "—" : `${(Math.round(days * 10) / 10).toFixed(1)} days`;
}
