// Token buckets by key (an API key, a client address): each key may spend `perMinute` requests a minute, refilled
// continuously. Measured in real time: the service's clock may be sped up for a demo, and limits must not be.
// Buckets live in this process: with several processes, each one allows its own `perMinute` (see README).
import type { Clock } from "../clock";

/** Failed authentications a client address may make a minute (a client retrying with a revoked key, a person mistyping). */
export const FAILED_AUTH_LIMIT_PER_MINUTE = 20;

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the next request would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
  remaining: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  constructor(
    readonly perMinute: number,
    private readonly realClock: Clock,
  ) {}

  /** Spends one request of `key`'s, if it has one. */
  take(key: string): RateDecision {
    const bucket = this.#refilled(key);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0, remaining: Math.floor(bucket.tokens) };
    }
    return this.#refusal(bucket);
  }

  /** Whether `key` has a request left, without spending it (a gate in front of work that spends only on failure). */
  peek(key: string): RateDecision {
    const bucket = this.#buckets.get(key);
    if (!bucket) return { allowed: true, retryAfterSeconds: 0, remaining: this.perMinute };
    const refilled = this.#refilled(key);
    if (refilled.tokens >= 1)
      return { allowed: true, retryAfterSeconds: 0, remaining: Math.floor(refilled.tokens) };
    return this.#refusal(refilled);
  }

  get #ratePerMs() {
    return this.perMinute / 60_000;
  }

  #refilled(key: string): Bucket {
    const now = this.realClock.now().getTime();
    const bucket = this.#buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, now - bucket.at) * this.#ratePerMs);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 100_000) this.#sweep(now);
    return bucket;
  }

  #refusal(bucket: Bucket): RateDecision {
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.#ratePerMs / 1000)),
      remaining: 0,
    };
  }

  /** Forgets buckets that have refilled completely, so that memory stays bounded. */
  #sweep(now: number) {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * this.#ratePerMs >= this.perMinute) this.#buckets.delete(key);
    }
  }
}
