// The retry schedule of webhook deliveries: 12 attempts, the n-th retry after min(2^(n-1) minutes, 8 hours)
// ± 20% jitter, so that the last is made about a day after the first; a resend grants another 12.
import { HOUR, MINUTE } from "../../api/durations";
export const MAX_ATTEMPTS = 12;

/** Delay before the retry that follows attempt `attempt` (1-based within a round of 12). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MINUTE * 2 ** (attempt - 1), 8 * HOUR);
  return Math.round(base * (0.8 + 0.4 * random()));
}
