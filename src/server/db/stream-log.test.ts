// Tests of the live stream's log: the webhook fan-out numbers every event it takes (an account without webhooks
// too), in the order it takes them, batch after batch; the reads by position see an account's own events only.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { fanOutAccountEvents } from "../webhooks/fan-out";
import { insertOutbox, type OutboxRow } from "./outbox";
import { accountEvents } from "./schema";
import { accountStreamAfter, pollStream, streamBounds } from "./stream-log";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const fanOut = (batchSize = 200) =>
  fanOutAccountEvents({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    logger: createLogger("silent"),
    batchSize,
  });

/** Events of the account recorded one write after another (later writes later), named by their order. */
async function record(accountId: string, count: number, startMinute = 0): Promise<string[]> {
  const rows: OutboxRow[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      id: randomUUID(),
      accountId,
      event: "tracking_request.failed",
      referenceType: "tracking_request",
      referenceId: randomUUID(),
      createdAt: new Date(Date.parse("2026-11-20T12:00:00Z") + (startMinute + i) * 60_000),
    });
  }
  await insertOutbox(h.db, rows);
  return rows.map((r) => r.id!);
}

async function seqOf(ids: string[]): Promise<number[]> {
  const rows = await h.db.select().from(accountEvents);
  const byId = new Map(rows.map((r) => [r.id, r.streamSeq]));
  return ids.map((id) => byId.get(id) as number);
}

describe("the stream log", () => {
  it("numbers every event the fan-out takes, in its order, batch after batch, for accounts without webhooks", async () => {
    const { account } = await h.newAccount();
    const ids = await record(account.id, 7);
    expect(await seqOf(ids)).toEqual(ids.map(() => null));
    // Batches of three: numbers of a later batch are above every number of an earlier one.
    await fanOut(3);
    const seqs = await seqOf(ids);
    for (const seq of seqs) expect(seq).toBeGreaterThan(0);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    // Taken again by nobody: numbered once.
    await fanOut();
    expect(await seqOf(ids)).toEqual(seqs);
  });

  it("reads an account's events after a position, and the hub's poll only the accounts asked for", async () => {
    const mine = (await h.newAccount()).account.id;
    const theirs = (await h.newAccount()).account.id;
    const start = (await streamBounds(h.db)).last;
    const myIds = await record(mine, 3, 100);
    const theirIds = await record(theirs, 2, 200);
    await fanOut();
    const bounds = await streamBounds(h.db);
    expect(bounds.last).toBe(start + 5);

    const backlog = await accountStreamAfter(h.db, mine, start, bounds.last, 100);
    expect(backlog.map((r) => r.id)).toEqual(myIds);
    const afterFirst = await accountStreamAfter(h.db, mine, backlog[0]!.seq, bounds.last, 100);
    expect(afterFirst.map((r) => r.id)).toEqual(myIds.slice(1));

    const polled = await pollStream(h.db, [mine], start, 100);
    expect(polled.rows.map((r) => r.id)).toEqual(myIds);
    expect(polled.rows[0]).toMatchObject({ accountId: mine, event: "tracking_request.failed" });
    expect(polled.rows[0]!.createdAt.toISOString()).toBe("2026-11-20T13:40:00.000Z");
    // Read to the end of the log, their events included, though none of theirs was sent.
    expect(polled.readTo).toBe(bounds.last);
    // A full page reads only as far as its last row.
    const page = await pollStream(h.db, [mine, theirs], start, 2);
    expect(page.rows).toHaveLength(2);
    expect(page.readTo).toBe(page.rows[1]!.seq);
    const theirs2 = await pollStream(h.db, [theirs], start, 100);
    expect(theirs2.rows.map((r) => r.id)).toEqual(theirIds);
  });
});
