// Tests of the change log reader: every write of an account's rows is heard once, including a transaction that
// commits after later ones; shared rows mean everything; a failed read is reported and recovered from; old rows
// are pruned only once every reader has long seen them.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import type { Db } from "./connection";
import { type DataChange, DataChangeFeed, type DataChangeListener, logAccountChanged } from "./data-changes";
import { shipments } from "./schema";

/** A listener that writes down what it is told. */
function recorder() {
  const heard: (DataChange | "unknown" | "lost")[] = [];
  const listener: DataChangeListener = {
    changed: (change) => heard.push(change ?? "unknown"),
    lost: () => heard.push("lost"),
  };
  return { heard, listener, take: () => heard.splice(0) };
}

/** Waits until no transaction older than the log's newest row is still running anywhere on the server. */
async function untilCertainlyVisible(db: Db) {
  for (;;) {
    const [row] = (
      (await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot()) > max(xid) as visible
        from data_changes`)) as unknown as { rows: { visible: boolean }[] }
    ).rows;
    if (row!.visible) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the data change log", () => {
  let h: Harness;
  const feeds: DataChangeFeed[] = [];
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.stop();
    await h.close();
  });

  /** A feed read by hand (its interval is an hour, so only poll() reads). */
  async function feedOf(
    db: Db,
    options: {
      now?: () => number;
      vacuum?: boolean;
      logger?: { warn(m: string): void; info(m: string): void };
    } = {},
  ) {
    const r = recorder();
    const feed = new DataChangeFeed(db, r.listener, { intervalMs: 3_600_000, ...options });
    feeds.push(feed);
    await feed.start();
    return { feed, ...r };
  }

  it("hears each account whose rows a statement inserts, updates or deletes, once a read", async () => {
    const a = await h.newAccount();
    const b = await h.newAccount();
    const { feed, take } = await feedOf(h.db);
    expect(take()).toEqual([]);
    const { shipment } = await insertShipment(h.db, a.account.id);
    await insertShipment(h.db, b.account.id);
    await feed.poll();
    expect(take()).toEqual([{ account: a.account.id }, { account: b.account.id }]);
    await feed.poll();
    expect(take()).toEqual([]);
    await h.db
      .update(shipments)
      .set({ tags: ["x"] })
      .where(eq(shipments.id, shipment.id));
    await feed.poll();
    expect(take()).toEqual([{ account: a.account.id }]);
    // A statement that changes nothing logs nothing.
    await h.db
      .update(shipments)
      .set({ tags: ["x"] })
      .where(eq(shipments.id, b.account.id));
    await feed.poll();
    expect(take()).toEqual([]);
  });

  it("hears a change of vessels, which every account shares, as everything", async () => {
    const { feed, take } = await feedOf(h.db);
    await h.db.execute(sql`insert into vessels (name, mmsi) values ('LOG TEST', '999999999')`);
    await feed.poll();
    expect(take()).toEqual([{ everything: true }]);
  });

  it("hears what a bulk writer logged by hand", async () => {
    const a = await h.newAccount();
    const { feed, take } = await feedOf(h.db);
    await logAccountChanged(h.db, a.account.id);
    await feed.poll();
    expect(take()).toEqual([{ account: a.account.id }]);
  });

  it("says when the log cannot be read, and that anything may have changed once it can again; logs it once", async () => {
    let failing = false;
    const flaky = new Proxy(h.db, {
      get(target, name, receiver) {
        if (name === "execute" && failing) return () => Promise.reject(new Error("connection refused"));
        return Reflect.get(target, name, receiver);
      },
    });
    const logged: string[] = [];
    const logger = {
      warn: (m: string) => logged.push(`warn ${m}`),
      info: (m: string) => logged.push(`info ${m}`),
    };
    const { feed, take } = await feedOf(flaky, { logger });
    failing = true;
    await feed.poll();
    await feed.poll();
    expect(take()).toEqual(["lost", "lost"]);
    failing = false;
    await feed.poll();
    expect(take()).toEqual(["unknown"]);
    // Once for the outage and once for its end, not for every read.
    expect(logged.map((line) => line.split(":")[0])).toEqual([
      "warn data change log unreadable",
      "info data change log readable again",
    ]);
    const a = await h.newAccount();
    await insertShipment(h.db, a.account.id);
    await feed.poll();
    expect(take()).toEqual([{ account: a.account.id }]);
  });

  it("prunes a row only a full prune period after it was certainly visible", async () => {
    let now = 0;
    const { feed } = await feedOf(h.db, { now: () => now, vacuum: h.databaseUrl === undefined });
    const a = await h.newAccount();
    await logAccountChanged(h.db, a.account.id);
    const rows = async () =>
      Number(
        (
          (await h.db.execute(sql`select count(*)::int as n from data_changes`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    await feed.poll();
    // On a shared PostgreSQL server, another test file's open transaction holds the horizon (the oldest running
    // transaction, server-wide) below the row's until it ends: rightly, the row is not certainly visible until then.
    await untilCertainlyVisible(h.db);
    now = 60_000;
    await feed.poll(); // notes the horizon: the row's transaction ended before it
    expect(await rows()).toBe(1);
    now = 120_000;
    await feed.poll();
    expect(await rows()).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "hears a transaction that commits after later ones, however the row numbers fall",
    async () => {
      const a = await h.newAccount();
      const b = await h.newAccount();
      const { feed, take } = await feedOf(h.db);
      const slow = new pg.Client({ connectionString: h.databaseUrl });
      await slow.connect();
      try {
        // The slow transaction logs first (the lower row number) and commits last.
        await slow.query("begin");
        await slow.query("insert into data_changes (account_id) values ($1)", [a.account.id]);
        await logAccountChanged(h.db, b.account.id);
        await feed.poll();
        expect(take()).toEqual([{ account: b.account.id }]);
        await feed.poll();
        expect(take()).toEqual([]);
        await slow.query("commit");
        await feed.poll();
        expect(take()).toEqual([{ account: a.account.id }]);
        await feed.poll();
        expect(take()).toEqual([]);
      } finally {
        await slow.end();
      }
    },
  );
});
