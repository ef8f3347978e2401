// Remembers for a few seconds which account an API key belongs to, so that a busy client does not cost a database
// lookup per request. A revoked key or a suspended account is refused by every process within the time to live.
import type { KeyPrincipal } from "../db/accounts";

/** How long an answer (an account, or "no such key") is kept; the README promises revocations within 5 s. */
export const KEY_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  expires: number;
  principal: Promise<T | undefined>;
}

/** Also remembers sessions (by a hash of the cookie) for the same time, for the same reason. */
export class KeyCache<T = KeyPrincipal> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  /** `now` is real time: a sped-up demo clock must not make revocations slower or faster. */
  constructor(ttlMs = KEY_CACHE_TTL_MS, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** The principal of a key (by its hash), from memory while fresh, else from `load` (shared by concurrent callers). */
  get(keyHash: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.#ttlMs <= 0) return load();
    const now = this.#now();
    const cached = this.#entries.get(keyHash);
    if (cached && cached.expires > now) return cached.principal;
    if (this.#entries.size >= MAX_ENTRIES) this.#evict(now);
    const principal = load();
    this.#entries.set(keyHash, { expires: now + this.#ttlMs, principal });
    // A failed lookup (the database is down) is not remembered.
    principal.catch(() => this.#entries.delete(keyHash));
    return principal;
  }

  /** Forgets everything (something ended in this process: it is refused here at once). */
  clear() {
    this.#entries.clear();
  }

  /** Drops expired entries, and the oldest ones if that is not enough (a flood of random keys). */
  #evict(now: number) {
    for (const [hash, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(hash);
    for (const hash of this.#entries.keys()) {
      if (this.#entries.size < MAX_ENTRIES) break;
      this.#entries.delete(hash);
    }
  }
}
