// The API's reads in flight, so that work nobody waits on can let them go first. On the embedded database every
// statement runs on the service's one thread, in the order asked: a hundred documents being stored and read put
// their statements ahead of a person's list, which then waits for all of them. Background work (the documents'
// extraction, upload writes) asks `quiet(max)` before each step: it goes on at once when no read is in flight,
// else when the last one ends, and after `max` at the latest, so that it is delayed, never starved. The live
// stream (held open for hours) is not a read here.
import type { MiddlewareHandler } from "hono";
import { STREAM_PATH } from "../../api/stream";
import type { AppEnv } from "./env";

const isCountedRead = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") && path.startsWith("/v2/") && path !== STREAM_PATH;

export class ReadTraffic {
  #inFlight = 0;
  readonly #waiting = new Set<() => void>();

  /** Counts each /v2 read from its arrival until its answer is made. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (!isCountedRead(c.req.method, c.req.path)) return next();
      this.#inFlight += 1;
      try {
        await next();
      } finally {
        this.#inFlight -= 1;
        if (this.#inFlight === 0) this.#release();
      }
    };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Resolves when no read is in flight, or after `maxWaitMs` at the latest. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxWaitMs);
      this.#waiting.add(done);
    });
  }

  #release() {
    for (const done of [...this.#waiting]) done();
  }
}
