// Measures DCSA push end to end, not part of `npm test`: `npx tsx src/server/bench/push-latency.ts [--rounds 10]`.
//
// The service as main.ts runs it, on an in-memory database: the app behind a real node:http server and the
// tracking worker started (its idle pause the default 5 s, so that only the push's wake-up can make it look at
// once). Each round a carrier (this script) POSTs a signed notification naming one tracked shipment whose carrier
// has news that polling would not fetch for weeks; the time is from the POST's start until the new transport
// event is visible through GET /v2/containers/{id}/transport_events. Prints each round and the median and worst.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { DAY } from "../../api/durations";
import { shipments } from "../db/schema";
import { createLogger } from "../logger";
import {
  departureNaming,
  insertActiveSubscription,
  insertCarrierConnection,
  signedNotification,
  testSecretsKey,
} from "../testing/dcsa-push-fixtures";
import { billsOfLadingWithNewsBetween, sandbox, trackSandboxShipment } from "../testing/sandbox-shipments";
import { createHarness } from "../testing/service-harness";
import { TrackingEngine } from "../tracking/engine";
import { startTrackingWorker, type Worker } from "../tracking/worker";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "10" } } });
const rounds = Number(values.rounds);

const key = testSecretsKey();
let worker: Worker | undefined;
const h = await createHarness({ secretsKey: key, onShipmentRefreshRequested: () => worker?.refreshNow() });
const { account, apiKey } = await h.newAccount("Push Bench");
const connection = await insertCarrierConnection(h.db, account.id);
/**
 * A shipment tracked 5 days ago whose carrier has news now that polling would not fetch for 30 days: only the push
 * can bring it sooner. The clock moves on 12 days per shipment (its request, then a week of news).
 */
async function trackedWithNews(number: string) {
  const shipment = await trackSandboxShipment(h, account.id, "MAEU", number, 5 * DAY);
  await h.db
    .update(shipments)
    .set({ nextRefreshAt: new Date(h.clock.now().getTime() + 30 * DAY) })
    .where(eq(shipments.id, shipment.shipmentId));
  const { subscription, secret } = await insertActiveSubscription(h.db, key, {
    accountId: account.id,
    connectionId: connection.id,
    reference: number,
  });
  h.clock.advance(7 * DAY);
  return { number, containers: shipment.containers, subscription, secret };
}

const engine = new TrackingEngine({
  db: h.db,
  reference: h.reference,
  clock: h.clock,
  leaseClock: h.clock,
  adapters: [sandbox],
  positions: sandbox,
  logger: createLogger("warn"),
});
worker = startTrackingWorker(engine, { intervalMs: 5_000, logger: createLogger("warn") });
const server = createServer(getRequestListener(h.app.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The shipment's transport events as a client sees them: every container's, through the API. */
async function transportEventCount(containers: { id: string }[]): Promise<number> {
  let total = 0;
  for (const box of containers) {
    const response = await fetch(`${base}/v2/containers/${box.id}/transport_events`, {
      headers: { authorization: `Token ${apiKey}` },
    });
    total += ((await response.json()) as { data: unknown[] }).data.length;
  }
  return total;
}

const times: number[] = [];
for (const [i, number] of billsOfLadingWithNewsBetween(5, 12, rounds).entries()) {
  const t = await trackedWithNews(number);
  // The worker's passes over what this set-up made due are over: it is idle in its pause again.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await transportEventCount(t.containers);
  const notification = signedNotification(t.secret, [departureNaming(t.number)]);
  const start = performance.now();
  const response = await fetch(`${base}/dcsa/notifications/${t.subscription.id}`, notification);
  if (response.status !== 204) throw new Error(`the receiver answered ${response.status}`);
  for (;;) {
    if ((await transportEventCount(t.containers)) > before) break;
    if (performance.now() - start > 30_000) throw new Error("no new transport event within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const ms = performance.now() - start;
  times.push(ms);
  console.log(`round ${i + 1}: notification POST -> transport event visible in ${ms.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
console.log(
  `\n${times.length} rounds: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms (worker idle pause 5,000 ms)`,
);
await worker.stop();
server.close();
await h.close();
