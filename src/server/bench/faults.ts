// The fault suite, not part of `npm test`: `npm run faults [-- options]`. Each scenario runs the service as
// `npm start` does (its bundle, in processes of its own) on a throwaway database it creates on the PostgreSQL
// server and drops afterwards (scenario b also on a throwaway PGlite data directory), and measures what a fault
// does:
// - a: kill -9 during writes: acknowledged writes vs found (lost), and cut writes that committed anyway;
// - b: kill -9 during webhook deliveries: notifications listed by the API vs received (lost, duplicated), on each
//   database of --databases;
// - c: PostgreSQL unreachable for 20 s (a TCP proxy between the service and the server stops or freezes):
//   answers during the outage by status, the slowest one, log lines, recovery time after it returns;
// - d: a hanging receiver: a healthy webhook of another account, its throughput and latency vs alone;
// - e: SIGTERM under load: in-flight requests completed vs cut, and cut writes that committed anyway.
// It prints a table of the figures with the goals. The service processes, the proxy, the receiver and
// the databases are cleaned up however the suite ends (Ctrl-C included).
//
// Flags: --help, --scenarios a,b,c,d,e, --pg-url <server url> (default DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres; a server where the suite may create databases), --kills 4,
// --databases postgres,pglite (where b runs), --outage stop|freeze|stop,freeze (what c plays: a server down, one
// that stops answering, or both in turn), --outage-seconds 20.
import { parseArgs } from "node:util";
import { cleanUpAll, type Figure, type ScenarioContext, trapSignals } from "./fault-kit";
import { hangingReceiver } from "./faults-hanging-receiver";
import { type DeliveryDatabase, killDuringDeliveries } from "./faults-kill-deliveries";
import { killDuringWrites } from "./faults-kill-writes";
import { databaseOutage, type OutageKind } from "./faults-outage";
import { sigtermUnderLoad } from "./faults-sigterm";
import { printOpeningComment } from "./opening-comment";
import { buildService } from "./service-process";

function formatTable(figures: Figure[]): string {
  const header = ["", "figure", "value", "goal"];
  const rows = figures.map((f) => [
    f.scenario,
    f.name,
    f.value,
    f.goal === undefined ? "" : `${f.goal} ${f.met ? "(met)" : "(NOT MET)"}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      help: { type: "boolean", short: "h" },
      scenarios: { type: "string", default: "a,b,c,d,e" },
      "pg-url": {
        type: "string",
        default: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
      },
      kills: { type: "string", default: "4" },
      databases: { type: "string", default: "postgres,pglite" },
      outage: { type: "string", default: "stop" },
      "outage-seconds": { type: "string", default: "20" },
    },
  });
  if (values.help) {
    printOpeningComment(import.meta.url);
    return 0;
  }
  const scenarios = values.scenarios.split(",").map((s) => s.trim());
  const unknown = scenarios.filter((s) => !"abcde".includes(s) || s.length !== 1);
  if (unknown.length) throw new Error(`unknown scenario(s) ${unknown.join(", ")}: choose from a,b,c,d,e`);
  const databases = values.databases.split(",").map((d) => d.trim()) as DeliveryDatabase[];
  if (databases.some((d) => d !== "postgres" && d !== "pglite"))
    throw new Error(`--databases takes postgres, pglite or both (got '${values.databases}')`);
  const outages = values.outage.split(",") as OutageKind[];
  if (outages.some((o) => o !== "stop" && o !== "freeze"))
    throw new Error(`--outage takes stop, freeze or both (got '${values.outage}')`);
  const ctx: ScenarioContext = {
    adminUrl: values["pg-url"],
    log: (line) => console.error(line),
    kills: Number(values.kills),
    outageSeconds: Number(values["outage-seconds"]),
  };
  trapSignals();
  ctx.log("Building the service bundle…");
  buildService();
  const figures: Figure[] = [];
  const runs: Record<string, () => Promise<Figure[]>> = {
    a: () => killDuringWrites(ctx),
    // On each database in turn, each with a service of its own: "b (postgres)", "b (pglite)".
    b: async () => {
      const all: Figure[] = [];
      for (const d of databases) all.push(...(await killDuringDeliveries(ctx, d)));
      return all;
    },
    // The outages one after the other, each with a database and a service of its own.
    c: async () => {
      const all: Figure[] = [];
      for (const o of outages) all.push(...(await databaseOutage(ctx, o)));
      return all;
    },
    d: () => hangingReceiver(ctx),
    e: () => sigtermUnderLoad(ctx),
  };
  try {
    for (const scenario of scenarios) {
      ctx.log(`Scenario ${scenario}…`);
      try {
        figures.push(...(await runs[scenario]!()));
      } catch (error) {
        // One scenario's failure is a figure too; the others still run.
        figures.push({ scenario, name: "scenario failed", value: String((error as Error).stack ?? error) });
      }
      // Scenario b names each database, c each outage kind: "b (pglite)", "c (stop)", "c (freeze)".
      ctx.log(formatTable(figures.filter((f) => f.scenario.split(" ")[0] === scenario)));
    }
  } finally {
    await cleanUpAll();
  }
  console.log(`\n${formatTable(figures)}`);
  return 0;
}

process.exit(await main());
