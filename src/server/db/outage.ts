// Knows whether the database is out, so that an outage is logged once when it begins and once when it ends, not
// once per request (a 4-minute outage wrote 4,669 stack traces). While it lasts, the database is probed every
// few seconds; the first probe that succeeds ends it. Readiness (/readyz) reads the same state.
import { sql } from "drizzle-orm";
import type { Logger } from "../logger";
import type { Db } from "./connection";
import { describeDatabaseError } from "./unavailable";

/** What clients are told to wait before retrying (Retry-After), about the pool's connection timeout. */
export const RETRY_AFTER_SECONDS = 5;
const PROBE_INTERVAL_MS = 2_000;

export interface DatabaseOutageOptions {
  db: Db;
  logger: Pick<Logger, "warn" | "info">;
  /** How often the database is probed during an outage. */
  probeIntervalMs?: number;
}

export class DatabaseOutage {
  readonly #db: Db;
  readonly #logger: Pick<Logger, "warn" | "info">;
  readonly #probeIntervalMs: number;
  #since: Date | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: DatabaseOutageOptions) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#probeIntervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  }

  /** True from the first failure until a probe succeeds. */
  get down(): boolean {
    return this.#since !== undefined;
  }

  /** A query failed because the database is unavailable: logs the outage if it is new and starts probing. */
  report(error: unknown): void {
    if (this.#since || this.#stopped) return;
    this.#since = new Date();
    this.#logger.warn("database unavailable: answering 503 until it is back", describeDatabaseError(error));
    this.#schedule();
  }

  /** Stops probing (on shutdown). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #schedule() {
    this.#timer = setTimeout(() => void this.#probe(), this.#probeIntervalMs);
    this.#timer.unref();
  }

  async #probe() {
    if (this.#stopped || !this.#since) return;
    try {
      await this.#db.execute(sql`select 1`);
    } catch {
      this.#schedule();
      return;
    }
    const downMs = Date.now() - this.#since.getTime();
    this.#since = undefined;
    this.#logger.info("database available again", { downMs });
  }
}
