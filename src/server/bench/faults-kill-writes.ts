// Fault scenario a: kill -9 during writes. Clients create tracking requests, edit shipments and create webhooks at
// a steady rate while the service is killed with SIGKILL several times and started again; at the end every write
// the service acknowledged (2xx) must be there. Writes that got no answer but committed anyway are counted too:
// a client that retries them makes a second one, unless it sends an Idempotency-Key: the tracking clients do, and
// retry a POST left without an answer (or answered 409 or 503) with the same key until it is answered, as a careful
// client would; no number may then be stored twice.
import {
  call,
  createSuiteAccount,
  createThrowawayDatabase,
  eachLimited,
  type Figure,
  listAll,
  type Outcome,
  ok,
  type ScenarioContext,
  ServiceUnderTest,
  sleep,
  startSuiteReceiver,
  steadyClients,
} from "./fault-kit";
import { lostSequentialWrites } from "./fault-tally";

const PAUSE_MS = 100;
const TRACKING_CLIENTS = 3;
const PATCH_CLIENTS = 4;
const WEBHOOK_CLIENTS = 2;
/**
 * A tracking client's retries of one POST with its Idempotency-Key, 200 ms apart, before it gives up: 90 s, past
 * the minute after which a key held by a killed process is let go (http/idempotency.ts KEY_LEASE_MS).
 */
const MAX_RETRIES = 450;

type Fate = "acknowledged" | "refused" | "cut" | "answered";

const fate = (o: Outcome): Fate =>
  ok(o)
    ? "acknowledged"
    : o.status !== undefined
      ? "answered"
      : o.error === "ECONNREFUSED"
        ? "refused"
        : "cut";

