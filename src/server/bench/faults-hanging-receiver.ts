// Fault scenario d: a hanging receiver. A healthy webhook's deliveries (one account) are measured alone, then
// again while another account's webhook has a receiver that never answers (its events recorded first, so that
// the hang is under way): deliveries per second (first to last) and latency (event recorded -> received), and
// the ratio of the two rates. Goal: the healthy webhook keeps at least 90% of its throughput.
import {
  createSuiteAccount,
  createSuiteWebhook,
  createThrowawayDatabase,
  type Figure,
  recordEvents,
  type ScenarioContext,
  ServiceUnderTest,
  type SuiteAccount,
  type SuiteReceiver,
  sleep,
  startSuiteReceiver,
} from "./fault-kit";
import { percentile } from "./fault-tally";

const EVENTS = 600;
const WINDOW_MS = 60_000;

interface Measured {
  received: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
}

/** Records the healthy account's events and measures their arrivals at `/healthy`. */
async function measureHealthy(
  ctx: ScenarioContext,
  receiver: SuiteReceiver,
  record: () => Promise<void>,
): Promise<Measured> {
  const seen = new Set([...receiver.arrivals].filter(([, a]) => a.path === "/healthy").map(([id]) => id));
  const recordedAt = performance.now();
  await record();
  const fresh = () => [...receiver.arrivals].filter(([id, a]) => a.path === "/healthy" && !seen.has(id));
  while (fresh().length < EVENTS && performance.now() - recordedAt < WINDOW_MS) await sleep(50);
  const times = fresh()
    .map(([, a]) => a.at[0]!)
    .sort((x, y) => x - y);
  const end = times.length >= EVENTS ? times.at(-1)! : recordedAt + WINDOW_MS;
  const rate = times.length > 1 ? ((times.length - 1) * 1000) / Math.max(1, end - times[0]!) : 0;
  const latencies = times.map((t) => t - recordedAt);
  ctx.log(`  d: ${times.length} of ${EVENTS} healthy deliveries, ${rate.toFixed(1)}/s`);
  return { received: times.length, rate, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

export async function hangingReceiver(ctx: ScenarioContext): Promise<Figure[]> {
  const throwaway = await createThrowawayDatabase(ctx.adminUrl);
  const receiver = await startSuiteReceiver();
  receiver.hang.add("/hang");
  const service = new ServiceUnderTest({ DATABASE_URL: throwaway.url }, ctx.log);
  try {
    const healthy: SuiteAccount = await createSuiteAccount(throwaway.database, "Faults d healthy", 40);
    const other: SuiteAccount = await createSuiteAccount(throwaway.database, "Faults d hanging", 40);
    await createSuiteWebhook(throwaway.database, healthy.id, `${receiver.url}/healthy`);
    await createSuiteWebhook(throwaway.database, other.id, `${receiver.url}/hang`);
    await service.start();
    await sleep(1_500);

    const alone = await measureHealthy(ctx, receiver, () =>
      recordEvents(throwaway.database, healthy, EVENTS),
    );
    // The hang under way: the other account's events recorded, and its receiver holding what it was sent.
    await recordEvents(throwaway.database, other, EVENTS);
    const since = Date.now();
    while (![...receiver.arrivals.values()].some((a) => a.path === "/hang") && Date.now() - since < 10_000)
      await sleep(20);
    const hanging = await measureHealthy(ctx, receiver, () =>
      recordEvents(throwaway.database, healthy, EVENTS),
    );
    const ratio = alone.rate > 0 ? hanging.rate / alone.rate : 0;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    return [
      {
        scenario: "d",
        name: `healthy webhook alone: ${EVENTS} deliveries, rate, latency p50/p99`,
        value: `${alone.received} received, ${alone.rate.toFixed(1)}/s, ${s(alone.p50Ms)} / ${s(alone.p99Ms)}`,
      },
      {
        scenario: "d",
        name: "same with another account's receiver hanging",
        value: `${hanging.received} received, ${hanging.rate.toFixed(1)}/s, ${s(hanging.p50Ms)} / ${s(hanging.p99Ms)}`,
      },
      {
        scenario: "d",
        name: "healthy throughput with a hanging receiver / alone",
        value: `${(100 * ratio).toFixed(0)}%`,
        goal: ">= 90%",
        met: ratio >= 0.9 && hanging.received >= EVENTS,
      },
    ];
  } finally {
    // The hanging connections first, so that nothing waits for them.
    await receiver.close();
    await service.kill("SIGKILL");
    await throwaway.drop();
  }
}
