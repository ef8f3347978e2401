// Fault scenario c: PostgreSQL unreachable for 20 s. The service reaches the server through the suite's TCP proxy
// (fault-proxy.ts), which plays the outage: `stop` (the server went down: connections closed, new ones refused)
// or `freeze` (it stopped answering). Clients read and write at a steady rate before, during and after it;
// the figures are the answers during the outage by status (the goal: 503, never 500), the slowest of them, the
// lines the service logged meanwhile, and the time from the database's return to the first acknowledged write.
import {
  call,
  createSuiteAccount,
  createThrowawayDatabase,
  type Figure,
  type Outcome,
  ok,
  onCleanup,
  type ScenarioContext,
  ServiceUnderTest,
  sleep,
} from "./fault-kit";
import { startFaultProxy } from "./fault-proxy";
import { countOutcomes, formatCounts } from "./fault-tally";

export type OutageKind = "stop" | "freeze";

/** Each kind of request (two reads, two writes) is sent this often. */
const INTERVAL_MS = 100;
/** How long the clients go on after the database is back, at most, waiting for the service to recover. */
const RECOVERY_WINDOW_MS = 60_000;

export async function databaseOutage(ctx: ScenarioContext, kind: OutageKind): Promise<Figure[]> {
  const scenario = `c (${kind})`;
  const throwaway = await createThrowawayDatabase(ctx.adminUrl);
  const server = new URL(throwaway.url);
  const proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const closeProxy = onCleanup(() => proxy.close());
  const viaProxy = new URL(throwaway.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const service = new ServiceUnderTest({ DATABASE_URL: viaProxy.toString() }, ctx.log);
  try {
    const account = await createSuiteAccount(throwaway.database, "Faults c", 4);
    await service.start();
    const run = Date.now().toString(36).toUpperCase();
    const outcomes: (Outcome & { write: boolean })[] = [];
    // Open loops: a request every interval whatever became of the ones before, so that requests held by a frozen
    // database do not stop new ones from coming, as a service's many clients would not.
    const kinds: { write: boolean; send: (seq: number) => Promise<Outcome> }[] = [
      // Reads: a list and single shipments.
      { write: false, send: () => call(service.url, account.key, "GET", "/v2/shipments?include=") },
      {
        write: false,
        send: (seq) =>
          call(service.url, account.key, "GET", `/v2/shipments/${account.shipmentIds[seq % 4]}?include=`),
      },
      // Writes: edits and new tracking requests.
      {
        write: true,
        send: (seq) =>
          call(service.url, account.key, "PATCH", `/v2/shipments/${account.shipmentIds[seq % 4]}`, {
            data: { type: "shipment", attributes: { customer_name: `outage ${seq}` } },
          }),
      },
      {
        write: true,
        send: (seq) =>
          call(service.url, account.key, "POST", "/v2/tracking_requests", {
            data: {
              type: "tracking_request",
              attributes: {
                request_type: "bill_of_lading",
                request_number: `OUT${run}N${seq}`,
                scac: "MAEU",
              },
            },
          }),
      },
    ];
    const pending = new Set<Promise<void>>();
    let seq = 0;
    const timer = setInterval(() => {
      seq += 1;
      for (const kind of kinds) {
        const sent: Promise<void> = kind.send(seq).then((o) => {
          outcomes.push({ ...o, write: kind.write });
          pending.delete(sent);
        });
        pending.add(sent);
      }
    }, INTERVAL_MS);
    const clients = [
      {
        async stop() {
          clearInterval(timer);
          await Promise.all([...pending]);
        },
      },
    ];
    await sleep(5_000);
    const logLinesBefore = service.output.join("").split("\n").length;
    ctx.log(`  ${scenario}: database ${kind === "stop" ? "stopped" : "frozen"} for ${ctx.outageSeconds} s`);
    const outageStart = performance.now();
    if (kind === "stop") proxy.stop();
    else proxy.freeze();
    await sleep(ctx.outageSeconds * 1000);
    proxy.restore();
    const outageEnd = performance.now();
    const outageLines = service.output
      .join("")
      .split("\n")
      .slice(logLinesBefore - 1, -1);
    const logLines = outageLines.length;
    // What they said, by message (a JSON line's "message"; any other line as it is, cut).
    const said = new Map<string, number>();
    for (const line of outageLines) {
      let message = line.slice(0, 60);
      try {
        message = String((JSON.parse(line) as { message?: unknown }).message ?? message);
      } catch {}
      said.set(message, (said.get(message) ?? 0) + 1);
    }
    ctx.log(`  ${scenario}: database back`);
    // Recovered once a write sent after the database's return is acknowledged.
    const recovered = () => outcomes.find((o) => o.write && ok(o) && o.startedAt >= outageEnd);
    while (!recovered() && performance.now() - outageEnd < RECOVERY_WINDOW_MS && service.current?.running())
      await sleep(50);
    await sleep(2_000);
    await Promise.all(clients.map((c) => c.stop()));

    const during = outcomes.filter((o) => o.startedAt >= outageStart && o.startedAt < outageEnd);
    const after = outcomes.filter((o) => o.startedAt >= outageEnd);
    const byStatus = countOutcomes(during);
    const fiveHundreds = during.filter((o) => o.status === 500).length;
    const notAnswered = during.filter((o) => o.status === undefined).length;
    const slowest = Math.max(0, ...during.map((o) => o.endedAt - o.startedAt));
    const firstAck = recovered();
    const alive = service.current?.running() ?? false;
    return [
      {
        scenario,
        name: `answers to requests sent during the ${ctx.outageSeconds} s outage, by status`,
        value: `${during.length}: ${formatCounts(byStatus)}`,
      },
      {
        scenario,
        name: "500 answers during the outage (503 instead)",
        value: String(fiveHundreds),
        goal: "0",
        met: fiveHundreds === 0,
      },
      {
        scenario,
        name: "requests without an answer during the outage",
        value: String(notAnswered),
        goal: "0",
        met: notAnswered === 0,
      },
      {
        scenario,
        name: "slowest answer during the outage",
        value: `${(slowest / 1000).toFixed(1)} s`,
        goal: "a few s",
        met: slowest <= 5_000,
      },
      {
        scenario,
        name: "lines the service logged during the outage",
        value: `${logLines}${said.size ? `: ${[...said].map(([m, n]) => `${n} × "${m}"`).join(", ")}` : ""}`,
      },
      {
        scenario,
        name: "recovery: database back -> first acknowledged write sent after",
        value: firstAck
          ? `${((firstAck.endedAt - outageEnd) / 1000).toFixed(2)} s`
          : `none within ${RECOVERY_WINDOW_MS / 1000} s${alive ? "" : " (the service exited)"}`,
      },
      {
        scenario,
        name: "answers after the database returned, by status",
        value: `${after.length}: ${formatCounts(countOutcomes(after))}`,
      },
      {
        scenario,
        name: "service process still running",
        value: alive ? "yes" : "no",
        goal: "yes",
        met: alive,
      },
    ];
  } finally {
    await service.kill("SIGKILL");
    await closeProxy();
    await throwaway.drop();
  }
}
