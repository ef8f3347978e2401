// Runs webhook delivery in the background as two loops side by side, so that sending never waits for a backlog
// to be fanned out and no delivery waits for another:
// - fan-out: one batch of recorded events after another while there are any, each commit waking the sender
//   without waiting for its claim (on PostgreSQL the claim has a connection of its own; on PGlite's one
//   connection, taken in turn, the fan-out lets the woken sender ask first), otherwise a cheap check every
//   interval (one probe of an index that is empty when all is fanned out);
// - sending: claims as many due notifications as there are free slots (per process, and per webhook in the
//   claim itself), starts each attempt on its own, and claims again as soon as an attempt has been recorded or
//   a fan-out batch has committed; otherwise every few intervals (retries that fall due, other processes' work).
//   While the process has room, an attempt's outcome write also claims its webhook's next due notification
//   (recorder.ts), so that a busy webhook's slot goes straight to its next delivery: without it each delivery
//   waited for a claim of its own (a transaction of four round trips, one claim at a time) after its outcome.
// Stop waits for the batch under way and for the attempts in flight, which the timeout bounds.
import { type OutageReporter, reportBackgroundFailure } from "../background-errors";
import type { Claim } from "../db/notification-claims";
import type { Logger } from "../logger";
import { type DeliveryOptions, WebhookDelivery } from "./delivery";

export const DEFAULT_INTERVAL_MS = 100;
/** The sender is woken by what it waits for; on its own it looks only every few intervals. */
const SEND_IDLE_INTERVALS = 4;
/** Claims that ran out on their last attempt are rare (a process died), and finding them scans what is due. */
const EXPIRY_EVERY_MS = 5_000;

export interface WebhookWorker {
  /** Stops fanning out and claiming, and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

/** A loop's sleep that a wake ends early; a wake while the loop is busy is kept for its next sleep. */
class Wakeup {
  #pending = false;
  #end: (() => void) | undefined;

  wake() {
    this.#pending = true;
    this.#end?.();
  }

  sleep(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.#end = undefined;
        this.#pending = false;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.#end = end;
    });
  }
}

export function startWebhookWorker(
  options: (DeliveryOptions | { delivery: WebhookDelivery; logger: Logger }) & {
    intervalMs?: number;
    /** Told of passes that failed because the database is unavailable, which it logs once per outage. */
    outage?: OutageReporter;
  },
): WebhookWorker {
  const { logger } = options;
  // The service's own delivery (which tests also drive by hand), or one made from the options.
  const delivery = "delivery" in options ? options.delivery : new WebhookDelivery(options);
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const fanOutWake = new Wakeup();
  const sendWake = new Wakeup();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  const fanOutLoop = async () => {
    while (!stopped) {
      let dispatched = 0;
      try {
        dispatched = await delivery.fanOut(1);
      } catch (error) {
        // Logged and tried again; the outbox keeps every event until its fan-out commits.
        reportBackgroundFailure(logger, options.outage, "webhook fan-out failed", error);
      }
      if (dispatched > 0 && !stopped) {
        logger.debug("webhook events fanned out", { dispatched });
        sendWake.wake();
        // A turn of the event loop, in which the woken sender asks for its claim's connection: on PGlite the
        // next batch would otherwise take the one connection first, and the claim would wait for that batch.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      await fanOutWake.sleep(intervalMs);
    }
  };

  /** Attempts whose slots were handed over and that have not ended yet: their end needs no claim. */
  let handedOver = 0;
  const start = (claims: Claim[]) => {
    for (const claim of claims) {
      const attempt: Promise<unknown> = delivery
        .attempt(claim)
        .catch((error) =>
          reportBackgroundFailure(
            logger,
            options.outage,
            "webhook delivery attempt failed unexpectedly",
            error,
            {
              notificationId: claim.notification.id,
            },
          ),
        )
        .finally(() => {
          inFlight.delete(attempt);
          // Its outcome is recorded, so its webhook has a free slot again, unless the write handed it over.
          if (handedOver > 0) handedOver -= 1;
          else sendWake.wake();
        });
      inFlight.add(attempt);
    }
  };
  // While this process has room (at its limit, freed slots go back to the claim, which serves the webhooks that
  // have waited longest), an attempt's outcome write claims its webhook's next notification: a busy webhook's
  // slot goes straight to its next delivery instead of waiting for the sender's next claim.
  delivery.handOverTo(
    (claims) => {
      handedOver += claims.length;
      start(claims);
    },
    () => !stopped && inFlight.size < delivery.concurrency,
  );

  const sendLoop = async () => {
    let expiredAt = 0;
    while (!stopped) {
      try {
        if (performance.now() - expiredAt >= Math.max(intervalMs, EXPIRY_EVERY_MS)) {
          expiredAt = performance.now();
          await delivery.expireExhausted();
        }
        const free = delivery.concurrency - inFlight.size;
        start(free > 0 ? await delivery.claim(free) : []);
      } catch (error) {
        // Logged and tried again; leases make sure that nothing claimed is lost.
        reportBackgroundFailure(logger, options.outage, "webhook claim failed", error);
      }
      // A claim takes everything it may; more becomes claimable only when an attempt ends, a batch is fanned
      // out, or time passes.
      await sendWake.sleep(SEND_IDLE_INTERVALS * intervalMs);
    }
  };

  // Plans chosen with statistics from the start (a data directory may hold tables never analyzed).
  const loops = delivery.statistics.analyze().then(() => Promise.all([fanOutLoop(), sendLoop()]));
  return {
    async stop() {
      stopped = true;
      fanOutWake.wake();
      sendWake.wake();
      await loops;
      await delivery.statistics.settled();
      // An attempt that ends may have handed its slot over to one more, whose outcome is recorded too.
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
