// Tests of the live stream (GET /v2/stream) over a listening server and a real HTTP client: events the tracking
// engine records arrive with their names and log positions, only on their own account's streams; a resume with
// Last-Event-ID loses nothing and repeats nothing; two service processes on one PostgreSQL share the log; bad
// keys and bad positions are refused; vessel positions are announced; a stop ends the streams. Every wait is for
// an event on the stream or a row in the database, never for an amount of time.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STREAM_READY_EVENT,
  STREAM_RETRY_MS,
  streamEventSchema,
  streamReadySchema,
  VESSEL_POSITIONS_EVENT,
} from "../../api/stream";
import { type Database, openDatabase } from "../db/connection";
import { DataChangeFeed } from "../db/data-changes";
import { accountEvents } from "../db/schema";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { openSse, type SseEvent, type SseStream } from "../testing/sse-reader";
import { startWebhookWorker, type WebhookWorker } from "../webhooks/worker";
import type { StreamHub } from "./stream/hub";

interface Instance {
  base: string;
  hub: StreamHub;
  stop(): Promise<void>;
}

let h: Harness;
let one: Instance;
const silent = createLogger("silent");

/** One service process: its app with a hub, test control, the webhook worker that numbers events, listening. */
async function startInstance(database?: Database, streamMaxPerAccount = 100): Promise<Instance> {
  // The sandbox world paused, moved on per account by test control, as the end-to-end server runs it.
  const service = await h.anotherService(
    { testControl: true, sandboxPaused: true, streamMaxPerAccount },
    { database, tuning: { streamPollMs: 20 } },
  );
  const hub = service.streamHub;
  const { app } = service;
  const worker: WebhookWorker = startWebhookWorker({
    db: service.database.db,
    reference: h.reference,
    clock: h.clock,
    logger: silent,
    intervalMs: 20,
  });
  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hub,
    async stop() {
      hub.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await worker.stop();
    },
  };
}

beforeAll(async () => {
  h = await createHarness();
  one = await startInstance();
});
afterAll(async () => {
  await one.stop();
  await h.close();
});

