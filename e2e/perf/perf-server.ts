// What the on-demand measurements in e2e/perf run against: the service on a port of their own (fresh embedded
// database, sandbox paused, as the end-to-end tests run it), and any number of dashboard builds served beside it
// with /v2 passed through to the service, so that two builds (before and after a change) load in one run.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/** Starts the service (`tsx src/server/main.ts`) on `port` and waits until it answers. */
export async function startService(port: number): Promise<Running> {
  const dataDir = join(ROOT, `e2e/.results/perf-data-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn("npx", ["tsx", "src/server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO: "1",
      SANDBOX_PAUSED: "1",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v2/openapi.json`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("the service did not start within 5 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    async stop() {
      // The whole process group: npx, tsx and the service under them.
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/** Serves a built dashboard (`dist/web` or a copy of it) on a free port; /v2 and /demo.json go to `api`. */
export async function serveBuild(dir: string, api: string): Promise<Running> {
  const root = resolve(dir);
  if (!existsSync(join(root, "index.html"))) throw new Error(`${root} holds no built dashboard`);
  const target = new URL(api);
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path.startsWith("/v2") || path === "/demo.json") {
      const upstream = request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      // The service gone (stopped, or killed under it): the page sees a 502, the measurement goes on to say so.
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
      return;
    }
    const file = normalize(join(root, decodeURIComponent(path)));
    const isAsset = file.startsWith(root) && path !== "/" && (await stat(file).catch(() => null))?.isFile();
    const served = isAsset ? file : join(root, "index.html");
    res.writeHead(200, { "Content-Type": TYPES[extname(served)] ?? "application/octet-stream" });
    res.end(await readFile(served));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

/** The demo account's key, as the sign-in page's "Use the demo account" gets it. */
export async function demoKey(service: string): Promise<string> {
  const body = (await (await fetch(`${service}/demo.json`)).json()) as { api_key: string };
  return body.api_key;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
