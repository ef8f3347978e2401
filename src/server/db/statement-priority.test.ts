// Tests of the embedded database's turns: a request's statements go before background ones that were waiting,
// each class keeps its own order, a failed statement passes the turn on, and on a real PGlite a read asked for
// while a background transaction runs goes before the background statements queued behind that transaction.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./connection";
import { StatementTurns } from "./statement-priority";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("the embedded database's turns", () => {
  it("gives the turn to waiting requests before waiting background work, each class in the order asked", async () => {
    const turns = new StatementTurns();
    const order: string[] = [];
    const first = gate();
    const holding = turns.take("background", async () => {
      await first.opened;
      order.push("holder");
    });
    const asked = [
      turns.take("background", async () => void order.push("background 1")),
      turns.take("request", async () => void order.push("request 1")),
      turns.take("background", async () => void order.push("background 2")),
      turns.take("request", async () => void order.push("request 2")),
    ];
    first.open();
    await Promise.all([holding, ...asked]);
    expect(order).toEqual(["holder", "request 1", "request 2", "background 1", "background 2"]);
  });

  it("passes the turn on when a statement fails, and runs at once when nothing waits", async () => {
    const turns = new StatementTurns();
    await expect(
      turns.take("request", async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await turns.take("background", async () => 42)).toBe(42);
  });

  it("on PGlite, puts a read asked for during a background transaction before the background statements queued", async () => {
    const database = await openDatabase({ memory: true });
    try {
      const done: string[] = [];
      const inside = gate();
      const release = gate();
      const transaction = database.background.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside.open();
        await release.opened;
        await tx.execute(sql`select 2`);
      });
      await inside.opened;
      const background = database.background
        .execute(sql`select 'background'`)
        .then(() => done.push("background"));
      const read = database.db.execute(sql`select 'request'`).then(() => done.push("request"));
      release.open();
      await Promise.all([transaction, background, read]);
      expect(done).toEqual(["request", "background"]);
    } finally {
      await database.close();
    }
  });
});
