// Remembers which keys, sessions and connected assistants were used, and writes "last used" / "last seen" (and a
// session's moved-on idle expiry) in one batched statement each, at most once a minute per key, session or grant, off
// every request's path: key checks are the hot path of every integration, and a write per request would cost more
// than the request.

import { touchApiKeys } from "../db/api-keys";
import type { Db } from "../db/connection";
import { touchGrants } from "../db/oauth";
import { touchSessions } from "../db/sessions";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { SessionLifetime } from "./auth";

const WRITE_EVERY_MS = 60_000;

export class UsageRecorder {
  readonly #keys = new Map<string, number>();
  readonly #sessions = new Map<string, number>();
  readonly #grants = new Map<string, number>();
  /** When each was last written: nothing is written again for it within a minute. */
  readonly #written = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly lifetime: SessionLifetime,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  key(id: string) {
    this.#note(this.#keys, `k${id}`, id);
  }

  session(id: string) {
    this.#note(this.#sessions, `s${id}`, id);
  }

  /** An assistant's OAuth grant (Settings → Connected assistants shows when it was last used). */
  assistant(grantId: string) {
    this.#note(this.#grants, `g${grantId}`, grantId);
  }

  #note(map: Map<string, number>, tag: string, id: string) {
    const now = this.now();
    if (now - (this.#written.get(tag) ?? 0) < WRITE_EVERY_MS) return;
    this.#written.set(tag, now);
    map.set(id, now);
    this.#timer ??= setTimeout(() => void this.flush(), 1_000).unref();
  }

  /** Writes what is pending (the timer does it within a second; a stop does it last). */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const keys = [...this.#keys.keys()];
    const sessions = [...this.#sessions.keys()];
    const grants = [...this.#grants.keys()];
    this.#keys.clear();
    this.#sessions.clear();
    this.#grants.clear();
    if (this.#written.size > 100_000) this.#written.clear();
    const at = new Date(this.now());
    try {
      await touchApiKeys(this.db, keys, at);
      await touchSessions(this.db, sessions, at, this.lifetime);
      await touchGrants(this.db, grants, at);
    } catch (error) {
      // Only a "last used" time is lost; the next use writes it again.
      this.logger.warn("recording key and session use failed", logSafeError(error));
    }
  }
}
