// The service's process: config -> createService (service.ts builds every part) -> listen -> signals.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { limitHeapGrowth } from "./heap-growth";
import { answerClientErrors } from "./http/client-errors";
import { RequestTracker, stopOnSignals } from "./http/graceful-shutdown";
import { createService } from "./service";
import { startupBanner } from "./startup-banner";

const config = loadConfig();
limitHeapGrowth(config.heapGrowingPercent);
const service = await createService(config).catch((error: unknown) => {
  // Another process has the embedded database open: say so, without a stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  return process.exit(1);
});
await service.start();

const api = getRequestListener(service.app.fetch);
// In dev mode Vite serves the dashboard with hot reload on the same port; the API keeps its own paths.
const vite = config.dev
  ? await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "spa" })
  : undefined;
// Requests are counted so that a stop lets those under way finish (http/graceful-shutdown.ts).
const requests = new RequestTracker();
const server = createServer(
  requests.wrap((req, res) => {
    const path = req.url ?? "/";
    if (
      !vite ||
      /^\/(v2|dcsa|demo\.json|demo\/sign-in|api\/auth|dev\/mail|mcp|healthz|readyz|metrics)/.test(path)
    )
      return api(req, res);
    vite.middlewares(req, res, () => api(req, res));
  }),
);
requests.attach(server);
answerClientErrors(server);
// An idle kept-alive connection stays open a minute, not Node's 5 s: a client that sends on it just as the server
// closes it gets ECONNRESET (seen in the e2e suite's API calls); proxies and clients close theirs sooner.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(config.port, config.host, () => console.log(startupBanner(config, service, server.address())));

// Requests under way finish first (their writes may have committed), then the workers, then the database.
stopOnSignals({
  server,
  requests,
  logger: service.logger,
  // Readiness says the service is stopping, and the live streams (which never finish) end before the wait.
  prepare: () => service.prepareStop(),
  steps: [
    { name: "dev server", run: async () => void (await vite?.close()) },
    { name: "service", run: () => service.stop() },
  ],
});
