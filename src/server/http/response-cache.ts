// Answers of /v2 reads kept in memory per account, dropped as soon as that account's data changes.
//
// A dashboard page, or every open dashboard of a forwarder after one live event, asks for the same few pages at
// once, and each answer costs several queries, the JSON and its gzip; the data changes far less often than it is
// read. Every statement that writes an account's rows logs the account (migration 0010, whichever process or
// worker wrote it); each process reads the log every few milliseconds (db/data-changes.ts), and `changed()` drops
// that account's answers. Writes through this process's own API drop them too, before and after they run, so that
// a client reads its own write at once rather than when the log is next read (except the writes the policy says
// no kept answer shows: a document's upload). An answer read while its account changed is not kept, and while the
// log cannot be read (the database is unreachable) nothing is kept or served.
// Answers that also depend on the clock (the fleet's voyages and positions) are kept only for a short time to live.
import type { Context, MiddlewareHandler } from "hono";
import type { DataChange, DataChangeListener } from "../db/data-changes";
import { acceptsGzip, GZIP_THRESHOLD_BYTES, gzipBytes } from "./compression";
import type { AppEnv } from "./env";
import { type KeptAnswer, KeptAnswers } from "./kept-answers";

/** How long an answer at `path` may be kept, in milliseconds; undefined: not kept. */
export type CachePolicy = (path: string, query: URLSearchParams) => number | undefined;
/** Whether a write changes nothing any kept answer shows, so that its account's answers stay. */
export type WritePolicy = (method: string, path: string) => boolean;

export interface ResponseCacheOptions {
  /** Bodies (plain and gzipped) kept at most; the least recently used answers go first. */
  maxBytes: number;
  /** Real time in ms, which time-to-live is counted in (a sped-up demo clock must not shorten it). */
  now?: () => number;
}

export interface ResponseCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  /** False while changes cannot be heard: nothing is served from memory then. */
  listening: boolean;
}

/** What an answer was read under: it may be kept only if neither moved meanwhile. */
interface Stamp {
  everything: number;
  account: number;
}

export class ResponseCache implements DataChangeListener {
  readonly #now: () => number;
  readonly #kept: KeptAnswers;
  /** Answers being read, by key: a second request for the same answer waits for the first instead of reading too. */
  readonly #reading = new Map<string, Promise<void>>();
  /** Counts of changes, per account and of everything, that stamps compare. */
  readonly #accountChanges = new Map<string, number>();
  #everythingChanges = 0;
  #listening = true;
  #hits = 0;
  #misses = 0;

  constructor(options: ResponseCacheOptions) {
    this.#now = options.now ?? Date.now;
    this.#kept = new KeptAnswers(options.maxBytes, this.#now);
  }

  /** Rows changed (db/data-changes.ts); undefined when changes may have gone unheard (reading again after a loss). */
  changed(change: DataChange | undefined): void {
    if (change === undefined) this.#listening = true;
    if (change === undefined || "everything" in change) {
      this.#everythingChanges += 1;
      this.#kept.clear();
      return;
    }
    this.#dropAccount(change.account);
  }

  /** Changes cannot be heard for now: nothing is kept or served until `changed(undefined)`. */
  lost(): void {
    this.changed({ everything: true });
    this.#listening = false;
  }

  stats(): ResponseCacheStats {
    return {
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#kept.size,
      bytes: this.#kept.bytes,
      listening: this.#listening,
    };
  }

  /**
   * Serves the reads `policy` names from memory, and forgets an account's answers around its writes, except the
   * writes `leaves` says no kept answer shows.
   */
  middleware(policy: CachePolicy, leaves: WritePolicy = () => false): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const accountId = c.get("principal")?.account.id;
      if (!accountId) return next();
      const method = c.req.method;
      if (method !== "GET") {
        if (method === "HEAD" || method === "OPTIONS" || leaves(method, c.req.path)) return next();
        // Before: no answer read meanwhile is kept. After: none read before the write committed is served.
        this.#dropAccount(accountId);
        try {
          await next();
        } finally {
          this.#dropAccount(accountId);
        }
        return;
      }
      const ttlMs = policy(c.req.path, new URL(c.req.url).searchParams);
      if (ttlMs === undefined || !this.#listening) return next();
      const url = c.req.url;
      const key = `${accountId} ${url.slice(url.indexOf("/", url.indexOf("//") + 2))}`;
      let entry = this.#kept.fresh(key);
      const reading = entry ? undefined : this.#reading.get(key);
      if (reading) {
        await reading;
        entry = this.#kept.fresh(key);
      }
      if (entry) {
        this.#hits += 1;
        return this.#respond(c, entry);
      }
      this.#misses += 1;
      await this.#read(c, next, key, accountId, ttlMs);
    };
  }

  async #read(c: Context<AppEnv>, next: () => Promise<void>, key: string, accountId: string, ttlMs: number) {
    const stamp = this.#stamp(accountId);
    let done = () => {};
    const reading = new Promise<void>((resolve) => {
      done = resolve;
    });
    this.#reading.set(key, reading);
    try {
      await next();
      const res = c.res;
      const contentType = res.headers.get("Content-Type");
      if (res.status !== 200 || !contentType || res.headers.has("Content-Encoding")) return;
      const entry: KeptAnswer = {
        key,
        accountId,
        expires: this.#now() + ttlMs,
        contentType,
        body: new Uint8Array(await res.arrayBuffer()),
        gzipped: undefined,
        bytes: 0,
      };
      if (this.#listening && this.#unchanged(accountId, stamp)) this.#kept.keep(entry);
      const { body, headers } = await this.#encoded(c, entry);
      c.res = new Response(body, { status: 200, headers });
    } finally {
      if (this.#reading.get(key) === reading) this.#reading.delete(key);
      done();
    }
  }

  /** The answer from memory, with what earlier middleware set on this request (rate limits, CORS). */
  async #respond(c: Context<AppEnv>, entry: KeptAnswer) {
    const { body, headers } = await this.#encoded(c, entry);
    return c.body(body, 200, headers);
  }

  /** The body in the encoding the client accepts: gzipped once per entry, when it is worth it. */
  async #encoded(c: Context<AppEnv>, entry: KeptAnswer) {
    const headers: Record<string, string> = { "Content-Type": entry.contentType, Vary: "Accept-Encoding" };
    if (entry.body.byteLength < GZIP_THRESHOLD_BYTES || !acceptsGzip(c.req.header("Accept-Encoding")))
      return { body: entry.body, headers };
    if (!entry.gzipped) {
      entry.gzipped = gzipBytes(entry.body);
      entry.gzipped.then(
        (gzipped) => this.#kept.grow(entry, gzipped.byteLength),
        () => {
          entry.gzipped = undefined;
        },
      );
    }
    const body = await entry.gzipped;
    headers["Content-Encoding"] = "gzip";
    headers["Content-Length"] = String(body.byteLength);
    return { body, headers };
  }

  #dropAccount(accountId: string) {
    this.#accountChanges.set(accountId, (this.#accountChanges.get(accountId) ?? 0) + 1);
    this.#kept.dropAccount(accountId);
  }

  #stamp(accountId: string): Stamp {
    return { everything: this.#everythingChanges, account: this.#accountChanges.get(accountId) ?? 0 };
  }

  #unchanged(accountId: string, stamp: Stamp): boolean {
    const now = this.#stamp(accountId);
    return now.everything === stamp.everything && now.account === stamp.account;
  }
}
