// The log of changed data (migration 0010): which accounts' rows changed, read by each service process to drop
// the answers it keeps in memory (http/response-cache.ts) once they are out of date, whoever wrote.
//
// Reading: every `intervalMs` the feed reads the rows after the last one it saw, and also the rows of the
// transactions that were still running when it last read (their rows may have lower numbers than rows that
// committed first). The transactions running at a read are the ones PostgreSQL's snapshot lists, so no row
// is missed, however long a transaction ran. Rows are pruned a minute after they are certainly visible.
import { sql } from "drizzle-orm";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { Db } from "./connection";
import { rowsOf } from "./raw-rows";
import { isDatabaseUnavailable } from "./unavailable";

/** What changed: one account's rows, or rows every account shares (vessels and their positions). */
export type DataChange = { account: string } | { everything: true };

export interface DataChangeListener {
  /** Rows changed. Undefined: reading starts again after it failed, and anything may have changed meanwhile. */
  changed(change: DataChange | undefined): void;
  /** The log cannot be read for now (the database is unreachable): changes may go unheard until `changed`. */
  lost(): void;
}

/** How often the log is read: what another process or a worker writes is heard within this. */
export const DATA_CHANGES_INTERVAL_MS = 50;
/** A row is pruned this long after it was certainly visible, long after every reader has read it. */
const PRUNE_AFTER_MS = 60_000;

interface Position {
  /** The highest row number seen. */
  seq: bigint;
  /** The snapshot of the last read ('xmin:xmax:running,…'): the transactions it could not see yet. */
  snapshot: string;
}

interface Read {
  snapshot: string;
  top: string;
  changes: [string, string | null][] | string;
}

export interface DataChangeFeedOptions {
  intervalMs?: number;
  /** Vacuum the log after pruning it: PGlite runs no autovacuum. */
  vacuum?: boolean;
  /** Told once when the log cannot be read (warn), and once when it can again (info). */
  logger?: Pick<Logger, "warn" | "info">;
  now?: () => number;
}

export class DataChangeFeed {
  readonly #db: Db;
  readonly #listener: DataChangeListener;
  readonly #intervalMs: number;
  readonly #vacuum: boolean;
  readonly #logger: Pick<Logger, "warn" | "info"> | undefined;
  readonly #now: () => number;
  #position: Position | undefined;
  #failing = false;
  /** The current failure was logged (an outage is not: the service logs it). */
  #told = false;
  /** Reads one after another: a poll() waits for the read under way and then reads afresh. */
  #chain: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #prunedAt: number;
  /** The oldest running transaction at the last prune: rows of older ones are pruned at the next. */
  #pruneBelow: string | undefined;

  constructor(db: Db, listener: DataChangeListener, options: DataChangeFeedOptions = {}) {
    this.#db = db;
    this.#listener = listener;
    this.#intervalMs = options.intervalMs ?? DATA_CHANGES_INTERVAL_MS;
    this.#vacuum = options.vacuum ?? false;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#prunedAt = this.#now();
  }

  /** Takes the log's current end as the starting point, then reads it every interval. */
  async start(): Promise<void> {
    await this.poll();
    const tick = () => {
      this.#timer = setTimeout(() => {
        void this.poll().finally(() => {
          if (!this.#stopped) tick();
        });
      }, this.#intervalMs);
      this.#timer.unref();
    };
    tick();
  }

  /** Reads what changed since the last read (writes committed before this call are heard when it resolves). */
  poll(): Promise<void> {
    this.#chain = this.#chain.then(() => this.#read());
    return this.#chain;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#chain;
  }

  async #read(): Promise<void> {
    if (this.#stopped) return;
    try {
      if (!this.#position) {
        const [row] = rowsOf<{ top: string; snapshot: string }>(
          await this.#db.execute(sql`select coalesce(max(seq), 0)::text as top,
            pg_current_snapshot()::text as snapshot from data_changes`),
        );
        this.#position = { seq: BigInt(row!.top), snapshot: row!.snapshot };
        // Not the first read: reading failed, and whatever changed meanwhile went unheard.
        if (this.#failing) this.#recovered();
        return;
      }
      const [row] = rowsOf<Read>(
        await this.#db.execute(sql`select pg_current_snapshot()::text as snapshot,
          (select coalesce(max(seq), 0) from data_changes)::text as top,
          coalesce((select json_agg(json_build_array(seq::text, account_id) order by seq) from data_changes
            where seq > ${this.#position.seq.toString()}::bigint
              or xid in (select pg_snapshot_xip(${this.#position.snapshot}::pg_snapshot))), '[]') as changes`),
      );
      const top = BigInt(row!.top);
      if (top < this.#position.seq) {
        // The log started again (an unlogged table is emptied when the server recovers from a crash).
        this.#position = { seq: top, snapshot: row!.snapshot };
        this.#listener.changed(undefined);
        return;
      }
      this.#position = { seq: top, snapshot: row!.snapshot };
      const changes = typeof row!.changes === "string" ? JSON.parse(row!.changes) : row!.changes;
      const told = new Set<string | null>();
      for (const [, account] of changes as [string, string | null][]) {
        if (told.has(account)) continue;
        told.add(account);
        this.#listener.changed(account === null ? { everything: true } : { account });
      }
      await this.#prune(row!.snapshot);
    } catch (error) {
      this.#position = undefined;
      if (!this.#failing) {
        this.#failing = true;
        // A database outage is logged once by the service (its 503s say why nothing is kept); any other
        // failure of the log is this module's to tell, once, and its end too.
        this.#told = !isDatabaseUnavailable(error);
        if (this.#told) {
          this.#logger?.warn("data change log unreadable: answers are not kept until it can be read again", {
            ...logSafeError(error),
          });
        }
      }
      this.#listener.lost();
    }
  }

  #recovered() {
    this.#failing = false;
    if (this.#told) this.#logger?.info("data change log readable again");
    this.#listener.changed(undefined);
  }

  async #prune(snapshot: string) {
    if (this.#now() - this.#prunedAt < PRUNE_AFTER_MS) return;
    this.#prunedAt = this.#now();
    if (this.#pruneBelow !== undefined) {
      await this.#db.execute(sql`delete from data_changes where xid < ${this.#pruneBelow}::xid8`);
      if (this.#vacuum) await this.#db.execute(sql`vacuum data_changes`);
    }
    // Transactions older than the oldest one running now have ended: their rows are all visible from now on.
    this.#pruneBelow = snapshot.split(":")[0];
  }
}

/**
 * Logs by hand that an account's data changed: for bulk writes that ran with triggers off (the seeder), which the
 * migration's triggers therefore did not log. Seen by readers when the transaction commits.
 */
export async function logAccountChanged(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`insert into data_changes (account_id) values (${accountId})`);
}
