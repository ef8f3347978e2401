// The service under benchmark, started as a child process on a free port against the configured database, with
// its memory (VmRSS) sampled while it runs.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BUILD = fileURLToPath(new URL("../cli/build.ts", import.meta.url));
const BUNDLE = fileURLToPath(new URL("../../../dist/server/main.mjs", import.meta.url));

export interface ServiceProcess {
  url: string;
  pid: number;
  /** Largest resident set size seen so far, in kB. */
  maxRssKb(): number;
  /** Starts a new maximum (the next reading onwards). */
  resetMaxRss(): void;
  stop(): Promise<void>;
  /** Sends a signal (the fault suite's SIGKILL and SIGTERM) and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Whether the process is still running. */
  running(): boolean;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** VmRSS of a process in kB, from /proc (Linux); undefined elsewhere or once it has exited. */
export function rssKb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The node options `npm start` gives the service (package.json's start script: `node <options> dist/server/main.mjs`),
 * so that a benchmark's service runs with them too; read from the script, so that the two cannot drift.
 */
export function startOptions(startScript = packageStartScript()): string[] {
  const match = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/server\/main\.mjs\b/.exec(startScript);
  if (!match) throw new Error(`npm start does not run dist/server/main.mjs with node: ${startScript}`);
  return match[1]!
    .trim()
    .split(/\s+/)
    .filter((option) => option !== "");
}

function packageStartScript(): string {
  const pkg = JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, "utf8")) as {
    scripts: { start: string };
  };
  return pkg.scripts.start;
}

/** Builds the bundle `npm start` runs, from this tree's sources. */
export function buildService() {
  const built = spawnSync(process.execPath, ["--import", "tsx", BUILD], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`Could not build the service: ${built.stderr || built.stdout}`);
}

/**
 * Starts the service as `npm start` runs it (its bundle, built afresh from this tree's sources, with plain node and
 * the start script's node options) in
 * a process of its own (so that its pid is the service's), with the rate limit out of the way and quiet logs, and
 * waits until it answers. Start-up includes the tracking engine's
 * first passes, which take a while on a large database.
 */
export async function startService(options: {
  env: NodeJS.ProcessEnv;
  startTimeoutMs: number;
  log: (line: string) => void;
  /** false: the bundle is already built (a restart). */
  build?: boolean;
  /** Told of the process as soon as it is spawned, before it answers (to kill it if start-up is cut short). */
  onSpawn?: (child: ChildProcess) => void;
  /** Each chunk the service writes to stdout or stderr. */
  onOutput?: (chunk: string) => void;
}): Promise<ServiceProcess> {
  if (options.build !== false) buildService();
  const port = await freePort();
  // BENCH_SERVICE_NODE_ARGS adds node options of one's own, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
  // where the service's time goes under a benchmark's load.
  const extra = process.env.BENCH_SERVICE_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...startOptions(), ...extra, BUNDLE], {
    env: {
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO: "0",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000000",
      PEOPLE_RATE_LIMIT_PER_MINUTE: "1000000000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  options.onSpawn?.(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    options.onOutput?.(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let alive = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      alive = false;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const exitCode = await Promise.race([
      exited,
      new Promise((r) => setTimeout(r, 250)).then(() => "running"),
    ]);
    if (exitCode !== "running") throw new Error(`the service exited (${exitCode}):\n${output.join("")}`);
    const up = await fetch(`${url}/v2/shipments`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > options.startTimeoutMs) {
      child.kill("SIGTERM");
      throw new Error(`the service did not answer within ${options.startTimeoutMs} ms:\n${output.join("")}`);
    }
  }
  options.log(
    `Service started in ${((Date.now() - started) / 1000).toFixed(1)} s on ${url} (pid ${child.pid}).`,
  );
  let max = 0;
  const sampler = setInterval(() => {
    max = Math.max(max, rssKb(child.pid!) ?? 0);
  }, 200);
  return {
    url,
    pid: child.pid!,
    maxRssKb: () => Math.max(max, rssKb(child.pid!) ?? 0),
    resetMaxRss: () => {
      max = 0;
    },
    async stop() {
      clearInterval(sampler);
      child.kill("SIGTERM");
      await exited;
    },
    async kill(signal) {
      if (!alive) return;
      child.kill(signal);
      await exited;
      clearInterval(sampler);
    },
    running: () => alive,
  };
}
