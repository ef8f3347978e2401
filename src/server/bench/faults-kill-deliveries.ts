// Fault scenario b: kill -9 during webhook deliveries, on PostgreSQL and on the embedded PGlite. Container events
// are recorded for an account with two webhooks whose receiver answers at once (as the tracking engine records
// them: a transport event and its outbox row, which the worker fans out); the service is killed with SIGKILL
// several times mid-delivery and started again. Then the notifications the API lists are compared with what the
// receiver got: lost (listed but never received) and duplicated (received more than once, by `webhook-id`).
// Deliveries cut by a kill are sent again once their lease (60 s) runs out, so the scenario waits that long.
//
// How events arrive differs by database. On PostgreSQL the suite records them at a steady rate through its own
// connection, while the service runs and while it is down. A PGlite data directory admits one process, so there
// the suite records a burst of them while the service is down, before each start: the started service then fans
// them out and delivers them, and is killed in the middle of it.

import type { Database } from "../db/connection";
import {
  call,
  createSuiteAccount,
  createSuiteWebhook,
  createThrowawayDatabase,
  createThrowawayDataDir,
  type Figure,
  listAll,
  ok,
  recordEvents,
  type ScenarioContext,
  ServiceUnderTest,
  type SuiteAccount,
  sleep,
  startSuiteReceiver,
} from "./fault-kit";
import { tallyNotifications } from "./fault-tally";

export type DeliveryDatabase = "postgres" | "pglite";

const EVENTS_PER_BATCH = 10;
const BATCH_EVERY_MS = 200;
/** PGlite: events recorded before each start, so that a run delivers about as many as the steady feed's. */
const EVENTS_PER_BURST = 500;
/** Longer than a delivery's lease (60 s), after which a cut delivery is sent again. */
const SETTLE_MS = 150_000;

/** Where the scenario's events are recorded, and how the service is pointed at that database. */
interface Store {
  env: NodeJS.ProcessEnv;
  /** Runs `work` with the suite's own handle on the database (PGlite: only while the service is stopped). */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  remove(): Promise<void>;
}

async function openStore(ctx: ScenarioContext, kind: DeliveryDatabase): Promise<Store> {
  if (kind === "postgres") {
    const throwaway = await createThrowawayDatabase(ctx.adminUrl);
    return {
      env: { DATABASE_URL: throwaway.url },
      use: (work) => work(throwaway.database),
      remove: () => throwaway.drop(),
    };
  }
  const dataDir = await createThrowawayDataDir();
  return {
    // An empty DATABASE_URL is none: the service opens the data directory even when the suite's shell has one.
    env: { DATA_DIR: dataDir.dir, DATABASE_URL: "" },
    async use(work) {
      const database = await dataDir.open();
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    remove: () => dataDir.remove(),
  };
}

export async function killDuringDeliveries(ctx: ScenarioContext, kind: DeliveryDatabase): Promise<Figure[]> {
  const scenario = `b (${kind})`;
  const store = await openStore(ctx, kind);
  const receiver = await startSuiteReceiver();
  const service = new ServiceUnderTest(store.env, ctx.log);
  try {
    const account: SuiteAccount = await store.use(async (database) => {
      const created = await createSuiteAccount(database, `Faults ${scenario}`, 25);
      for (const path of ["/b1", "/b2"])
        await createSuiteWebhook(database, created.id, `${receiver.url}${path}`);
      return created;
    });

    let recorded = 0;
    const burst = async () => {
      if (kind !== "pglite") return;
      await store.use((database) => recordEvents(database, account, EVENTS_PER_BURST));
      recorded += EVENTS_PER_BURST;
    };
    let generating = kind === "postgres";
    const generator = (async () => {
      while (generating) {
        await store.use((database) => recordEvents(database, account, EVENTS_PER_BATCH));
        recorded += EVENTS_PER_BATCH;
        await sleep(BATCH_EVERY_MS);
      }
    })();

    await burst();
    await service.start();
    for (let k = 0; k < ctx.kills; k++) {
      // Killed while deliveries are under way: only once the receiver has had some since the last start.
      const before = receiver.arrivals.size;
      const since = Date.now();
      while (receiver.arrivals.size < before + 20 && Date.now() - since < 10_000) await sleep(20);
      await sleep(Math.random() * 1_000);
      ctx.log(
        `  ${scenario}: kill -9 (${k + 1}/${ctx.kills}) after ${receiver.arrivals.size} notifications received`,
      );
      await service.kill("SIGKILL");
      await sleep(500 + Math.random() * 1_500);
      await burst();
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
      {
        scenario,
        name: "kill -9 during deliveries",
        value: `${ctx.kills} kills${kind === "pglite" ? `, ${EVENTS_PER_BURST} events recorded before each start` : ""}`,
      },
      {
        scenario,
        name: "events recorded × webhooks / notifications listed",
        value: `${expected} / ${t.listed}`,
        goal: "equal",
        met: expected === t.listed,
      },
      {
        scenario,
        name: "listed: delivered / pending / failed",
        value: `${t.delivered} / ${t.pending} / ${t.failed}`,
      },
      { scenario, name: "received (distinct notifications)", value: String(t.received) },
      {
        scenario,
        name: "lost (listed, never received; of them listed delivered)",
        value: `${t.lost} (${t.lostDelivered})`,
        goal: "0",
        met: t.lost === 0,
      },
      {
        scenario,
        name: "duplicated (notifications received twice or more; extra receipts)",
        value: `${t.duplicated}; ${t.duplicates} (${duplicateShare.toFixed(2)}%)`,
        goal: "<= 0.1%",
        met: duplicateShare <= 0.1,
      },
      {
        scenario,
        name: "received but not listed",
        value: String(t.unlisted),
        goal: "0",
        met: t.unlisted === 0,
      },
    ];
  } finally {
    await service.kill("SIGKILL");
    await receiver.close();
    await store.remove();
  }
}
