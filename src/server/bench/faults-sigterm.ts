// Fault scenario e: SIGTERM under load. Clients edit shipments (each request a shipment of its own, with a value
// of its own) and create tracking requests as fast as the service answers; the service gets SIGTERM. The
// requests in flight at that moment either complete or are cut; a cut write that committed anyway is one a
// client retries blindly (a second tracking request). The goal: every in-flight request completes.
import {
  call,
  createSuiteAccount,
  createThrowawayDatabase,
  type Figure,
  listAll,
  type Outcome,
  ok,
  type ScenarioContext,
  ServiceUnderTest,
  sleep,
  steadyClients,
} from "./fault-kit";
import { countOutcomes, formatCounts } from "./fault-tally";

const SHIPMENTS = 600;
const CLIENTS = 24;
/** How long the service may take to stop before the suite kills it. */
const STOP_TIMEOUT_MS = 30_000;

interface Sent {
  kind: "patch" | "post";
  /** The shipment edited, or the request number created. */
  target: string;
  value: string;
  outcome: Outcome;
}

export async function sigtermUnderLoad(ctx: ScenarioContext): Promise<Figure[]> {
  const throwaway = await createThrowawayDatabase(ctx.adminUrl);
  const service = new ServiceUnderTest({ DATABASE_URL: throwaway.url }, ctx.log);
  try {
    const account = await createSuiteAccount(throwaway.database, "Faults e", SHIPMENTS);
    await service.start();
    const run = Date.now().toString(36).toUpperCase();
    const sent: Sent[] = [];
    let nextShipment = 0;
    let refused = false;
    const clients = steadyClients(CLIENTS, 0, async (client, seq) => {
      if (refused || nextShipment >= SHIPMENTS) return sleep(20);
      const write =
        client % 2 === 0
          ? {
              kind: "patch" as const,
              target: account.shipmentIds[nextShipment++]!,
              value: `sigterm ${client} ${seq}`,
            }
          : { kind: "post" as const, target: `SIG${run}${client}N${seq}`, value: "" };
      const outcome =
        write.kind === "patch"
          ? await call(service.url, account.key, "PATCH", `/v2/shipments/${write.target}`, {
              data: { type: "shipment", attributes: { customer_name: write.value } },
            })
          : await call(service.url, account.key, "POST", "/v2/tracking_requests", {
              data: {
                type: "tracking_request",
                attributes: { request_type: "bill_of_lading", request_number: write.target, scac: "MAEU" },
              },
            });
      sent.push({ ...write, outcome });
      if (outcome.error === "ECONNREFUSED") refused = true;
    });
    await sleep(3_000);
    ctx.log(`  e: SIGTERM with ${CLIENTS} clients sending`);
    const signalledAt = performance.now();
    const process_ = service.current!;
    const stopped = process_.kill("SIGTERM");
    const exitedInTime = await Promise.race([
      stopped.then(() => true),
      sleep(STOP_TIMEOUT_MS).then(() => false),
    ]);
    const stopMs = performance.now() - signalledAt;
    if (!exitedInTime) await service.kill("SIGKILL");
    refused = true;
    await clients.stop();

    // In flight: sent before the signal, ended after it.
    const inFlight = sent.filter(
      (s) => s.outcome.startedAt < signalledAt && s.outcome.endedAt >= signalledAt,
    );
    const completed = inFlight.filter((s) => ok(s.outcome));
    const cut = inFlight.filter((s) => s.outcome.status === undefined);
    await service.start();
    const numbers = new Set(
      (await listAll(service.url, account.key, "/v2/tracking_requests?include=")).map((r) =>
        String(r.attributes.request_number),
      ),
    );
    let committed = 0;
    let completedMissing = 0;
    for (const s of [...cut, ...completed]) {
      let stored: boolean;
      if (s.kind === "post") stored = numbers.has(s.target);
      else {
        const o = await call(service.url, account.key, "GET", `/v2/shipments/${s.target}?include=`);
        const name = (o.body as { data?: { attributes?: { customer_name?: string } } })?.data?.attributes
          ?.customer_name;
        stored = name === s.value;
      }
      if (ok(s.outcome) && !stored) completedMissing += 1;
      if (!ok(s.outcome) && stored) committed += 1;
    }
    const afterSignal = sent.filter((s) => s.outcome.startedAt >= signalledAt);
    return [
      {
        scenario: "e",
        name: "requests in flight at SIGTERM: completed / cut / other answers",
        value: `${inFlight.length}: ${completed.length} / ${cut.length} / ${inFlight.length - completed.length - cut.length} (${formatCounts(countOutcomes(inFlight.map((s) => s.outcome)))})`,
        goal: "all completed",
        met: inFlight.length > 0 && completed.length === inFlight.length,
      },
      {
        scenario: "e",
        name: "cut requests whose writes committed anyway",
        value: `${committed} of ${cut.length}`,
        goal: "0",
        met: committed === 0,
      },
      {
        scenario: "e",
        name: "completed requests whose writes are missing",
        value: String(completedMissing),
        goal: "0",
        met: completedMissing === 0,
      },
      {
        scenario: "e",
        name: "requests sent after SIGTERM, by answer",
        value: `${afterSignal.length}: ${formatCounts(countOutcomes(afterSignal.map((s) => s.outcome)))}`,
      },
      {
        scenario: "e",
        name: "SIGTERM -> process exited",
        value: exitedInTime
          ? `${(stopMs / 1000).toFixed(2)} s`
          : `not within ${STOP_TIMEOUT_MS / 1000} s (killed)`,
      },
    ];
  } finally {
    await service.kill("SIGKILL");
    await throwaway.drop();
  }
}
