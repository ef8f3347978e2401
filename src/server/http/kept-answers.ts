// The answers the response cache keeps (response-cache.ts): a least-recently-used store within a byte budget,
// indexed by account so that one account's change drops all its answers at once, each answer expiring at its time.
// No HTTP here: the cache decides what to keep and serves it.

export interface KeptAnswer {
  readonly key: string;
  readonly accountId: string;
  /** When it may no longer be served, in the store's clock. */
  readonly expires: number;
  readonly contentType: string;
  readonly body: Uint8Array<ArrayBuffer>;
  /** The gzipped body, made once when a client first accepts it. */
  gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  /** Bytes counted against the budget: the body, and the gzipped body once made. */
  bytes: number;
}

export class KeptAnswers {
  readonly #maxBytes: number;
  readonly #now: () => number;
  /** In least-recently-used order: the first is evicted first. */
  readonly #entries = new Map<string, KeptAnswer>();
  readonly #keysByAccount = new Map<string, Set<string>>();
  #bytes = 0;

  constructor(maxBytes: number, now: () => number) {
    this.#maxBytes = maxBytes;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The answer kept under `key` if it has not expired, now the most recently used. */
  fresh(key: string): KeptAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.#now()) {
      this.#delete(entry);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  keep(entry: KeptAnswer): void {
    const old = this.#entries.get(entry.key);
    if (old) this.#delete(old);
    this.#entries.set(entry.key, entry);
    let keys = this.#keysByAccount.get(entry.accountId);
    if (!keys) {
      keys = new Set();
      this.#keysByAccount.set(entry.accountId, keys);
    }
    keys.add(entry.key);
    this.grow(entry, entry.body.byteLength);
  }

  /** Counts more bytes for a kept answer, and evicts the least recently used ones while over the budget. */
  grow(entry: KeptAnswer, bytes: number): void {
    if (this.#entries.get(entry.key) !== entry) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    for (const oldest of this.#entries.values()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  dropAccount(accountId: string): void {
    const keys = this.#keysByAccount.get(accountId);
    if (!keys) return;
    for (const key of keys) {
      const entry = this.#entries.get(key);
      if (entry) {
        this.#entries.delete(key);
        this.#bytes -= entry.bytes;
      }
    }
    this.#keysByAccount.delete(accountId);
  }

  clear(): void {
    this.#entries.clear();
    this.#keysByAccount.clear();
    this.#bytes = 0;
  }

  #delete(entry: KeptAnswer) {
    if (this.#entries.get(entry.key) !== entry) return;
    this.#entries.delete(entry.key);
    this.#bytes -= entry.bytes;
    const keys = this.#keysByAccount.get(entry.accountId);
    keys?.delete(entry.key);
    if (keys?.size === 0) this.#keysByAccount.delete(entry.accountId);
  }
}
