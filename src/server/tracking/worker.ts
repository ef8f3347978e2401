// Runs the tracking engine in the background: a pass every few seconds, one pass at a time, stoppable.
import type { Logger } from "../logger";
import type { TrackingEngine } from "./engine";

export interface Worker {
  /** Stops scheduling passes and waits for the one under way, if any. */
  stop(): Promise<void>;
}

export function startTrackingWorker(
  engine: TrackingEngine,
  options: { intervalMs: number; logger: Logger; beforePass?: () => Promise<void> },
): Worker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    try {
      await options.beforePass?.();
      const result = await engine.runOnce();
      if (result.requests || result.shipments) options.logger.debug("tracking pass", { ...result });
    } catch (error) {
      // A failed pass is logged and retried on the next tick; leases make sure no work is lost.
      options.logger.error("tracking pass failed", { error: String(error) });
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, options.intervalMs);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
