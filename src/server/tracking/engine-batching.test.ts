// What batching must not break: a user's stop during a batch's lookups, the bound on calls in flight to a carrier,
// leases between engines (two engines on one database, and a claim whose lease ran out), one bad answer among
// many, and the worker taking a new request up on a wake-up (in process, and through NOTIFY on PostgreSQL).
// Every wait is on a promise the code under test resolves, never on the wall clock.
import { and, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { type Database, openDatabase } from "../db/connection";
import { accountEvents, shipments, trackingRequests } from "../db/schema";
import { openServiceClock } from "../db/service-clock";
import { createTrackingRequest, TRACKING_REQUESTS_CHANNEL } from "../db/tracking-requests";
import { createLogger } from "../logger";
import { createHarness, type Harness, TEST_NOW } from "../testing/service-harness";
import type { CarrierAdapter, CarrierLookup, CarrierQuery } from "./carrier-adapter";
import { type EngineDeps, engineWriteSettings, TrackingEngine } from "./engine";
import { SandboxCarrierNetwork, sandboxNumber } from "./sandbox/network";
import { startTrackingWorker, type Worker } from "./worker";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const sandbox = new SandboxCarrierNetwork();

/** Lets the event loop turn a few times, so that anything already able to run has run. */
async function settle(turns = 5) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The sandbox network behind a gate: lookups wait while it is closed. Counts calls in flight per SCAC (and the
 * most ever), and every number it was asked about.
 */
class GatedCarrier implements CarrierAdapter {
  readonly name = "gated";
  readonly inFlight = new Map<string, number>();
  readonly maxInFlight = new Map<string, number>();
  readonly asked: string[] = [];
  #gate: Promise<void> | null = null;
  #open: (() => void) | null = null;
  #watchers: { n: number; resolve: () => void }[] = [];
  /** Answers to give instead of the sandbox's, by number. */
  readonly overrides = new Map<string, (answer: CarrierLookup) => CarrierLookup>();

  supports(scac: string) {
    return sandbox.supports(scac);
  }

  /** Calls that start from now on wait, until open() (or the returned function) lets them through. */
  close(): () => void {
    let release: () => void = () => {};
    this.#gate = new Promise((resolve) => {
      release = resolve;
    });
    this.#open = release;
    return release;
  }

  /** Lets the waiting calls through, and new calls pass. */
  open() {
    this.#open?.();
    this.#gate = null;
  }

  /** New calls pass; those already waiting go on waiting. */
  passNewCalls() {
    this.#gate = null;
  }

  get total(): number {
    return [...this.inFlight.values()].reduce((a, b) => a + b, 0);
  }

  /** Resolves once at least `n` lookups are waiting at the gate. */
  whenInFlight(n: number): Promise<void> {
    if (this.total >= n) return Promise.resolve();
    return new Promise((resolve) => this.#watchers.push({ n, resolve }));
  }

  async lookup(query: CarrierQuery, now: Date): Promise<CarrierLookup> {
    const gate = this.#gate;
    this.asked.push(query.number);
    const n = (this.inFlight.get(query.scac) ?? 0) + 1;
    this.inFlight.set(query.scac, n);
    this.maxInFlight.set(query.scac, Math.max(n, this.maxInFlight.get(query.scac) ?? 0));
    const reached = this.#watchers.filter((w) => this.total >= w.n);
    this.#watchers = this.#watchers.filter((w) => this.total < w.n);
    for (const w of reached) w.resolve();
    try {
      // At least one turn of the event loop, so that calls of a batch overlap as real ones do.
      await new Promise((resolve) => setImmediate(resolve));
      if (gate) await gate;
      const answer = await sandbox.lookup(query, now);
      return this.overrides.get(query.number)?.(answer) ?? answer;
    } finally {
      this.inFlight.set(query.scac, (this.inFlight.get(query.scac) ?? 1) - 1);
    }
  }
}

