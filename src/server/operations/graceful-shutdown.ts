// Stops the service without cutting an answer: the HTTP server stops accepting connections, the requests under
// way finish (for at most a bounded time), and only then do the workers stop and the database close. Cutting a
// request whose write had already committed made clients retry it (a second tracking request from one POST).
import type { RequestListener, Server, ServerResponse } from "node:http";
import type { Logger } from "../logger";

/** How long running requests may take to finish once a stop is asked for; the rest are cut after it. */
export const DRAIN_MS = 10_000;

/** Counts the requests under way, so that a stop can wait for them. */
export class RequestTracker {
  readonly #active = new Set<ServerResponse>();
  #draining = false;
  #idle: (() => void) | undefined;

  /** The listener wrapped so that every request is counted until its answer is sent (or its connection ends). */
  wrap(listener: RequestListener): RequestListener {
    return (req, res) => {
      this.#active.add(res);
      // A request that arrives on a kept-alive connection during the drain is the connection's last.
      if (this.#draining) res.shouldKeepAlive = false;
      res.once("close", () => {
        this.#active.delete(res);
        if (this.#active.size === 0) this.#idle?.();
      });
      listener(req, res);
    };
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
  drain(ms: number): Promise<boolean> {
    this.#draining = true;
    for (const res of this.#active) if (!res.headersSent) res.shouldKeepAlive = false;
    if (this.#active.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#idle = undefined;
        resolve(false);
      }, ms);
      this.#idle = () => {
        clearTimeout(timer);
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
  // No new connection from here on; idle kept-alive ones are closed now, busy ones once their answer is sent.
  server.close();
  server.closeIdleConnections();
  const finished = await requests.drain(drainMs);
  if (!finished) {
    logger.warn("requests still running after the shutdown wait were cut", {
      requests: requests.active,
      waitedMs: drainMs,
    });
  }
  server.closeAllConnections();
  for (const step of options.steps) {
    try {
      await step.run();
    } catch (error) {
      logger.error("shutdown step failed", {
        step: step.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
