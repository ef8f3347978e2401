// Fault scenario b: kill -9 during webhook deliveries. Container events are recorded at a steady rate (as the
// tracking engine records them, through the suite's own connection, so that they keep coming while the service
// is down) for an account with two webhooks whose receiver answers at once; the service is killed with SIGKILL
// several times mid-delivery and started again. Then the notifications the API lists are compared with what the
// receiver got: lost (listed but never received) and duplicated (received more than once, by `webhook-id`).
// Deliveries cut by a kill are sent again once their lease (60 s) runs out, so the scenario waits that long.
import {
  call,
  createSuiteAccount,
  createSuiteWebhook,
  createThrowawayDatabase,
  type Figure,
  listAll,
  ok,
  recordEvents,
  type ScenarioContext,
  ServiceUnderTest,
  sleep,
  startSuiteReceiver,
} from "./fault-kit";
import { tallyNotifications } from "./fault-tally";

const EVENTS_PER_BATCH = 10;
const BATCH_EVERY_MS = 200;
/** Longer than a delivery's lease (60 s), after which a cut delivery is sent again. */
const SETTLE_MS = 150_000;

export async function killDuringDeliveries(ctx: ScenarioContext): Promise<Figure[]> {
  const throwaway = await createThrowawayDatabase(ctx.adminUrl);
  const receiver = await startSuiteReceiver();
  const service = new ServiceUnderTest({ DATABASE_URL: throwaway.url }, ctx.log);
  try {
    const account = await createSuiteAccount(throwaway.database, "Faults b", 25);
    for (const path of ["/b1", "/b2"])
      await createSuiteWebhook(throwaway.database, account.id, `${receiver.url}${path}`);
    await service.start();

    let recorded = 0;
    let generating = true;
    const generator = (async () => {
      while (generating) {
        await recordEvents(throwaway.database, account, EVENTS_PER_BATCH);
        recorded += EVENTS_PER_BATCH;
        await sleep(BATCH_EVERY_MS);
      }
    })();
    for (let k = 0; k < ctx.kills; k++) {
      // Killed while deliveries are under way: only once the receiver has had some since the last start.
      const before = receiver.arrivals.size;
      const since = Date.now();
      while (receiver.arrivals.size < before + 20 && Date.now() - since < 10_000) await sleep(20);
      await sleep(Math.random() * 1_000);
      ctx.log(`  b: kill -9 (${k + 1}/${ctx.kills}) after ${receiver.arrivals.size} notifications received`);
      await service.kill("SIGKILL");
      await sleep(500 + Math.random() * 1_500);
      await service.start();
    }
    await sleep(2_000);
    generating = false;
    await generator;
    const expected = recorded * 2;

    // Waits until every notification is listed and none is pending, or the lease of a cut delivery has run out
    // and it had its chance again.
    const settleStart = Date.now();
    for (;;) {
      const pending = await call(
        service.url,
        account.key,
        "GET",
        "/v2/webhook_notifications?filter[delivery_status]=pending&page[size]=1&include=",
      );
      const all = await call(
        service.url,
        account.key,
        "GET",
        "/v2/webhook_notifications?page[size]=1&include=",
      );
      const total = (d: unknown) => (d as { meta?: { total?: number } })?.meta?.total ?? -1;
      if (ok(pending) && ok(all) && total(pending.body) === 0 && total(all.body) >= expected) break;
      if (Date.now() - settleStart > SETTLE_MS) break;
      await sleep(1_000);
    }
    const listed = (await listAll(service.url, account.key, "/v2/webhook_notifications?include=")).map(
      (n) => ({
        id: n.id,
        status: String(n.attributes.delivery_status),
      }),
    );
    const receipts = new Map([...receiver.arrivals].map(([id, a]) => [id, a.at.length]));
    const t = tallyNotifications(listed, receipts);
    const duplicateShare = t.received ? (100 * t.duplicates) / t.received : 0;
    return [
      { scenario: "b", name: "kill -9 during deliveries", value: `${ctx.kills} kills` },
      {
        scenario: "b",
        name: "events recorded × webhooks / notifications listed",
        value: `${expected} / ${t.listed}`,
        goal: "equal",
        met: expected === t.listed,
      },
      {
        scenario: "b",
        name: "listed: delivered / pending / failed",
        value: `${t.delivered} / ${t.pending} / ${t.failed}`,
      },
      { scenario: "b", name: "received (distinct notifications)", value: String(t.received) },
      {
        scenario: "b",
        name: "lost (listed, never received; of them listed delivered)",
        value: `${t.lost} (${t.lostDelivered})`,
        goal: "0",
        met: t.lost === 0,
      },
      {
        scenario: "b",
        name: "duplicated (notifications received twice or more; extra receipts)",
        value: `${t.duplicated}; ${t.duplicates} (${duplicateShare.toFixed(2)}%)`,
        goal: "<= 1%",
        met: duplicateShare <= 1,
      },
      {
        scenario: "b",
        name: "received but not listed",
        value: String(t.unlisted),
        goal: "0",
        met: t.unlisted === 0,
      },
    ];
  } finally {
    await service.kill("SIGKILL");
    await receiver.close();
    await throwaway.drop();
  }
}
