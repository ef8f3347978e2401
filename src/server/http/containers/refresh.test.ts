// Service tests of PATCH /v2/containers/{id}/refresh: a refresh makes the real engine look at the shipment now
// (the worker woken, new events written), a refresh asked while a pass holds the shipment is not lost, the
// per-container limit in real time (429 with Retry-After, across app instances), stopped and untracked
// shipments (422), other accounts' containers (404), and the answers against the hosted API's schemas.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REFRESH_INTERVAL_SECONDS, refreshResultSchema } from "../../../api/container-refresh";
import { ManualClock } from "../../clock";
import { type Db, openDatabase } from "../../db/connection";
import { terminalId } from "../../db/reference-data";
import { containers, shipments, transportEvents } from "../../db/schema";
import { createLogger } from "../../logger";
import { billsOfLadingWithNewsBetween, sandbox, trackSandboxShipment } from "../../testing/sandbox-shipments";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import type { CarrierAdapter, CarrierQuery } from "../../tracking/carrier-adapter";
import { TrackingEngine } from "../../tracking/engine";
import { startTrackingWorker, type Worker } from "../../tracking/worker";
import hosted from "../fixtures/hosted-refresh-shipping-line-responses.json" with { type: "json" };

const DAY = 86_400_000;
const HOUR = 3_600_000;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const hostedRefresh = hosted.operations["patch-containers-id-refresh"];

const NUMBERS = billsOfLadingWithNewsBetween(5, 12, 6);

function engineOf(h: Harness, adapters: CarrierAdapter[] = [sandbox]) {
  return new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters,
    positions: sandbox,
    logger: createLogger("silent"),
  });
}

/**
 * A tracked shipment last looked at 5 days after its request, whose engine schedule says "next look in 30 days",
 * and the service clock 7 days on: the carrier has news the engine would not fetch before its next turn.
 */
async function trackedButNotDue(h: Harness, accountId: string, number = NUMBERS[0]!) {
  const tracked = await trackSandboxShipment(h, accountId, "MAEU", number, 5 * DAY);
  await h.db
    .update(shipments)
    .set({ nextRefreshAt: new Date(h.clock.now().getTime() + 30 * DAY) })
    .where(eq(shipments.id, tracked.shipmentId));
  h.clock.advance(7 * DAY);
  return { shipmentId: tracked.shipmentId, container: tracked.containers[0]! };
}

async function eventsOf(db: Db, containerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transportEvents)
    .where(eq(transportEvents.containerId, containerId));
  return row?.n ?? 0;
}

async function containerRow(db: Db, id: string) {
  const [row] = await db.select().from(containers).where(eq(containers.id, id));
  return row!;
}

async function shipmentRow(db: Db, id: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row!;
}

type ErrorBody = { errors: { status: string; code: string; detail: string }[] };