describe("the batching engine", () => {
  let h: Harness;
  let accountId: string;
  let apiKey: string;
  let carrier: GatedCarrier;
  const closing: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    h = await createHarness();
    const created = await h.newAccount();
    accountId = created.account.id;
    apiKey = created.apiKey;
    carrier = new GatedCarrier();
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await h.close();
  });

  function engineOn(db = h.db, options: Partial<EngineDeps> = {}) {
    return new TrackingEngine({
      db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [carrier],
      positions: sandbox,
      logger: createLogger("silent"),
      ...options,
    });
  }

  /** Tracking requests for sandbox bills of lading, `count` per SCAC, due now. */
  async function requests(scacs: string[], count: number) {
    const rows = scacs.flatMap((scac) =>
      Array.from({ length: count }, (_, seed) => {
        const number = sandboxNumber(scac, seed);
        return {
          accountId,
          requestType: "bill_of_lading",
          requestNumber: number,
          normalizedNumber: number,
          scac,
          nextAttemptAt: h.clock.now(),
          createdAt: h.clock.now(),
        };
      }),
    );
    return h.db.insert(trackingRequests).values(rows).returning();
  }

  const eventsOf = (shipmentId: string) =>
    h.db.select().from(accountEvents).where(eq(accountEvents.shipmentId, shipmentId));

  /** A second handle on the database under test: another process on PostgreSQL, the same handle on PGlite. */
  async function anotherProcess(): Promise<Database["db"]> {
    if (!h.databaseUrl) return h.db;
    const other = await openDatabase({ url: h.databaseUrl });
    closing.push(() => other.close());
    return other.db;
  }

  it("respects a user's stop that comes while the batch's lookups are under way", async () => {
    await requests(["MAEU", "MSCU"], 3);
    await engineOn().runUntilIdle();
    const tracked = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(tracked).toHaveLength(6);
    const [stopped, ...others] = tracked;
    h.clock.advance(DAY);
    await h.db
      .update(shipments)
      .set({ nextRefreshAt: h.clock.now() })
      .where(eq(shipments.accountId, accountId));
    const eventsBefore = new Set((await eventsOf(stopped!.id)).map((e) => e.id));

    carrier.close();
    const refreshing = engineOn().refreshDueShipments();
    await carrier.whenInFlight(6);
    const stop = await h.request(apiKey, `/v2/shipments/${stopped!.id}/stop_tracking`, { method: "PATCH" });
    expect(stop.status).toBe(200);
    carrier.open();
    expect(await refreshing).toBe(6);

    const [after] = await h.db.select().from(shipments).where(eq(shipments.id, stopped!.id));
    expect(after).toMatchObject({
      lineTrackingStoppedReason: "cancelled_by_user",
      // Not written by the refresh: still as the request left it, and the lease given back.
      lineTrackingLastAttemptedAt: stopped!.lineTrackingLastAttemptedAt,
      refreshLeaseUntil: null,
    });
    // The only event since is the stop's own.
    const newEvents = (await eventsOf(stopped!.id))
      .filter((e) => !eventsBefore.has(e.id))
      .map((e) => e.event);
    expect(newEvents).toEqual(["tracking_request.tracking_stopped"]);
    for (const other of others) {
      const [s] = await h.db.select().from(shipments).where(eq(shipments.id, other.id));
      expect(s!.lineTrackingLastAttemptedAt).toEqual(h.clock.now());
      expect(s!.refreshLeaseUntil).toBeNull();
    }
  });

  it("keeps at most the configured number of lookups in flight to each carrier", async () => {
    await requests(["MAEU", "MSCU"], 10);
    carrier.close();
    const engine = engineOn(h.db, { lookupsPerCarrier: 3, batchSize: 50 });
    const processing = engine.processDueTrackingRequests();
    await carrier.whenInFlight(6);
    await settle();
    // Three per carrier at the gate, and no call beyond them started.
    expect(Object.fromEntries(carrier.inFlight)).toEqual({ MAEU: 3, MSCU: 3 });
    expect(carrier.asked).toHaveLength(6);
    carrier.open();
    expect(await processing).toBe(20);
    expect(Object.fromEntries(carrier.maxInFlight)).toEqual({ MAEU: 3, MSCU: 3 });
    const created = await h.db
      .select()
      .from(trackingRequests)
      .where(and(eq(trackingRequests.accountId, accountId), eq(trackingRequests.status, "created")));
    expect(created).toHaveLength(20);
  });

  it("lets two engines on one database share the work without doing any of it twice", async () => {
    const all = await requests(["MAEU", "MSCU", "CMDU", "HLCU"], 8);
    const first = engineOn(h.db, { batchSize: 5, writeBatchSize: 2 });
    const second = engineOn(await anotherProcess(), { batchSize: 5, writeBatchSize: 2 });
    await Promise.all([first.runUntilIdle(), second.runUntilIdle()]);

    // Each request was asked about once, made one shipment, and was announced once.
    expect([...carrier.asked].sort()).toEqual(all.map((r) => r.normalizedNumber).sort());
    const rows = await h.db.select().from(trackingRequests).where(eq(trackingRequests.accountId, accountId));
    // (A journey the sandbox finds already over is recorded, and not tracked: `tracking_stopped`.)
    for (const r of rows) {
      expect(["created", "tracking_stopped"]).toContain(r.status);
      expect(r.shipmentId).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.shipmentId)).size).toBe(all.length);
    expect(await h.db.select().from(shipments).where(eq(shipments.accountId, accountId))).toHaveLength(
      all.length,
    );
    const succeeded = await h.db
      .select()
      .from(accountEvents)
      .where(
        and(eq(accountEvents.accountId, accountId), eq(accountEvents.event, "tracking_request.succeeded")),
      );
    expect(succeeded).toHaveLength(all.length);

    // A day later, each tracked shipment is refreshed once between them.
    h.clock.advance(DAY);
    await h.db
      .update(shipments)
      .set({ nextRefreshAt: h.clock.now() })
      .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
    const tracked = await h.db
      .select({ number: shipments.trackingRequestNumber })
      .from(shipments)
      .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
    carrier.asked.length = 0;
    await Promise.all([first.runUntilIdle(), second.runUntilIdle()]);
    expect([...carrier.asked].sort()).toEqual(tracked.map((t) => t.number).sort());
  });

  it("lets two engines whose sped-up clocks started at different moments share the work", async () => {
    // Two processes at CLOCK_SPEED=600, the second started five real minutes after the first: 50 hours later
    // by the first one's clock, had each its own epoch. Leases are measured in real time.
    const real = new ManualClock(TEST_NOW);
    const firstClock = await openServiceClock(h.db, 600, real);
    real.advance(5 * 60_000);
    const other = await anotherProcess();
    const secondClock = await openServiceClock(other, 600, real);
    const options = { leaseClock: real, batchSize: 4, writeBatchSize: 2 };
    const first = engineOn(h.db, { ...options, clock: firstClock });
    const second = engineOn(other, { ...options, clock: secondClock });
    const drain = async (pass: () => Promise<number>) => {
      let done = 0;
      for (let n = await pass(); n > 0; n = await pass()) done += n;
      return done;
    };

    const all = await requests(["MAEU", "MSCU", "CMDU", "HLCU"], 4);
    await h.db
      .update(trackingRequests)
      .set({ nextAttemptAt: firstClock.now() })
      .where(eq(trackingRequests.accountId, accountId));
    const made = await Promise.all([
      drain(() => first.processDueTrackingRequests()),
      drain(() => second.processDueTrackingRequests()),
    ]);
    expect(made[0] + made[1]).toBe(all.length);
    expect(made).not.toContain(0);

    // Their refreshes come due by the first process's clock; the second takes its share of them too.
    real.advance(60_000);
    await h.db
      .update(shipments)
      .set({ nextRefreshAt: firstClock.now() })
      .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
    const tracked = await h.db
      .select({ number: shipments.trackingRequestNumber })
      .from(shipments)
      .where(and(eq(shipments.accountId, accountId), isNull(shipments.lineTrackingStoppedAt)));
    carrier.asked.length = 0;
    const refreshed = await Promise.all([
      drain(() => first.refreshDueShipments()),
      drain(() => second.refreshDueShipments()),
    ]);
    expect(refreshed[0] + refreshed[1]).toBe(tracked.length);
    expect(refreshed).not.toContain(0);
    expect([...carrier.asked].sort()).toEqual(tracked.map((t) => t.number).sort());
  });

  it("writes nothing for a claim whose lease ran out and was taken over", async () => {
    const [request] = await requests(["MAEU"], 1);
    const releaseSlow = carrier.close();
    const slow = engineOn().processDueTrackingRequests();
    await carrier.whenInFlight(1);
    // The lookup outlasts the lease; another engine takes the request over and settles it.
    h.clock.advance(3 * 60_000);
    carrier.passNewCalls();
    expect(await engineOn().processDueTrackingRequests()).toBe(1);
    // Then the first lookup answers: its claim is not the request's any more, and it writes nothing.
    releaseSlow();
    expect(await slow).toBe(1);

    const made = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(made).toHaveLength(1);
    const [settled] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request!.id));
    expect(settled).toMatchObject({ status: "created", shipmentId: made[0]!.id, leaseUntil: null });
    const succeeded = await h.db
      .select()
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.referenceId, request!.id),
          eq(accountEvents.event, "tracking_request.succeeded"),
        ),
      );
    expect(succeeded).toHaveLength(1);
  });

  it("on the embedded database, creates new shipments at most ten to a transaction, so that requests wait less", async () => {
    await requests(["MAEU", "HLCU"], 13);
    // The same database, noting after each transaction how many shipments it added (the chunks run one at a time).
    const created: number[] = [];
    let before = 0;
    const db = new Proxy(h.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== "transaction") return typeof value === "function" ? value.bind(target) : value;
        return (work: (tx: typeof h.db) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            const [row] = await tx.select({ n: count() }).from(shipments);
            if (row!.n > before) created.push(row!.n - before);
            before = row!.n;
            return result;
          });
      },
    });
    expect(await engineOn(db, engineWriteSettings("pglite")).processDueTrackingRequests()).toBe(26);
    expect(created.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(26);
    expect(Math.max(...created)).toBeLessThanOrEqual(10);
  });

  it("lets one answer the database refuses hold up only itself", async () => {
    const rows = await requests(["MAEU"], 4);
    const bad = rows[1]!.normalizedNumber;
    // A carrier line without its wording: the raw event cannot be stored, and the chunk's statements fail.
    carrier.overrides.set(bad, (answer) => {
      if (answer.outcome !== "found") return answer;
      const [box, ...rest] = answer.snapshot.containers;
      const events = box!.events.map((e, i) =>
        i === 0 ? { ...e, originalEvent: null as unknown as string } : e,
      );
      return { ...answer, snapshot: { ...answer.snapshot, containers: [{ ...box!, events }, ...rest] } };
    });
    const logs: string[] = [];
    const engine = engineOn(h.db, { logger: createLogger("warn", (line) => logs.push(line)) });
    expect(await engine.processDueTrackingRequests()).toBe(4);
    const states = await h.db
      .select()
      .from(trackingRequests)
      .where(eq(trackingRequests.accountId, accountId));
    for (const s of states) {
      if (s.normalizedNumber === bad) {
        // Still claimed: it is tried again once its lease runs out.
        expect(s).toMatchObject({ status: "pending", shipmentId: null });
        expect(s.leaseUntil).not.toBeNull();
      } else expect(s.status).toBe("created");
    }
    expect(logs.filter((l) => l.includes("tracking write failed"))).toHaveLength(2);
  });
});

