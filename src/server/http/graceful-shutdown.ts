// Stops the service without cutting an answer: the HTTP server stops accepting connections, the requests under
// way finish (for at most a bounded time), and only then do the workers stop and the database close. Cutting a
// request whose write had already committed made clients retry it (a second tracking request from one POST).
import type { RequestListener, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";

/** How long running requests may take to finish once a stop is asked for; the rest are cut after it. */
export const DRAIN_MS = 10_000;
/**
 * How long a connection opened just before the stop may take to send its request. A client sends it right after
 * connecting, but it may not have arrived when the stop begins; one that sends nothing (a browser's spare
 * connection) is closed after this.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;

/** Counts the requests under way, so that a stop can wait for them. */
export class RequestTracker {
  readonly #active = new Set<ServerResponse>();
  /** Connections of the server and how many requests each has had; see attach(). */
  readonly #sockets = new Map<Socket, { requests: number }>();
  #draining = false;
  #idle: (() => void) | undefined;

  /** The listener wrapped so that every request is counted until its answer is sent (or its connection ends). */
  wrap(listener: RequestListener): RequestListener {
    return (req, res) => {
      const socket = this.#sockets.get(req.socket);
      if (socket) socket.requests += 1;
      this.#active.add(res);
      // A request that arrives on a kept-alive connection during the drain is the connection's last.
      if (this.#draining) res.shouldKeepAlive = false;
      const connection = req.socket;
      res.once("close", () => {
        this.#active.delete(res);
        // Its answer began before the drain and kept the connection alive: nothing more is read from it.
        if (this.#draining && !connection.destroyed) connection.end();
        this.#check();
      });
      listener(req, res);
    };
  }

  /** Follows the server's connections, so that a stop can tell a kept-alive idle one from one just opened. */
  attach(server: Server): void {
    server.on("connection", (socket: Socket) => {
      this.#sockets.set(socket, { requests: 0 });
      socket.once("close", () => {
        this.#sockets.delete(socket);
        this.#check();
      });
    });
  }

  /**
   * Closes the connections kept alive after their answers. One just opened gets a moment for its first request,
   * which is then answered (Node's own closeIdleConnections closes it at once: a request sent right after
   * connecting was cut, the client unable to tell whether it had been done).
   */
  async closeIdle(): Promise<void> {
    // A turn of the loop, so that bytes already received are parsed and their requests counted as running.
    await new Promise((resolve) => setImmediate(resolve));
    const running = new Set<Socket>();
    for (const res of this.#active) if (res.socket) running.add(res.socket);
    for (const [socket, state] of this.#sockets) {
      if (running.has(socket)) continue;
      if (state.requests > 0) socket.destroy();
      else if (socket.bytesRead === 0) {
        setTimeout(() => {
          if (state.requests === 0) socket.destroy();
        }, FIRST_REQUEST_GRACE_MS).unref();
      }
    }
  }

  /**
   * Everything is done when no request runs and, if the connections are followed, none is left open: after
   * closeIdle() the open ones are running a request or receiving one, and each closes after its answer.
   */
  #done(): boolean {
    return this.#active.size === 0 && this.#sockets.size === 0;
  }

  #check() {
    if (this.#draining && this.#done()) this.#idle?.();
  }

  get active(): number {
    return this.#active.size;
  }

  /** True once a stop has begun (readiness answers 503 from then on). */
  get draining(): boolean {
    return this.#draining;
  }

  /**
   * Resolves when no request is under way, or after `ms`; true when they all finished. Answers still to be sent
   * close their connection afterwards, so that a kept-alive client does not send another request into the stop.
   */
  drain(ms: number, hurry?: AbortSignal): Promise<boolean> {
    this.#draining = true;
    for (const res of this.#active) if (!res.headersSent) res.shouldKeepAlive = false;
    if (this.#done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const giveUp = () => {
        clearTimeout(timer);
        hurry?.removeEventListener("abort", giveUp);
        this.#idle = undefined;
        resolve(false);
      };
      const timer = setTimeout(giveUp, ms);
      if (hurry?.aborted) return giveUp();
      hurry?.addEventListener("abort", giveUp);
      this.#idle = () => {
        clearTimeout(timer);
        hurry?.removeEventListener("abort", giveUp);
        this.#idle = undefined;
        resolve(true);
      };
    });
  }
}

export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface ShutdownOptions {
  server: Server;
  requests: RequestTracker;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Bound on the wait for running requests; DRAIN_MS by default. */
  drainMs?: number;
  /**
   * Ends the wait for running requests at once (an operator's second signal): they are cut, and the steps still
   * run, so that the database is closed properly even in a hurry.
   */
  hurry?: AbortSignal;
  /** Run in order once the requests are done: the workers first, the database last. */
  steps: ShutdownStep[];
}

/**
 * Stops accepting connections, waits for the running requests (at most `drainMs`), cuts what is left, then runs
 * the steps in order. A step that fails is logged and the next one still runs, so the database is always closed.
 */
export async function gracefulShutdown(options: ShutdownOptions): Promise<void> {
  const { server, requests, logger } = options;
  const drainMs = options.drainMs ?? DRAIN_MS;
  // No new connection from here on. (net's close, not http's: http's also closes connections whose request has
  // arrived but is not parsed yet.) Idle connections are closed now, busy ones once their answer is sent.
  NetServer.prototype.close.call(server);
  await requests.closeIdle();
  const finished = await requests.drain(drainMs, options.hurry);
  if (!finished) {
    logger.warn("requests still running after the shutdown wait were cut", {
      requests: requests.active,
      waitedMs: drainMs,
    });
  }
  server.closeAllConnections();
  await runShutdownSteps(options.steps, logger);
}

/** Runs the steps in order; a step that fails is logged and the next one still runs, so the database is closed. */
export async function runShutdownSteps(
  steps: readonly ShutdownStep[],
  logger: Pick<Logger, "error">,
): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      logger.error("shutdown step failed", {
        step: step.name,
        ...logSafeError(error),
      });
    }
  }
}

/**
 * Stops the process on SIGINT or SIGTERM: `prepare` at once, then the graceful shutdown, then exit. A second
 * signal during the wait for running requests cuts them; the steps (the workers, the database) still run.
 */
export function stopOnSignals(options: Omit<ShutdownOptions, "hurry"> & { prepare?: () => void }): void {
  const { logger } = options;
  const hurry = new AbortController();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      if (!hurry.signal.aborted) logger.warn("second signal: cutting the requests still running", { signal });
      hurry.abort();
      return;
    }
    stopping = true;
    logger.info("shutting down", { signal });
    options.prepare?.();
    await gracefulShutdown({ ...options, hurry: hurry.signal });
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}
