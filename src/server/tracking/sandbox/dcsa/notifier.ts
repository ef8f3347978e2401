// Push from the sandbox publisher: each pass sends every subscription the events created since its last
// notification, up to the world's now, as one signed POST (DCSA T&T 2.2's callback), and moves the subscription's
// `notified_through` only when the subscriber answered 2xx, so that a failed delivery is sent again next pass.
import type { Db } from "../../../db/connection";
import {
  allSandboxSubscriptions,
  markSandboxSubscriptionNotified,
  type SandboxSubscriptionRow,
} from "../../../db/dcsa-sandbox";
import type { Logger } from "../../../logger";
import { CALLBACK_TIMEOUT_MS, sendNotification } from "./callbacks";
import { type DcsaEventFilters, matchesFilters, referenceOf } from "./filters";
import type { SandboxDcsaPublisher } from "./publisher";

export interface NotifyPass {
  /** Subscriptions sent a notification that the subscriber accepted. */
  notified: number;
  /** Subscriptions whose subscriber refused or did not answer: tried again next pass. */
  failed: number;
  events: number;
}

export class SandboxDcsaNotifier {
  readonly #db: Db;
  readonly #publisher: SandboxDcsaPublisher;
  readonly #logger: Logger | undefined;
  readonly #timeoutMs: number;
  #running: Promise<NotifyPass> | null = null;

  constructor(options: { db: Db; publisher: SandboxDcsaPublisher; logger?: Logger; timeoutMs?: number }) {
    this.#db = options.db;
    this.#publisher = options.publisher;
    this.#logger = options.logger;
    this.#timeoutMs = options.timeoutMs ?? CALLBACK_TIMEOUT_MS;
  }

  /** One pass at world time `now`; a pass asked for while one runs waits for that one instead of overlapping it. */
  notifyDue(now: Date = this.#publisher.worldNow()): Promise<NotifyPass> {
    this.#running ??= this.#pass(now).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #pass(now: Date): Promise<NotifyPass> {
    const pass: NotifyPass = { notified: 0, failed: 0, events: 0 };
    for (const subscription of await allSandboxSubscriptions(this.#db)) {
      const sent = await this.#notify(subscription, now);
      if (sent === null) continue;
      if (sent.ok) {
        pass.notified += 1;
        pass.events += sent.events;
      } else pass.failed += 1;
    }
    return pass;
  }

  /** null when there was nothing to send. */
  async #notify(
    subscription: SandboxSubscriptionRow,
    now: Date,
  ): Promise<{ ok: true; events: number } | { ok: false } | null> {
    const filters = subscription.filters as DcsaEventFilters;
    const reference = referenceOf(filters);
    const since = subscription.notifiedThrough?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (!reference || since >= now.getTime()) return null;
    const events = (await this.#publisher.events(subscription.scac, reference, now)).filter((e) => {
      const created = Date.parse(e.eventCreatedDateTime);
      return created > since && created <= now.getTime() && matchesFilters(e, filters);
    });
    if (events.length === 0) {
      await markSandboxSubscriptionNotified(this.#db, subscription.id, now);
      return null;
    }
    const secret = Buffer.from(subscription.secret, "base64");
    const answer = await sendNotification(
      subscription.callbackUrl,
      subscription.id,
      secret,
      events,
      this.#timeoutMs,
    );
    if (!answer.ok) {
      this.#logger?.warn("DCSA sandbox notification not delivered", {
        subscription: subscription.id,
        detail: answer.detail,
      });
      return { ok: false };
    }
    await markSandboxSubscriptionNotified(this.#db, subscription.id, now);
    return { ok: true, events: events.length };
  }
}
