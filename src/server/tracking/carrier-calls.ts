// Asks carriers many questions at once: a claimed batch is looked up concurrently, with at most a fixed number
// of calls in flight to any one carrier (SCAC), so that a batch goes as fast as the carriers answer without
// flooding any of them. The bound holds for the whole engine, however many passes run at once.

import type { Clock } from "../clock";
import { isDatabaseUnavailable } from "../db/unavailable";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { CarrierAdapter, CarrierLookup, CarrierQuery } from "./carrier-adapter";
import { Semaphore } from "./semaphore";

export interface CarrierCallOptions {
  /** Calls in flight to one carrier (SCAC) at most. */
  perCarrier: number;
  /** A lookup that has not answered by then counts as the carrier being unreachable (it is tried again later). */
  timeoutMs: number;
}

export class CarrierCalls {
  readonly #adapters: CarrierAdapter[];
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #options: CarrierCallOptions;
  readonly #slots = new Map<string, Semaphore>();

  constructor(adapters: CarrierAdapter[], clock: Clock, logger: Logger, options: CarrierCallOptions) {
    this.#adapters = adapters;
    this.#clock = clock;
    this.#logger = logger;
    this.#options = options;
  }

  /** What the carrier answers, waiting for a place among the calls in flight to it. */
  async lookup(query: CarrierQuery): Promise<CarrierLookup> {
    const adapter = this.#adapters.find((a) => a.supports(query.scac));
    if (!adapter) return { outcome: "failed", reason: "shipping_line_unreachable", retryable: false };
    const key = `${adapter.name}/${adapter.callLane?.(query) ?? query.scac}`;
    let slots = this.#slots.get(key);
    if (!slots) {
      slots = new Semaphore(this.#options.perCarrier);
      this.#slots.set(key, slots);
    }
    await slots.acquire();
    // A turn of the event loop before each call: an adapter that answers from memory (the sandbox) would
    // otherwise run a whole batch without letting anything else (the API, another lane's writes) in.
    await new Promise((resolve) => setImmediate(resolve));
    // The slot is held until the carrier really answers, even past the timeout: a carrier that hangs must not
    // collect more calls in flight than the bound.
    // (Through a promise constructor, so that an adapter that throws instead of rejecting releases it too.)
    const call = new Promise<CarrierLookup>((resolve) =>
      resolve(adapter.lookup(query, this.#clock.now())),
    ).finally(() => slots.release());
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CarrierLookup>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            outcome: "failed",
            reason: "shipping_line_unreachable",
            retryable: true,
            message: `no answer in ${this.#options.timeoutMs} ms`,
          }),
        this.#options.timeoutMs,
      );
    });
    try {
      return await Promise.race([call, timeout]);
    } catch (error) {
      // The database gone (the sandbox carrier reads it) is reported once for the whole outage, by the pass's
      // next query (background-errors.ts), not once per lookup.
      if (!isDatabaseUnavailable(error)) {
        this.#logger.error("carrier lookup failed", {
          adapter: adapter.name,
          scac: query.scac,
          ...logSafeError(error),
        });
      }
      return { outcome: "failed", reason: "unrecognized_response", retryable: true };
    } finally {
      clearTimeout(timer);
      // A call abandoned at its timeout may still fail later; that must not be an unhandled rejection.
      call.catch(() => {});
    }
  }
}
