// Composition root of the service: config -> database -> http app -> workers. Nothing else lives here.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { loadConfig } from "./config";
import { openDatabase } from "./db/connection";
import { DataDirLockedError } from "./db/data-dir-lock";
import { ensureDemoAccount } from "./db/demo-account";
import { loadReferenceData, seedReferenceData } from "./db/reference-data";
import { createApp } from "./http/app";
import { createLogger } from "./logger";
import { systemClock } from "./tracking/clock";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const clock = systemClock;

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { db } = database;
await seedReferenceData(db);
const reference = await loadReferenceData(db);
const demo = config.demo ? await ensureDemoAccount(db, config.dataDir, clock.now()) : undefined;

const webRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));
const app = createApp({
  db,
  reference,
  clock,
  logger,
  rateLimitPerMinute: config.rateLimitPerMinute,
  trackingRequestLimitPerMinute: config.trackingRequestLimitPerMinute,
  webRoot: config.dev ? undefined : webRoot,
  demoApiKey: demo ? () => demo.apiKey : undefined,
});
const apiListener = getRequestListener(app.fetch);

// In dev mode Vite serves the dashboard with hot reload on the same port; the API keeps its own paths.
const vite = config.dev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "spa" })
  : undefined;
const server = createServer((req, res) => {
  const path = req.url ?? "/";
  if (!vite || path.startsWith("/v2") || path.startsWith("/demo.json")) return apiListener(req, res);
  vite.middlewares(req, res, () => apiListener(req, res));
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  const lines = [
    "",
    `  Container tracking is running on ${base}`,
    `    Dashboard:      ${base}/`,
    `    API:            ${base}/v2   (reference: ${base}/v2/docs)`,
    `    Database:       ${database.kind === "pglite" ? `embedded, in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (demo) {
    lines.push(`    Demo API key:   ${demo.apiKey}${demo.created ? "   (demo account created)" : ""}`);
    lines.push(`    Try:            curl -H "Authorization: Token ${demo.apiKey}" ${base}/v2/shipments`);
  }
  console.log(`${lines.join("\n")}\n`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  server.close();
  server.closeAllConnections();
  await vite?.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
