// Service test of PATCH /v2/shipments/{id}/resume_tracking with the real tracking engine: a resumed shipment is
// due now, and the resume wakes this process's worker (as a container's refresh does), which takes it up at once
// instead of at the end of its pause and writes what the carrier says that is new.
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { transportEvents } from "../db/schema";
import { createLogger } from "../logger";
import { billsOfLadingWithNewsBetween, sandbox, trackSandboxShipment } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { TrackingEngine } from "../tracking/engine";
import { startTrackingWorker, type Worker } from "../tracking/worker";

const DAY = 86_400_000;
const HOUR = 3_600_000;

let h: Harness;
let worker: Worker | undefined;

beforeEach(async () => {
  h = await createHarness({ onShipmentRefreshRequested: () => worker?.refreshNow() });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await h.close();
});

async function eventsOf(containerId: string): Promise<number> {
  const [row] = await h.db
    .select({ n: count() })
    .from(transportEvents)
    .where(eq(transportEvents.containerId, containerId));
  return row?.n ?? 0;
}

/** The worker's passes over shipments, in order, each as how many it looked at; awaited one by one. */
function shipmentPasses() {
  const passes: number[] = [];
  const waiting: ((done: number) => void)[] = [];
  return {
    told(done: number) {
      const next = waiting.shift();
      if (next) next(done);
      else passes.push(done);
    },
    next: () =>
      new Promise<number>((resolve) => {
        const done = passes.shift();
        if (done !== undefined) resolve(done);
        else waiting.push(resolve);
      }),
  };
}

it("wakes this process's worker, which takes the resumed shipment up at once instead of after its pause", async () => {
  const { account, apiKey } = await h.newAccount();
  const number = billsOfLadingWithNewsBetween(5, 12, 1)[0]!;
  const tracked = await trackSandboxShipment(h, account.id, "MAEU", number, 5 * DAY);
  const container = tracked.containers[0]!;
  const patch = (action: string) =>
    h.request(apiKey, `/v2/shipments/${tracked.shipmentId}/${action}`, { method: "PATCH" });
  expect((await patch("stop_tracking")).status).toBe(200);
  // A week on, the carrier has news that a stopped shipment is not asked for.
  h.clock.advance(7 * DAY);
  const eventsBefore = await eventsOf(container.id);

  const passes = shipmentPasses();
  // An interval no test outlives: a pass after the first was woken.
  worker = startTrackingWorker(
    new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [sandbox],
      positions: sandbox,
      logger: createLogger("silent"),
    }),
    {
      intervalMs: 10 * HOUR,
      logger: createLogger("silent"),
      onPass: ({ lane, done }) => {
        if (lane === "shipments") passes.told(done);
      },
    },
  );
  expect(await passes.next()).toBe(0);
  expect(await eventsOf(container.id)).toBe(eventsBefore);

  expect((await patch("resume_tracking")).status).toBe(200);
  expect(await passes.next()).toBe(1);
  expect(await eventsOf(container.id)).toBeGreaterThan(eventsBefore);
});
