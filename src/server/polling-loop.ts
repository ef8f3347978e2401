// A background worker's loop: one pass at once, another straight after a pass that found work, otherwise one when
// woken or every interval; a failed pass is reported and the loop goes on. The mail and chat outboxes run on it.
import { type OutageReporter, reportBackgroundFailure } from "./background-errors";
import type { Logger } from "./logger";

export interface PollingLoop {
  start(): void;
  /** A pass soon: at once when idle, or straight after the one under way. */
  wake(): void;
  /** Ends the loop after the pass under way. */
  stop(): Promise<void>;
}

export function pollingLoop(
  /** One pass; answers how many items it handled (more may be waiting when it handled any). */
  pass: () => Promise<number>,
  options: { logger: Logger; outage?: OutageReporter; intervalMs: number; failure: string },
): PollingLoop {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let pending = false;
  let loop: Promise<void> | undefined;

  const run = async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await pass();
      } catch (error) {
        reportBackgroundFailure(options.logger, options.outage, options.failure, error);
      }
      if (handled > 0 || stopped) continue;
      await new Promise<void>((resolve) => {
        if (pending) {
          pending = false;
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          wakeUp = undefined;
          resolve();
        }, options.intervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        };
      });
    }
  };

  return {
    start() {
      if (!loop && !stopped) loop = run();
    },
    wake() {
      if (wakeUp) wakeUp();
      else pending = true;
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