export async function killDuringWrites(ctx: ScenarioContext): Promise<Figure[]> {
  const throwaway = await createThrowawayDatabase(ctx.adminUrl);
  const receiver = await startSuiteReceiver();
  const service = new ServiceUnderTest({ DATABASE_URL: throwaway.url }, ctx.log);
  try {
    const account = await createSuiteAccount(throwaway.database, "Faults a", PATCH_CLIENTS);
    await service.start();
    const run = Date.now().toString(36).toUpperCase();

    // What became of each write: acknowledged, refused (no process listening), cut (no answer) or answered otherwise.
    const trackingSent = new Map<string, Fate>(); // by request number: the first attempt's fate
    const trackingFinal = new Map<string, Fate>(); // by request number: after the retries with its key
    let retries = 0;
    const patchAcks: number[][] = Array.from({ length: PATCH_CLIENTS }, () => []);
    const webhookSent = new Map<string, Fate>(); // by url
    const clients = [
      steadyClients(TRACKING_CLIENTS, PAUSE_MS, async (client, seq) => {
        const number = `FLT${run}${client}N${seq}`;
        const body = {
          data: {
            type: "tracking_request",
            attributes: { request_type: "bill_of_lading", request_number: number, scac: "MAEU" },
          },
        };
        const headers = { "Idempotency-Key": `faults-${number}` };
        let o = await call(service.url, account.key, "POST", "/v2/tracking_requests", body, 30_000, headers);
        trackingSent.set(number, fate(o));
        const unanswered = (x: Outcome) => x.status === undefined || x.status === 409 || x.status === 503;
        for (let attempt = 0; unanswered(o) && attempt < MAX_RETRIES; attempt++) {
          await sleep(200);
          retries += 1;
          o = await call(service.url, account.key, "POST", "/v2/tracking_requests", body, 30_000, headers);
        }
        trackingFinal.set(number, fate(o));
      }),
      steadyClients(PATCH_CLIENTS, PAUSE_MS, async (client, seq) => {
        const o = await call(
          service.url,
          account.key,
          "PATCH",
          `/v2/shipments/${account.shipmentIds[client]}`,
          {
            data: { type: "shipment", attributes: { customer_name: `faults ${seq}` } },
          },
        );
        if (ok(o)) patchAcks[client]!.push(seq);
      }),
      steadyClients(WEBHOOK_CLIENTS, PAUSE_MS, async (client, seq) => {
        const url = `${receiver.url}/a/${client}/${seq}`;
        const o = await call(service.url, account.key, "POST", "/v2/webhooks", {
          data: {
            type: "webhook",
            attributes: { url, events: ["container.transport.vessel_arrived"], active: true },
          },
        });
        webhookSent.set(url, fate(o));
      }),
    ];
    // Kills at varied moments of the load, each followed by a start as soon as the process is gone.
    for (let k = 0; k < ctx.kills; k++) {
      await sleep(1_500 + Math.random() * 3_000);
      ctx.log(`  a: kill -9 (${k + 1}/${ctx.kills})`);
      await service.kill("SIGKILL");
      await service.start();
    }
    await sleep(2_000);
    await Promise.all(clients.map((c) => c.stop()));

    // What is stored, read back through the API of the last process.
    const storedNumbers = (await listAll(service.url, account.key, "/v2/tracking_requests?include=")).map(
      (r) => String(r.attributes.request_number),
    );
    const stored = new Set(storedNumbers);
    const storedTwice = storedNumbers.length - stored.size;
    const unansweredAtLast = [...trackingFinal.values()].filter((f) => f !== "acknowledged").length;
    const webhooks = new Set(
      (await listAll(service.url, account.key, "/v2/webhooks")).map((w) => String(w.attributes.url)),
    );
    let patchLost = 0;
    await eachLimited([...account.shipmentIds.entries()], 4, async ([client, id]) => {
      const o = await call(service.url, account.key, "GET", `/v2/shipments/${id}?include=`);
      const name = (o.body as { data?: { attributes?: { customer_name?: string } } })?.data?.attributes
        ?.customer_name;
      const seq = name ? Number(name.replace("faults ", "")) : undefined;
      patchLost += lostSequentialWrites(patchAcks[client]!, seq);
    });
    const count = (sent: Map<string, Fate>, found: Set<string>) => {
      let acknowledged = 0;
      let lost = 0;
      let unanswered = 0;
      let committedUnanswered = 0;
      for (const [value, f] of sent) {
        if (f === "acknowledged") {
          acknowledged += 1;
          if (!found.has(value)) lost += 1;
        } else if (f === "cut") {
          unanswered += 1;
          if (found.has(value)) committedUnanswered += 1;
        }
      }
      return { acknowledged, lost, unanswered, committedUnanswered };
    };
    const tracking = count(trackingSent, stored);
    const hooks = count(webhookSent, webhooks);
    const patched = patchAcks.reduce((sum, list) => sum + list.length, 0);
    const lost = tracking.lost + hooks.lost + patchLost;
    return [
      { scenario: "a", name: "kill -9 during writes", value: `${ctx.kills} kills` },
      {
        scenario: "a",
        name: "acknowledged writes (POST tracking / PATCH shipment / POST webhook)",
        value: `${tracking.acknowledged + patched + hooks.acknowledged} (${tracking.acknowledged} / ${patched} / ${hooks.acknowledged})`,
      },
      {
        scenario: "a",
        name: "lost (acknowledged, missing)",
        value: `${lost} (${tracking.lost} / ${patchLost} / ${hooks.lost})`,
        goal: "0",
        met: lost === 0,
      },
      {
        scenario: "a",
        name: "POSTs cut without an answer that committed anyway (tracking / webhook)",
        value: `${tracking.committedUnanswered} of ${tracking.unanswered} / ${hooks.committedUnanswered} of ${hooks.unanswered}`,
      },
      {
        scenario: "a",
        name: "tracking numbers stored twice after retrying with the same Idempotency-Key",
        value: `${storedTwice} (${retries} retries; ${unansweredAtLast} POSTs still unanswered)`,
        goal: "0",
        met: storedTwice === 0,
      },
    ];
  } finally {
    await service.kill("SIGKILL");
    await receiver.close();
    await throwaway.drop();
  }
}