describe("a refresh through the engine", () => {
  let h: Harness;
  let worker: Worker | undefined;
  /** Real time, apart from the service clock (which the tests move by days). */
  const real = new ManualClock("2026-11-25T09:00:00Z");

  beforeEach(async () => {
    h = await createHarness({ rateLimitClock: real, onShipmentRefreshRequested: () => worker?.refreshNow() });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await h.close();
  });

  const refresh = (key: string, id: string) =>
    h.request(key, `/v2/containers/${id}/refresh`, { method: "PATCH" });

  it("makes the shipment due, and the engine's next pass looks at it and writes what is new", async () => {
    const { account, apiKey } = await h.newAccount();
    const { shipmentId, container } = await trackedButNotDue(h, account.id);
    const engine = engineOf(h);
    // Not due: a pass leaves it alone.
    expect(await engine.refreshDueShipments()).toBe(0);
    const eventsBefore = await eventsOf(h.db, container.id);

    const response = await refresh(apiKey, container.id);
    expect(response.status).toBe(200);
    expect(refreshResultSchema.parse(await response.json()).message).toMatch(
      /^Started refresh for Shipping line/,
    );
    expect((await shipmentRow(h.db, shipmentId)).nextRefreshAt!.getTime()).toBeLessThanOrEqual(
      h.clock.now().getTime(),
    );

    expect(await engine.refreshDueShipments()).toBe(1);
    expect(await eventsOf(h.db, container.id)).toBeGreaterThan(eventsBefore);
    const after = await containerRow(h.db, container.id);
    expect(after.updatedAt.getTime()).toBeGreaterThan(container.updatedAt.getTime());
    // Back on the engine's own schedule: not due again at once.
    expect((await shipmentRow(h.db, shipmentId)).nextRefreshAt!.getTime()).toBeGreaterThan(
      h.clock.now().getTime(),
    );
    expect(await engine.refreshDueShipments()).toBe(0);
  });

  it("wakes this process's worker, which looks at once instead of at the end of its pause", async () => {
    const { account, apiKey } = await h.newAccount();
    const { container } = await trackedButNotDue(h, account.id);
    const eventsBefore = await eventsOf(h.db, container.id);
    const passes: number[] = [];
    const waiting: ((n: number) => void)[] = [];
    const nextPass = () =>
      new Promise<number>((resolve) => {
        const done = passes.shift();
        if (done !== undefined) resolve(done);
        else waiting.push(resolve);
      });
    // An interval no test outlives: a pass after the first was woken.
    worker = startTrackingWorker(engineOf(h), {
      intervalMs: 10 * HOUR,
      logger: createLogger("silent"),
      onPass: ({ lane, done }) => {
        if (lane !== "shipments") return;
        const next = waiting.shift();
        if (next) next(done);
        else passes.push(done);
      },
    });
    expect(await nextPass()).toBe(0);

    expect((await refresh(apiKey, container.id)).status).toBe(200);
    expect(await nextPass()).toBe(1);
    expect(await eventsOf(h.db, container.id)).toBeGreaterThan(eventsBefore);
  });

  it("keeps a refresh asked while a pass holds the shipment: the pass's write does not bury it", async () => {
    const { account, apiKey } = await h.newAccount();
    const { shipmentId, container } = await trackedButNotDue(h, account.id);
    await h.db.update(shipments).set({ nextRefreshAt: h.clock.now() }).where(eq(shipments.id, shipmentId));
    // A carrier that answers when the test lets it: the pass claims the shipment and waits on it.
    let answer: () => void = () => {};
    let asked: () => void = () => {};
    const lookupStarted = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const slow: CarrierAdapter = {
      name: "slow sandbox",
      supports: (scac) => sandbox.supports(scac),
      async lookup(query: CarrierQuery, now: Date) {
        asked();
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return sandbox.lookup(query, now);
      },
    };
    const pass = engineOf(h, [slow]).refreshDueShipments();
    await lookupStarted;
    h.clock.advance(HOUR);
    expect((await refresh(apiKey, container.id)).status).toBe(200);
    answer();
    expect(await pass).toBe(1);
    // Due as asked, so the next pass looks again (with what the carrier shows after the ask).
    expect((await shipmentRow(h.db, shipmentId)).nextRefreshAt!.getTime()).toBeLessThanOrEqual(
      h.clock.now().getTime(),
    );
    expect(await engineOf(h).refreshDueShipments()).toBe(1);
  });
});

