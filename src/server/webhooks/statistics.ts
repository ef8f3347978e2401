// Keeps the planner's statistics of the webhook tables fresh. On a PostgreSQL server autovacuum does this, but
// PGlite runs no autovacuum: without statistics the planner chooses indexes by guesswork, and claims and outcome
// writes can walk a backlog, or a webhook's whole history, where they should probe an index. So, as autovacuum
// would, the tables are analyzed once a tenth of what they hold is new (and at start); on a server that repeats
// cheaply what autovacuum does anyway. Like autovacuum's, the analysis runs beside the work rather than in its
// way: the fan-out counts what it added and goes on to its next batch (an analysis of fresh tables took 27-55 ms,
// after nearly every batch); one analysis at a time.
import type { Db } from "../db/connection";
import { analyzeNotificationTables } from "../db/notifications";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";

/** Notifications added before the first analysis, and at least between two. */
const MIN_CHANGES = 200;

export class WebhookStatistics {
  readonly #db: Db;
  readonly #logger: Logger;
  #changed = 0;
  #threshold = 0;
  #running: Promise<void> | undefined;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Counts `n` new notifications; starts an analysis when enough are new, without waiting for it. */
  added(n: number): void {
    this.#changed += n;
    if (this.#running || this.#changed < Math.max(MIN_CHANGES, this.#threshold)) return;
    this.#running = this.analyze().finally(() => {
      this.#running = undefined;
    });
  }

  /** Resolves once no analysis is under way (before the database closes, or for a caller that wants plans now). */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async analyze(): Promise<void> {
    this.#changed = 0;
    try {
      this.#threshold = (await analyzeNotificationTables(this.#db)) / 10;
    } catch (error) {
      // Only the plans suffer; delivery goes on.
      if (!isDatabaseUnavailable(error))
        this.#logger.warn("could not analyze the webhook tables", logSafeError(error));
    }
  }
}