describe("the worker", () => {
  let h: Harness;
  let worker: Worker | undefined;
  const closing: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    for (const close of closing.splice(0).reverse()) await close();
    await h.close();
  });

  /** The worker's passes over tracking requests, as a queue of promises a test awaits one by one. */
  function passes() {
    const done: number[] = [];
    const waiting: ((n: number) => void)[] = [];
    return {
      record(n: number) {
        const next = waiting.shift();
        if (next) next(n);
        else done.push(n);
      },
      next(): Promise<number> {
        const n = done.shift();
        return n !== undefined ? Promise.resolve(n) : new Promise((resolve) => waiting.push(resolve));
      },
      /** The next pass that did some work. */
      async nextWithWork(): Promise<number> {
        for (;;) {
          const n = await this.next();
          if (n > 0) return n;
        }
      },
    };
  }

  function startWorker(db: Database["db"], onRequestsPass: (n: number) => void) {
    const engine = new TrackingEngine({
      db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [sandbox],
      positions: sandbox,
      logger: createLogger("silent"),
    });
    // An interval no test outlives: a pass that happens was woken.
    return startTrackingWorker(engine, {
      intervalMs: 10 * HOUR,
      logger: createLogger("silent"),
      onPass: ({ lane, done }) => {
        if (lane === "requests") onRequestsPass(done);
      },
    });
  }

  it("takes a new request up when the API wakes it, without waiting for the interval", async () => {
    const { account, apiKey } = await h.newAccount();
    const seen = passes();
    const log: string[] = [];
    worker = startWorker(h.db, (n) => {
      log.push(`pass ${n}`);
      seen.record(n);
    });
    const { app } = h;
    h.service.signals.trackingRequests.on(() => {
      log.push("wake");
      worker?.wake();
    });
    // The first pass finds nothing; the worker then pauses for its (long) interval.
    expect(await seen.next()).toBe(0);

    const response = await app.request("http://localhost/v2/tracking_requests", {
      method: "POST",
      headers: { authorization: `Token ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        data: {
          type: "tracking_request",
          attributes: {
            request_type: "bill_of_lading",
            request_number: sandboxNumber("MAEU", 3),
            scac: "MAEU",
          },
        },
      }),
    });
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { data: { id: string } }).data.id;
    expect(await seen.nextWithWork()).toBe(1);
    expect(log.slice(0, 3)).toEqual(["pass 0", "wake", "pass 1"]);
    const [request] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, id));
    expect(request!.status).toBe("created");
    expect(request!.accountId).toBe(account.id);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "hears of a request made by another process through NOTIFY, and listens again after losing its connection",
    async () => {
      const { account } = await h.newAccount();
      // The worker's process: a database handle of its own, listening as main.ts does.
      const other = await openDatabase({ url: h.databaseUrl! });
      closing.push(() => other.close());
      const seen = passes();
      const wakes = passes();
      worker = startWorker(other.db, (n) => seen.record(n));
      await other.listen(TRACKING_REQUESTS_CHANNEL, () => {
        wakes.record(1);
        worker?.wake();
      });
      expect(await seen.next()).toBe(0);

      const track = async (seed: number) => {
        const number = sandboxNumber("MSCU", seed);
        const input = {
          requestType: "bill_of_lading" as const,
          requestNumber: number,
          normalizedNumber: number,
          scac: "MSCU",
          refNumbers: [],
          tags: [],
        };
        return (await createTrackingRequest(h.db, account.id, input, h.clock.now())).request;
      };
      const statusOf = async (id: string) =>
        (await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, id)))[0]!.status;

      const first = await track(1);
      await wakes.next();
      expect(await seen.nextWithWork()).toBe(1);
      expect(await statusOf(first.id)).toBe("created");

      // The server ends the listening connection; the worker's side opens another and wakes once, in case a
      // request came meanwhile.
      const ended = await h.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      );
      expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await wakes.next();
      const second = await track(2);
      await wakes.next();
      expect(await seen.nextWithWork()).toBe(1);
      expect(await statusOf(second.id)).toBe("created");
      const pendingLeft = await h.db
        .select()
        .from(trackingRequests)
        .where(
          and(inArray(trackingRequests.id, [first.id, second.id]), ne(trackingRequests.status, "created")),
        );
      expect(pendingLeft).toEqual([]);
    },
  );
});