describe("what a refresh answers", () => {
  let h: Harness;
  const real = new ManualClock("2026-11-25T09:00:00Z");
  let key: string;
  let accountId: string;
  let tracked: Awaited<ReturnType<typeof trackedButNotDue>>;

  beforeAll(async () => {
    h = await createHarness({ rateLimitClock: real });
    const created = await h.newAccount();
    key = created.apiKey;
    accountId = created.account.id;
    tracked = await trackedButNotDue(h, accountId);
  });
  afterAll(() => h.close());

  const refresh = (id: string, apiKey = key) =>
    h.request(apiKey, `/v2/containers/${id}/refresh`, { method: "PATCH" });

  it("answers the hosted API's message, naming the terminal while the box is at or bound for one", async () => {
    const { container } = await trackedButNotDue(h, accountId, NUMBERS[1]);
    // Bound for its terminal (whatever the sandbox's box shows today).
    await h.db
      .update(containers)
      .set({ podTerminalId: terminalId("USLAX", "APM Terminals", "APMT"), podFullOutAt: null })
      .where(eq(containers.id, container.id));
    const atTerminal = await refresh(container.id);
    expect(atTerminal.status).toBe(200);
    const body = await atTerminal.json();
    expect(body).toEqual({ message: "Started refresh for Shipping line, Terminal" });
    expect(ajv.validate(hostedRefresh["200"], body), ajv.errorsText()).toBe(true);

    // Picked up: the terminal has nothing more to say about it.
    await h.db
      .update(containers)
      .set({ podFullOutAt: h.clock.now(), refreshRequestedAt: null })
      .where(eq(containers.id, container.id));
    expect(await (await refresh(container.id)).json()).toEqual({
      message: "Started refresh for Shipping line",
    });
  });

  it("refuses a second refresh of the container within the interval, in real time, with Retry-After", async () => {
    const id = tracked.container.id;
    expect((await refresh(id)).status).toBe(200);
    real.advance(20_000);
    // The service clock (a demo's, sped up) moves days: the limit does not care.
    h.clock.advance(DAY);
    const second = await refresh(id);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe(String(REFRESH_INTERVAL_SECONDS - 20));
    const body = (await second.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ status: "429", code: "refresh_limited" });
    expect(body.errors[0]!.detail).toMatch(/^You've hit the refresh limit\. Please try again in 40 seconds/);
    expect(ajv.validate(hostedRefresh["429"], body), ajv.errorsText()).toBe(true);

    real.advance((REFRESH_INTERVAL_SECONDS - 20) * 1000);
    expect((await refresh(id)).status).toBe(200);
  });

  it("gives one refresh of many asked at once, across two app instances on one database", async () => {
    const { container } = await trackedButNotDue(h, accountId, NUMBERS[2]);
    // On PostgreSQL the second instance has its own connections (another process); PGlite has one connection.
    const other = h.databaseUrl ? await openDatabase({ url: h.databaseUrl }) : undefined;
    const { app: app2 } = await h.anotherService({}, { database: other, realClock: real });
    try {
      const viaSecond = () =>
        app2.request(`http://localhost/v2/containers/${container.id}/refresh`, {
          method: "PATCH",
          headers: { authorization: `Token ${key}` },
        });
      const answers = await Promise.all([
        refresh(container.id),
        viaSecond(),
        refresh(container.id),
        viaSecond(),
        refresh(container.id),
        viaSecond(),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 429, 429, 429, 429, 429]);
    } finally {
      await other?.close();
    }
  });

  it("says tracking is stopped (resume first) with a 422, and refreshes again once resumed", async () => {
    const { shipmentId, container } = await trackedButNotDue(h, accountId, NUMBERS[3]);
    const id = container.id;
    expect(
      (await h.request(key, `/v2/shipments/${shipmentId}/stop_tracking`, { method: "PATCH" })).status,
    ).toBe(200);
    const stopped = await refresh(id);
    expect(stopped.status).toBe(422);
    const body = (await stopped.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: "tracking_stopped" });
    expect(body.errors[0]!.detail).toMatch(/stopped.*resume tracking first/);
    // A refused ask does not count against the limit.
    expect((await containerRow(h.db, id)).refreshRequestedAt).toBeNull();
    expect(
      (await h.request(key, `/v2/shipments/${shipmentId}/resume_tracking`, { method: "PATCH" })).status,
    ).toBe(200);
    expect((await refresh(id)).status).toBe(200);
  });

  it("says a shipment entered without a tracking request has nothing to refresh from (422)", async () => {
    const record = await insertShipment(h.db, accountId);
    const response = await refresh(record.containers[0]!.id);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).errors[0]).toMatchObject({ code: "not_tracked" });
  });

  it("does not find another account's container, nor an id that is no container (404)", async () => {
    const stranger = await h.newAccount();
    const theirs = await refresh(tracked.container.id, stranger.apiKey);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()) as ErrorBody).toMatchObject({ errors: [{ code: "not_found" }] });
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"])
      expect((await refresh(id)).status).toBe(404);
    expect(
      (await h.request(null, `/v2/containers/${tracked.container.id}/refresh`, { method: "PATCH" })).status,
    ).toBe(401);
  });

  it("is in the OpenAPI document with its 429's Retry-After", async () => {
    const document = (await (await h.request(null, "/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const operation = document.paths["/v2/containers/{id}/refresh"]?.patch;
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "404", "422", "429"]),
    );
    expect(operation?.responses["429"]?.headers).toHaveProperty("Retry-After");
  });
});
