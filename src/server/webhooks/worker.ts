// Runs webhook delivery in the background: a pass right away while there is work, otherwise every interval;
// one pass at a time, stoppable (stop waits for the pass under way, whose sends are bounded by the timeout).
import { type DeliveryOptions, type PassResult, WebhookDelivery } from "./delivery";

export interface WebhookWorker {
  /** One pass now (after the one under way, if any). */
  runOnce(): Promise<PassResult>;
  /** Stops scheduling passes and waits for the one under way. */
  stop(): Promise<void>;
}

export function startWebhookWorker(options: DeliveryOptions & { intervalMs?: number }): WebhookWorker {
  const delivery = new WebhookDelivery(options);
  const intervalMs = options.intervalMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const pass = (): Promise<PassResult> => {
    const next = running.then(() => delivery.runOnce());
    running = next.catch(() => {});
    return next;
  };
  const tick = async () => {
    let busy = false;
    try {
      const result = await pass();
      busy = result.dispatched > 0 || result.sent > 0;
      if (busy) options.logger.debug("webhook pass", { ...result });
    } catch (error) {
      // Logged and retried on the next tick; leases and the outbox make sure nothing is lost.
      options.logger.error("webhook pass failed", { error: String(error) });
    }
    schedule(busy ? 0 : intervalMs);
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delay);
  };
  schedule(0);

  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
