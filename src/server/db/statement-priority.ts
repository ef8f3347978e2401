// Requests' statements first on the embedded database. PGlite runs one statement (or one transaction) at a time,
// in the order they were asked for: a hundred documents uploaded and read at once queue their writes ahead of the
// reads a person's page makes. Here each statement takes the database's one turn through a queue of two classes: a
// request's statements go before any waiting background ones (uploads' rows, document extraction, the engine,
// deliveries), so a read waits for the statement under way, not for the queue (a few ms at most during a batch of
// 100 uploads; the request thread, busy with the uploads' own work, is what is left). Among one class the
// order asked for stands. Work does not overtake itself: each flow awaits its own statements in turn, so only
// the order between independent flows changes, which nothing may rely on anyway.
//
// A transaction takes the turn for its whole length (its own statements go straight to it), as PGlite's own lock
// does. PostgreSQL needs none of this: its pool runs statements side by side.
import type { PGlite } from "@electric-sql/pglite";

export type StatementClass = "request" | "background";

/** The database's one turn, given to waiting requests' statements before background ones. */
export class StatementTurns {
  private busy = false;
  private readonly waiting: Record<StatementClass, (() => void)[]> = { request: [], background: [] };

  /** Runs `work` when it is this class's turn; the next waiter goes when it settles. */
  async take<T>(kind: StatementClass, work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting[kind].push(resolve));
    else this.busy = true;
    try {
      return await work();
    } finally {
      const next = this.waiting.request.shift() ?? this.waiting.background.shift();
      // Handed over directly: `busy` stays set, so no statement asked for meanwhile slips in between.
      if (next) next();
      else this.busy = false;
    }
  }
}

/**
 * The client as drizzle uses it (`query` and `transaction`; `exec` too), each call taking its turn as `kind`;
 * everything else is the client's own.
 */
export function turnTaking(client: PGlite, turns: StatementTurns, kind: StatementClass): PGlite {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query" || property === "exec" || property === "transaction") {
        const method = Reflect.get(target, property, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => turns.take(kind, () => method.apply(target, args));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
