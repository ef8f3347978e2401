// Per-key token buckets: each key may spend `perMinute` requests a minute, refilled continuously.
import type { Clock } from "../tracking/clock";

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the next request would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
  remaining: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  take(key: string): RateDecision {
    const now = this.clock.now().getTime();
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 100_000) this.#sweep(now, ratePerMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0, remaining: Math.floor(bucket.tokens) };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000)),
      remaining: 0,
    };
  }

  /** Forgets buckets that have refilled completely, so that memory stays bounded. */
  #sweep(now: number, ratePerMs: number) {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * ratePerMs >= this.perMinute) this.#buckets.delete(key);
    }
  }
}
