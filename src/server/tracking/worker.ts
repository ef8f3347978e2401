// Runs the tracking engine in the background, stoppable. Two lanes, each one pass at a time: tracking requests,
// and refreshes of tracked shipments (with vessel positions). A lane runs its passes back to back while they
// find work and pauses only when idle; wake() ends a pause at once (a new tracking request was stored), so that
// a request never waits for the interval, nor behind a long run of refreshes; refreshNow() does the same for the
// refreshes' lane (a user asked for a container to be refreshed now).
import { type OutageReporter, reportBackgroundFailure } from "../background-errors";
import type { Logger } from "../logger";
import type { TrackingEngine } from "./engine";

export interface Worker {
  /** A tracking request was stored: look at requests now instead of at the end of the pause. */
  wake(): void;
  /** A user made a shipment due now (a container's "refresh now"): look at due shipments now. */
  refreshNow(): void;
  /** Stops scheduling passes and waits for the ones under way, if any. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Pause of an idle lane before it looks again. */
  intervalMs: number;
  logger: Logger;
  /** Told of passes that failed because the database is unavailable, which it logs once per outage. */
  outage?: OutageReporter;
  /** Before each pass over tracking requests (the demo tops up its requests there). */
  beforePass?: () => Promise<void>;
  /** Told after each pass, with how much it did (tests and benchmarks await passes with it). */
  onPass?: (pass: { lane: "requests" | "shipments"; done: number }) => void;
}

/** One loop of passes: back to back while there is work, else a pause that a wake-up cuts short. */
class Lane {
  #woken = false;
  #endPause: (() => void) | undefined;
  #stopped = false;
  readonly done: Promise<void>;

  constructor(
    readonly name: "requests" | "shipments",
    pass: () => Promise<number>,
    options: WorkerOptions,
  ) {
    this.done = this.#loop(pass, options);
  }

  wake(): void {
    this.#woken = true;
    this.#endPause?.();
  }

  stop(): void {
    this.#stopped = true;
    this.#endPause?.();
  }

  async #loop(pass: () => Promise<number>, options: WorkerOptions): Promise<void> {
    while (!this.#stopped) {
      this.#woken = false;
      let done = 0;
      try {
        done = await pass();
      } catch (error) {
        // A failed pass is logged and tried again after a pause; leases make sure no work is lost.
        reportBackgroundFailure(options.logger, options.outage, "tracking pass failed", error, {
          lane: this.name,
        });
      }
      options.onPass?.({ lane: this.name, done });
      if (done > 0 || this.#woken) {
        // More may be due: go on, after letting other work (HTTP requests) have the event loop for a moment.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await this.#pause(options.intervalMs);
    }
  }

  async #pause(ms: number): Promise<void> {
    if (this.#stopped || this.#woken) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.#endPause = resolve;
      timer = setTimeout(resolve, ms);
    });
    clearTimeout(timer);
    this.#endPause = undefined;
  }
}

export function startTrackingWorker(engine: TrackingEngine, options: WorkerOptions): Worker {
  const lanes = [
    new Lane(
      "requests",
      async () => {
        await options.beforePass?.();
        return engine.processDueTrackingRequests();
      },
      options,
    ),
    new Lane(
      "shipments",
      async () => {
        const refreshed = await engine.refreshDueShipments();
        await engine.recordVesselPositionsIfDue();
        return refreshed;
      },
      options,
    ),
  ];
  return {
    wake() {
      lanes[0]!.wake();
    },
    refreshNow() {
      lanes[1]!.wake();
    },
    async stop() {
      for (const lane of lanes) lane.stop();
      await Promise.all(lanes.map((lane) => lane.done));
    },
  };
}
