// HTTP benchmark: `npm run bench:http` measures each /v2 endpoint of the service against a bare node:http server that
// sends the very same bytes, in interleaved rounds, and prints req/s, p50/p99 and the ratio (ours/bare).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { findAccountByName } from "../cli/seed/account-data";
import { seedScaleAccount } from "../cli/seed/seed-account";
import { loadConfig } from "../config";
import { issueKey } from "../db/accounts";
import { openDatabase } from "../db/connection";
import { DataDirLockedError } from "../db/data-dir-lock";
import { createPerson, setPassword } from "../people/operator";
import { captureResponse, startBareServer } from "./bare-server";
import { ApiClient, planEndpoints } from "./endpoints";
import { idleProbe } from "./idle";
import { type LoadShape, measure } from "./load";
import { type EndpointResult, formatTable } from "./report";
import { type ServiceProcess, startService } from "./service-process";

const USAGE = `Usage: npm run bench:http -- [options]
  --url <base>            a running service (e.g. http://127.0.0.1:4949); without it the benchmark starts one
                          on a free port against DATABASE_URL / DATA_DIR (--start does the same explicitly)
  --key <key>             the API key of the account to read (BENCH_API_KEY works too)
  --account <name>        instead of a key: issue one for this existing account (needs the database; before
                          the service starts when the database is the embedded one)
  --shipments <n>         with neither: seed (or reuse) the account "Bench Co" with n shipments (default 10000)
  --rounds <n>            rounds per endpoint, ours and bare interleaved (default 3)
  --duration <s>          seconds per run (default 5)
  --connections <n>       concurrent connections (default 10)
  --warmup <s>            seconds of unmeasured load on ours before each endpoint (default 1); an endpoint
                          that answers fewer requests than there are connections meanwhile is measured by
                          answers (one per connection a run) instead of by time
  --identity              ask for uncompressed answers (default: Accept-Encoding: gzip, as browsers)
  --only <text,…>         only the endpoints whose name contains one of the texts
  --json <file>           also write the raw figures to a file (after every endpoint)
  --auth <token|cookie|both>
                          authenticate by API key (default), by a signed-in person's session cookie, or both
                          side by side (key and cookie take turns going first each round, then bare); the cookie's
                          person ("bench@bench.example", admin of the account) is made when the benchmark seeds or
                          finds the account itself
  --person <email:password>
                          with --url and --key: the person to sign in as for the cookie runs`;

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number (got '${raw}')`);
  return value;
}

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: "string" },
      start: { type: "boolean", default: false },
      key: { type: "string", default: process.env.BENCH_API_KEY },
      account: { type: "string" },
      shipments: { type: "string", default: "10000" },
      rounds: { type: "string", default: "3" },
      duration: { type: "string", default: "5" },
      connections: { type: "string", default: "10" },
      warmup: { type: "string", default: "1" },
      identity: { type: "boolean", default: false },
      only: { type: "string" },
      json: { type: "string" },
      auth: { type: "string", default: "token" },
      person: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const rounds = Math.round(positive("rounds", values.rounds));
  const durationSeconds = positive("duration", values.duration);
  const connections = Math.round(positive("connections", values.connections));
  const warmupSeconds = positive("warmup", values.warmup);
  const auth = values.auth;
  if (auth !== "token" && auth !== "cookie" && auth !== "both")
    throw new Error("--auth must be token, cookie or both");
  const log = (line: string) => console.log(line);
  const config = loadConfig();
  const found = values.key
    ? { key: values.key, person: personOption(values.person) }
    : await keyFromDatabase(config, values.account, Number(values.shipments), log, auth !== "token");
  const key = found.key;
  if (auth !== "token" && !found.person)
    throw new Error("--auth cookie needs a person: give --person email:password");

  let service: ServiceProcess | undefined;
  if (values.start || !values.url) {
    log(
      `Starting the service against ${config.databaseUrl ? "DATABASE_URL" : `the embedded database in ${config.dataDir}`}…`,
    );
    service = await startService({ env: process.env, startTimeoutMs: 30 * 60_000, log });
  }
  const baseUrl = (service?.url ?? values.url)!.replace(/\/$/, "");
  const api = new ApiClient(baseUrl, key);
  const cookie = auth !== "token" ? await signInForCookie(baseUrl, found.person!) : undefined;
  const bare = await startBareServer();
  const idle = await idleProbe({ pid: service?.pid, databaseUrl: config.databaseUrl, maxMs: 5 * 60_000 });
  const results: EndpointResult[] = [];
  let plan: Awaited<ReturnType<typeof planEndpoints>> | undefined;
  const how = values.identity ? "uncompressed" : "Accept-Encoding: gzip";
  const maxRss = () => Math.max(0, ...results.map((r) => r.maxRssKb ?? 0));
  // Written after every endpoint too, so that a long run stopped half way still leaves its figures.
  const writeFigures = () => {
    if (!values.json) return;
    const figures = {
      at: new Date().toISOString(),
      baseUrl,
      startedService: service !== undefined,
      options: { rounds, durationSeconds, connections, warmupSeconds, encoding: how },
      account: { shipments: plan?.shipmentsTotal, containers: plan?.containersTotal },
      maxRssKb: service ? maxRss() : undefined,
      results,
    };
    writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  };
  try {
    plan = await planEndpoints(api);
    log(`Account: ${plan.shipmentsTotal} shipments, ${plan.containersTotal} containers.`);
    const encoding = values.identity ? "identity" : "gzip";
    const tokenHeaders = { ...api.headers, "accept-encoding": encoding };
    // A browser's request: the cookie, and our own Origin on a write (which needs it; a browser sends none with a
    // same-origin GET).
    const cookieHeadersFor = (method: string) =>
      cookie
        ? { cookie, "accept-encoding": encoding, ...(method === "GET" ? {} : { origin: baseUrl }) }
        : undefined;
    const only = values.only?.split(",").map((part) => part.trim());
    const endpoints = plan.endpoints.filter((e) => !only || only.some((part) => e.name.includes(part)));
    for (const endpoint of endpoints) {
      const url = `${baseUrl}${endpoint.path}`;
      const cookieHeaders = cookieHeadersFor(endpoint.method);
      const headers = auth === "cookie" ? cookieHeaders! : tokenHeaders;
      const captured = endpoint.compare
        ? await captureResponse(url, { method: endpoint.method, headers })
        : undefined;
      if (captured) bare.answer(captured);
      const target = { url, method: endpoint.method, headers, nextPath: endpoint.nextPath };
      const warmup = await measure(target, { connections, durationSeconds: warmupSeconds });
      await idle.wait();
      // An endpoint that could not answer each connection once during the warm-up is measured by answers, not time.
      const slow = warmup.requests < connections;
      const load: LoadShape = slow ? { connections, amount: connections } : { connections, durationSeconds };
      service?.resetMaxRss();
      const result: EndpointResult = {
        name: endpoint.name,
        method: endpoint.method,
        path: endpoint.path,
        status: captured?.status ?? 200,
        bytes: captured?.body.length ?? 0,
        encoding: captured?.headers["content-encoding"] ?? null,
        measuredBy: slow ? `${connections} answers` : `${durationSeconds} s`,
        ours: [],
        bare: [],
        drainedMs: [],
        ...(auth === "both" ? { cookie: [] } : {}),
      };
      for (let round = 0; round < rounds; round++) {
        // With both, the two take turns going first, so that what one run leaves behind (garbage to collect, a
        // warm cache) weighs on each alike.
        const cookieFirst = auth === "both" && round % 2 === 1;
        const byCookie = async () => {
          result.cookie!.push(await measure({ ...target, headers: cookieHeaders! }, load));
          await idle.wait();
        };
        if (cookieFirst) await byCookie();
        result.ours.push(await measure(target, load));
        result.drainedMs.push(await idle.wait());
        if (auth === "both" && !cookieFirst) await byCookie();
        // The bare server is never slow: always a timed run.
        const bareTarget = { ...target, url: `${bare.url}${endpoint.path}` };
        if (captured) result.bare.push(await measure(bareTarget, { connections, durationSeconds }));
      }
      if (service) result.maxRssKb = service.maxRssKb();
      results.push(result);
      writeFigures();
      const last = result.ours.at(-1)!;
      log(
        `  ${endpoint.name}: ${last.requestsPerSecond.toFixed(0)} req/s, p99 ${last.p99Ms} ms` +
          (captured && captured.status !== 200 ? `  (answered ${captured.status})` : ""),
      );
    }
  } finally {
    try {
      await idle.wait();
      await plan?.restore();
    } catch (error) {
      console.error(`Could not resume tracking of the shipments stop/resume worked on: ${error}`);
    } finally {
      await idle.close();
      await bare.close();
      await service?.stop();
    }
  }

  console.log(
    `\n${connections} connections, ${rounds} rounds of ${durationSeconds} s, ours and bare interleaved, medians; ${how}.`,
  );
  console.log(formatTable(results, durationSeconds));
  if (service) console.log(`\nService RSS: at most ${(maxRss() / 1024).toFixed(0)} MB while measured.`);
  writeFigures();
  if (values.json) console.log(`Raw figures written to ${values.json}.`);
  return 0;
}

function personOption(raw: string | undefined): { email: string; password: string } | undefined {
  if (!raw) return undefined;
  const at = raw.indexOf(":");
  if (at < 1) throw new Error("--person must be email:password");
  return { email: raw.slice(0, at), password: raw.slice(at + 1) };
}

/** Signs the benchmark's person in, as the dashboard does, and returns the session cookie (`name=value`). */
async function signInForCookie(
  baseUrl: string,
  person: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(person),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.includes("session_token="));
  if (!response.ok || !cookie) throw new Error(`Signing in ${person.email} answered ${response.status}`);
  return cookie;
}

const BENCH_PERSON = "bench@bench.example";

/** A key for an existing account, or for "Bench Co" seeded (or found already seeded) with `shipments`. */
async function keyFromDatabase(
  config: ReturnType<typeof loadConfig>,
  account: string | undefined,
  shipments: number,
  log: (line: string) => void,
  withPerson: boolean,
): Promise<{ key: string; person?: { email: string; password: string } }> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    // The cookie runs' person: an admin of the account, with a fresh password each run (nothing to keep).
    const person = async (accountId: string) => {
      if (!withPerson) return undefined;
      const password = randomBytes(18).toString("base64url");
      await createPerson(database.db, { email: BENCH_PERSON, accountId, role: "admin", now: new Date() });
      await setPassword(database.db, BENCH_PERSON, password);
      return { email: BENCH_PERSON, password };
    };
    if (account) {
      const row = await findAccountByName(database.db, account);
      if (!row) throw new Error(`--account: no account is named "${account}"; seed it with npm run seed`);
      return { key: await issueKey(database.db, row.id, "bench"), person: await person(row.id) };
    }
    log(`No key given: seeding (or reusing) "Bench Co" with ${shipments} shipments…`);
    const seeded = await seedScaleAccount(database.db, {
      account: "Bench Co",
      shipments,
      sandbox: Math.min(200, Math.round(shipments / 50)),
      trackedShare: 0.1,
      seed: "bench",
      replace: false,
      log: (line) => log(`  ${line}`),
    });
    const bench = await findAccountByName(database.db, "Bench Co");
    return { key: seeded.apiKey, person: bench ? await person(bench.id) : undefined };
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nGive --key, or let the benchmark start the service (no --url).`);
    process.exitCode = 1;
  } else if (error instanceof Error && error.message.startsWith("--")) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 1;
  } else throw error;
}
