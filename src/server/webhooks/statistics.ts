// Keeps the planner's statistics of the webhook tables fresh. On a PostgreSQL server autovacuum does this, but
// PGlite runs no autovacuum: without statistics the planner chooses indexes by guesswork, and claims and outcome
// writes can walk a backlog, or a webhook's whole history, where they should probe an index. So, as autovacuum
// would, the tables are analyzed once a tenth of what they hold is new (and at start); on a server that repeats
// cheaply what autovacuum does anyway.
import type { Db } from "../db/connection";
import { analyzeNotificationTables } from "../db/notifications";
import type { Logger } from "../logger";

/** Notifications added before the first analysis, and at least between two. */
const MIN_CHANGES = 200;

export class WebhookStatistics {
  readonly #db: Db;
  readonly #logger: Logger;
  #changed = 0;
  #threshold = 0;

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Counts `n` new notifications; analyzes the tables when enough are new. */
  async added(n: number): Promise<void> {
    this.#changed += n;
    if (this.#changed >= Math.max(MIN_CHANGES, this.#threshold)) await this.analyze();
  }

  async analyze(): Promise<void> {
    this.#changed = 0;
    try {
      this.#threshold = (await analyzeNotificationTables(this.#db)) / 10;
    } catch (error) {
      // Only the plans suffer; delivery goes on.
      this.#logger.warn("could not analyze the webhook tables", { error: String(error) });
    }
  }
}