interface TestAccount {
  id: string;
  key: string;
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new account with sandbox shipments, once the fan-out has numbered the events of their tracking: a stream
 * opened before that would rightly receive them too, and a test that counts what a later change records would see
 * more than it made (the fan-out runs on its own, later on a busy machine).
 */
async function newAccount(shipments = 4): Promise<TestAccount> {
  const made = await post<{ id: string; api_key: string }>(one.base, "/__test__/accounts", { shipments });
  const account = { id: made.id, key: made.api_key };
  await numbered(account);
  return account;
}

/** Moves the account's world on so that the engine records real events for it; resolves once all are numbered. */
async function advance(account: TestAccount, hours: number, base = one.base): Promise<number> {
  const { events } = await post<{ events: number }>(base, `/__test__/accounts/${account.id}/advance`, {
    hours,
  });
  await numbered(account);
  return events;
}

/** Waits until the fan-out has numbered every event of the account. */
async function numbered(account: TestAccount) {
  for (;;) {
    const [row] = await h.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountEvents)
      .where(and(eq(accountEvents.accountId, account.id), isNull(accountEvents.streamSeq)));
    if (row!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The account's log as the database holds it: position and name, in order. */
async function logOf(account: TestAccount, after = 0) {
  const rows = await h.db
    .select({ seq: accountEvents.streamSeq, event: accountEvents.event, id: accountEvents.id })
    .from(accountEvents)
    .where(and(eq(accountEvents.accountId, account.id), isNotNull(accountEvents.streamSeq)))
    .orderBy(asc(accountEvents.streamSeq));
  return rows.filter((r) => r.seq! > after).map((r) => ({ id: String(r.seq), event: r.event, uuid: r.id }));
}

const stream = (account: TestAccount, headers: Record<string, string> = {}, base = one.base, query = "") =>
  openSse(`${base}/v2/stream${query}`, { authorization: `Token ${account.key}`, ...headers });

const accountEventsOf = (s: SseStream) =>
  s.events.filter((e) => e.event !== STREAM_READY_EVENT && e.event !== VESSEL_POSITIONS_EVENT);
const isAccountEvent = (e: SseEvent) => e.event !== STREAM_READY_EVENT && e.event !== VESSEL_POSITIONS_EVENT;

async function readyOf(s: SseStream) {
  const [ready] = await s.waitFor(1, (e) => e.event === STREAM_READY_EVENT);
  return { id: ready!.id, data: streamReadySchema.parse(JSON.parse(ready!.data)) };
}

describe("GET /v2/stream: streams per account", () => {
  it("answers one stream more than an account may hold open with a 429, and takes it once one closes", async () => {
    const capped = await startInstance(undefined, 2);
    const account = await newAccount(0);
    const other = await newAccount(0);
    const open = [await stream(account, {}, capped.base), await stream(account, {}, capped.base)];
    try {
      for (const s of open) await readyOf(s);
      const refused = await fetch(`${capped.base}/v2/stream`, {
        headers: { authorization: `Token ${account.key}` },
      });
      expect(refused.status).toBe(429);
      expect((await refused.json()).errors[0]).toMatchObject({ code: "too_many_streams" });
      // Another account's streams are its own.
      const theirs = await stream(other, {}, capped.base);
      expect(theirs.status).toBe(200);
      theirs.close();
      open.shift()!.close();
      await expect.poll(() => capped.hub.clientsOf(account.id)).toBe(1);
      const again = await stream(account, {}, capped.base);
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      for (const s of open) s.close();
      await capped.stop();
    }
  });
});

describe("GET /v2/stream", () => {
  it("opens with retry and stream.ready, uncompressed and uncached, even for a client that accepts gzip", async () => {
    const account = await newAccount(0);
    const s = await stream(account, { "accept-encoding": "gzip" });
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(s.headers.get("content-encoding")).toBeNull();
      expect(s.headers.get("cache-control")).toContain("no-transform");
      const ready = await readyOf(s);
      expect(s.retry).toBe(STREAM_RETRY_MS);
      expect(s.events[0]!.event).toBe(STREAM_READY_EVENT);
      // No position sent: not resumed, and the ready event's id is where the stream goes on from.
      expect(ready.data.resumed).toBe(false);
      expect(ready.data.last_event_id).toBe(ready.id);
    } finally {
      s.close();
    }
  });

  it("sends the events the engine records, with their names and log positions, and no other account's", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const myStream = await stream(mine);
    const theirStream = await stream(theirs);
    try {
      await readyOf(myStream);
      await readyOf(theirStream);
      const recorded = await advance(mine, 96);
      expect(recorded).toBeGreaterThan(0);
      const log = await logOf(mine, Number((await readyOf(myStream)).id));
      expect(log).toHaveLength(recorded);
      const received = await myStream.waitFor(recorded, isAccountEvent);
      expect(received.map((e) => ({ id: e.id, event: e.event }))).toEqual(
        log.map(({ id, event }) => ({ id, event })),
      );
      for (const [i, e] of received.entries()) {
        const data = streamEventSchema.parse(JSON.parse(e.data));
        expect(data.id).toBe(log[i]!.uuid);
        expect(data.event).toBe(e.event);
        if (e.event.startsWith("container.")) expect(data.container_id).not.toBeNull();
      }
      expect(received.some((e) => e.event.startsWith("container.transport."))).toBe(true);

      // Their stream hears their own next event, and nothing of mine before it (positions arrive in order).
      const theirsRecorded = await advance(theirs, 96);
      expect(theirsRecorded).toBeGreaterThan(0);
      const theirsReceived = await theirStream.waitFor(theirsRecorded, isAccountEvent);
      expect(accountEventsOf(theirStream)).toEqual(theirsReceived);
      const myUuids = new Set(log.map((l) => l.uuid));
      for (const e of theirsReceived) expect(myUuids.has(JSON.parse(e.data).id)).toBe(false);
      expect(theirsReceived.map((e) => e.id)).toEqual(
        (await logOf(theirs)).map((l) => l.id).slice(-theirsRecorded),
      );
    } finally {
      myStream.close();
      theirStream.close();
    }
  });

  it("resumes after Last-Event-ID with every event recorded meanwhile, once each, then live ones", async () => {
    const account = await newAccount();
    const first = await stream(account);
    const { id: start } = await readyOf(first);
    const recorded = await advance(account, 72);
    const received = await first.waitFor(recorded, isAccountEvent);
    first.close();
    // Disconnected after the first few: the rest of those, and what is recorded meanwhile, come on resume.
    const seen = received[Math.min(1, received.length - 1)]!.id!;
    const meanwhile = await advance(account, 72);
    expect(meanwhile).toBeGreaterThan(0);

    const again = await stream(account, { "last-event-id": seen });
    try {
      const ready = await readyOf(again);
      expect(ready.data).toEqual({ resumed: true, last_event_id: seen });
      const backlog = await logOf(account, Number(seen));
      await again.waitFor(backlog.length, isAccountEvent);
      // Live events after the backlog, without a gap or a repeat between the two.
      const live = await advance(account, 72);
      const all = await logOf(account, Number(seen));
      expect(all.length).toBe(backlog.length + live);
      const got = await again.waitFor(all.length, isAccountEvent);
      expect(got.map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
      expect(Number(start)).toBeLessThan(Number(seen));
    } finally {
      again.close();
    }
  });

  it("takes the position as last_event_id where a header cannot be sent, and says when it cannot resume", async () => {
    const account = await newAccount(0);
    const [top] = await h.db
      .select({ top: sql<string>`coalesce(max(stream_seq), 0)::text` })
      .from(accountEvents);
    const byQuery = await stream(account, {}, one.base, `?last_event_id=${top!.top}`);
    const ahead = await stream(account, { "last-event-id": String(Number(top!.top) + 1000) });
    try {
      expect((await readyOf(byQuery)).data).toEqual({ resumed: true, last_event_id: top!.top });
      // From a log this service never wrote (a position past its end): start from now, and say so.
      expect((await readyOf(ahead)).data.resumed).toBe(false);
    } finally {
      byQuery.close();
      ahead.close();
    }
  });

  it("refuses a bad key with 401 and a bad Last-Event-ID with a 400 naming it", async () => {
    const unknown = await openSse(`${one.base}/v2/stream`, { authorization: "Token nope" });
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.text!).errors[0].status).toBe("401");
    const account = await newAccount(0);
    for (const bad of ["abc", "-1", "1.5", "99999999999999999999"]) {
      const s = await stream(account, { "last-event-id": bad });
      expect(s.status, bad).toBe(400);
      const error = JSON.parse(s.text!).errors[0];
      expect(error.source).toEqual({ parameter: "Last-Event-ID" });
      expect(error.detail).toMatch(/Last-Event-ID must be/);
    }
    const byQuery = await stream(account, {}, one.base, "?last_event_id=x");
    expect(byQuery.status).toBe(400);
    expect(JSON.parse(byQuery.text!).errors[0].source).toEqual({ parameter: "last_event_id" });
  });

  it("lets browsers on other origins send Last-Event-ID", async () => {
    const response = await fetch(`${one.base}/v2/stream`, {
      method: "OPTIONS",
      headers: {
        origin: "https://dashboard.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization,last-event-id",
      },
    });
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("last-event-id");
  });

  it("announces vessel positions written by anyone, without an id", async () => {
    const account = await newAccount(0);
    const feed = new DataChangeFeed(h.db, one.hub, { intervalMs: 20 });
    await feed.start();
    const s = await stream(account);
    try {
      await readyOf(s);
      await h.db.execute(sql`insert into vessels (name, mmsi) values ('STREAM TEST', '999999998')`);
      const [announced] = await s.waitFor(1, (e) => e.event === VESSEL_POSITIONS_EVENT);
      expect(announced!.id).toBeUndefined();
    } finally {
      s.close();
      await feed.stop();
    }
  });

  it("ends every open stream when the hub closes (a stop), so that the process does not wait on them", async () => {
    const other = await startInstance();
    const account = await newAccount(0);
    const s = await stream(account, {}, other.base);
    await readyOf(s);
    other.hub.close();
    await s.ended;
    const after = await stream(account, {}, other.base);
    expect(after.status).toBe(503);
    await other.stop();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "sends events written through one process to a stream of another on the same PostgreSQL",
    async () => {
      const database = await openDatabase({ url: h.databaseUrl! });
      const two = await startInstance(database);
      const account = await newAccount();
      const s = await stream(account, {}, two.base);
      try {
        const { id: start } = await readyOf(s);
        // Recorded and numbered by process one (its engine, its fan-out); read by process two's hub.
        const recorded = await advance(account, 96, one.base);
        expect(recorded).toBeGreaterThan(0);
        const got = await s.waitFor(recorded, isAccountEvent);
        expect(got.map((e) => e.id)).toEqual((await logOf(account, Number(start))).map((l) => l.id));
      } finally {
        s.close();
        await two.stop();
        await database.close();
      }
    },
  );
});
