// Scale seeder: `npm run seed -- --shipments 100000` builds one account with a forwarder's worth of shipments in the
// configured database (DATABASE_URL, else the embedded one in DATA_DIR), to measure the service at scale.
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { DataDirLockedError } from "../db/data-dir-lock";
import { seedScaleAccount } from "./seed/seed-account";

const USAGE = `Usage: npm run seed -- [options]
  --shipments <n>       shipments in the account (default 100000)
  --account <name>      the account's company name (default "Scale Co"); a second run rebuilds that account
  --sandbox <n>         of the tracked shipments, how many are real sandbox shipments the engine refreshes
                        (default 2000)
  --tracked-share <f>   share of shipments still tracked (default 0.1)
  --seed <text>         makes the data reproducible (default "scale")
  --replace             rebuild even when the account already holds this seeding`;

function number(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max} (got '${raw}')`);
  }
  return value;
}

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      shipments: { type: "string", default: "100000" },
      account: { type: "string", default: "Scale Co" },
      sandbox: { type: "string", default: "2000" },
      "tracked-share": { type: "string", default: "0.1" },
      seed: { type: "string", default: "scale" },
      replace: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const options = {
    shipments: Math.round(number("shipments", values.shipments, 1, 10_000_000)),
    sandbox: Math.round(number("sandbox", values.sandbox, 0, 1_000_000)),
    trackedShare: number("tracked-share", values["tracked-share"], 0, 1),
    account: values.account.trim(),
    seed: values.seed,
    replace: values.replace,
  };
  if (!options.account) throw new Error("--account must not be empty");

  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.dataDir}`;
  console.log(`Seeding "${options.account}" with ${options.shipments} shipments in ${where}.`);
  try {
    const result = await seedScaleAccount(database.db, {
      ...options,
      log: (line) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const c = result.counts;
    console.log(
      [
        "",
        `  Account:            ${result.accountId} (${options.account})${result.skipped ? "   (already seeded)" : ""}`,
        `  Shipments:          ${c.shipments} (${c.tracked} tracked, ${c.engineTracked} of them refreshed by the engine)`,
        `  Containers:         ${c.containers}`,
        `  Transport events:   ${c.transportEvents}`,
        `  Raw events:         ${c.rawEvents}`,
        `  Tracking requests:  ${Object.entries(c.trackingRequests)
          .map(([status, n]) => `${status} ${n}`)
          .join(", ")}`,
        `  Took:               ${seconds} s`,
        `  API key:            ${result.apiKey}`,
        "",
      ].join("\n"),
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else if (error instanceof Error && error.message.startsWith("--"))
    console.error(`${error.message}\n${USAGE}`);
  else throw error;
  process.exitCode = 1;
}
