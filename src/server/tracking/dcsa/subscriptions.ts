// Keeps our DCSA event subscriptions at carriers (push) in step with what is tracked: one per reference that an
// account tracks through a connection with push enabled, made when the tracking request comes (or at the next
// pass for those that lack one), and dropped at the carrier when the shipment stops being tracked, when push is
// turned off, or before the connection is deleted. While a subscription is active, polling of that reference goes
// on more slowly (`pollSlowerWhen`, read by the DCSA adapter): the push says when to look, polling is the net.
//
// Each subscription has its own 32-byte shared secret, sealed with SECRETS_KEY, and its own callback URL
// (`${DCSA_CALLBACK_BASE_URL}/dcsa/notifications/<row id>`), so that the receiver knows which secret to check a
// push with from the URL alone. Without a public address or a key, push is off and the connections say why.
import { randomBytes } from "node:crypto";
import { MINUTE } from "../../../api/durations";
import { normalizeRequestNumber } from "../../../api/tracking-requests";
import { type OutageReporter, reportBackgroundFailure } from "../../background-errors";
import type { Clock } from "../../clock";
import type { Db } from "../../db/connection";
import {
  claimSubscriptionsToRemove,
  claimSubscriptionsToRetry,
  type DcsaSubscriptionRow,
  deleteSubscriptions,
  hasActiveSubscription,
  insertPendingSubscriptions,
  missingSubscriptions,
  notePushOff,
  recordRemovalTrouble,
  recordSubscriptionOutcome,
  subscriptionsOfConnection,
} from "../../db/dcsa-subscriptions";
import type { Logger } from "../../logger";
import { openSecret, SealedSecretError, sealSecret } from "../../secrets";
import type { CarrierQuery, RequestType } from "../carrier-adapter";
import type {
  CarrierConnectionStore,
  DcsaCallFailure,
  DcsaClient,
  DcsaConnection,
  DcsaEventQuery,
} from "./connection";

/** Where carriers push to, under the service's public address; the receiver (http/dcsa-notifications.ts) is here. */
export const DCSA_NOTIFICATIONS_PATH = "/dcsa/notifications";

/** A row left pending this long lost its process before the carrier answered: asked again. */
const PENDING_LEASE_MS = 2 * MINUTE;
/** A subscription the carrier refused is asked for again after this long (its credentials may have been fixed). */
const FAILED_RETRY_MS = 30 * MINUTE;
const DEFAULT_BATCH_SIZE = 50;

export interface SubscriptionManagerDeps {
  db: Db;
  /** Real time: the leases of rows being worked on. */
  clock: Clock;
  logger: Logger;
  client: DcsaClient;
  connections: Pick<CarrierConnectionStore, "byId">;
  secretsKey: Buffer | undefined;
  /** DCSA_CALLBACK_BASE_URL, without a trailing slash. */
  callbackBaseUrl: string | undefined;
  /** Rows worked on per pass, of each kind. */
  batchSize?: number;
}

export interface SubscriptionPass {
  created: number;
  failed: number;
  removed: number;
}

/** Why push is off on this service, in words a connection's page can show; null when it is on. */
export function pushOffNote(
  callbackBaseUrl: string | undefined,
  secretsKey: Buffer | undefined,
): string | null {
  if (!callbackBaseUrl)
    return "Push is off: the service has no DCSA_CALLBACK_BASE_URL (its public address for carriers' notifications), so only polling runs.";
  if (!secretsKey)
    return "Push is off: the service has no SECRETS_KEY to keep the subscriptions' shared secrets with, so only polling runs.";
  return null;
}

export class DcsaSubscriptionManager {
  readonly #deps: SubscriptionManagerDeps;
  readonly #batch: number;

  constructor(deps: SubscriptionManagerDeps) {
    this.#deps = deps;
    this.#batch = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /**
   * One pass: drops the subscriptions no longer wanted, asks again for those left pending or refused a while ago,
   * and makes those missing. Answers what it did.
   */
  async runOnce(): Promise<SubscriptionPass> {
    const { db, clock, secretsKey, callbackBaseUrl } = this.#deps;
    const pass: SubscriptionPass = { created: 0, failed: 0, removed: 0 };
    // Dropping needs neither the address nor the key: a service that lost them still cleans up at the carriers.
    pass.removed = await this.#removeUnwanted();
    const off = pushOffNote(callbackBaseUrl, secretsKey);
    if (off || !secretsKey || !callbackBaseUrl) {
      if (off) await notePushOff(db, off);
      return pass;
    }
    const now = clock.now();
    const retry = await claimSubscriptionsToRetry(db, {
      now,
      pendingBefore: new Date(now.getTime() - PENDING_LEASE_MS),
      failedBefore: new Date(now.getTime() - FAILED_RETRY_MS),
      limit: this.#batch,
    });
    const wanted = await missingSubscriptions(db, this.#batch);
    const created = await insertPendingSubscriptions(
      db,
      wanted.map((w) => ({ ...w, secretSealed: sealSecret(randomBytes(32), secretsKey) })),
      now,
    );
    for (const row of [...retry, ...created]) {
      if (await this.#subscribe(row, secretsKey, callbackBaseUrl)) pass.created++;
      else pass.failed++;
    }
    return pass;
  }

  /**
   * Drops every subscription of a connection at its carrier, with the connection's credentials, and deletes the
   * rows: the connection's DELETE calls this first (the rows would go with it by cascade, and with them the only
   * record of what to drop at the carrier). A carrier that cannot be reached is logged, never blocks the delete.
   */
  async forgetConnection(connection: DcsaConnection): Promise<void> {
    const rows = await subscriptionsOfConnection(this.#deps.db, connection);
    const gone: DcsaSubscriptionRow[] = [];
    for (const row of rows) {
      const failure = await this.#unsubscribe(connection, row);
      if (failure)
        this.#deps.logger.warn("dcsa subscription left at the carrier", this.#logFields(row, failure));
      gone.push(row);
    }
    await deleteSubscriptions(this.#deps.db, gone);
  }

  /**
   * Whether an active subscription covers this reference of the connection: the DCSA adapter then polls more
   * slowly. Takes the engine's query (its `number`) or the client's (its `reference`).
   */
  readonly pollSlowerWhen = async (
    connection: Pick<DcsaConnection, "id">,
    query: Pick<CarrierQuery, "requestType" | "number"> | DcsaEventQuery,
  ): Promise<boolean> => {
    const reference = "number" in query ? query.number : query.reference;
    return hasActiveSubscription(
      this.#deps.db,
      connection.id,
      query.requestType,
      normalizeRequestNumber(reference),
    );
  };

  async #subscribe(row: DcsaSubscriptionRow, key: Buffer, callbackBaseUrl: string): Promise<boolean> {
    const { db, clock, logger, client, connections } = this.#deps;
    const connection = await connections.byId({ accountId: row.accountId, id: row.connectionId });
    // Deleted meanwhile: its rows went with it.
    if (!connection) return false;
    let secret: Buffer;
    try {
      secret = openSecret(row.secretSealed, key);
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error;
      // Sealed under a key the service no longer has: a fresh row (and secret) replaces it at the next pass.
      await deleteSubscriptions(db, [row]);
      return false;
    }
    const answer = await client.subscribe(connection, {
      callbackUrl: `${callbackBaseUrl}${DCSA_NOTIFICATIONS_PATH}/${row.id}`,
      secret,
      reference: { requestType: row.requestType as RequestType, reference: row.reference },
    });
    if (answer.ok) {
      await recordSubscriptionOutcome(
        db,
        row,
        { status: "active", carrierSubscriptionId: answer.value.subscriptionId },
        clock.now(),
      );
      logger.debug("dcsa subscription made", { subscriptionId: row.id, connectionId: row.connectionId });
      return true;
    }
    await recordSubscriptionOutcome(
      db,
      row,
      { status: "failed", detail: answer.failure.detail },
      clock.now(),
    );
    logger.warn("dcsa subscription refused", this.#logFields(row, answer.failure));
    return false;
  }

  async #removeUnwanted(): Promise<number> {
    const { db, clock, connections, logger } = this.#deps;
    const now = clock.now();
    const rows = await claimSubscriptionsToRemove(db, {
      now,
      stoppingBefore: new Date(now.getTime() - PENDING_LEASE_MS),
      limit: this.#batch,
    });
    const gone: DcsaSubscriptionRow[] = [];
    for (const row of rows) {
      const connection = await connections.byId({ accountId: row.accountId, id: row.connectionId });
      const failure = connection ? await this.#unsubscribe(connection, row) : null;
      if (failure) {
        // Kept `stopping`: claimed again once its lease ends, so that the carrier stops pushing in the end.
        await recordRemovalTrouble(db, row, failure.detail);
        logger.warn("dcsa subscription could not be dropped yet", this.#logFields(row, failure));
        continue;
      }
      gone.push(row);
    }
    await deleteSubscriptions(db, gone);
    return gone.length;
  }

  /** Drops the subscription at the carrier; null when it is gone there (or never was made). */
  async #unsubscribe(connection: DcsaConnection, row: DcsaSubscriptionRow): Promise<DcsaCallFailure | null> {
    if (!row.carrierSubscriptionId) return null;
    const answer = await this.#deps.client.unsubscribe(connection, row.carrierSubscriptionId);
    if (answer.ok || answer.failure.kind === "not_found") return null;
    return answer.failure;
  }

  /** What a log line may say of a subscription: never its secret, nor the callback URL's credentials. */
  #logFields(row: DcsaSubscriptionRow, failure: DcsaCallFailure) {
    return {
      subscriptionId: row.id,
      connectionId: row.connectionId,
      failure: failure.kind,
      detail: failure.detail,
    };
  }
}

export interface SubscriptionWorker {
  /** A tracking request was stored: make its subscription now rather than at the end of the pause. */
  wake(): void;
  stop(): Promise<void>;
}

/** Runs the manager's passes every `intervalMs`, or at once when woken; a failed pass is logged and tried again. */
export function startSubscriptionWorker(
  manager: Pick<DcsaSubscriptionManager, "runOnce">,
  o: { intervalMs: number; logger: Logger; outage?: OutageReporter },
): SubscriptionWorker {
  let stopped = false;
  let woken = false;
  let endPause: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      try {
        await manager.runOnce();
      } catch (error) {
        reportBackgroundFailure(o.logger, o.outage, "dcsa subscription pass failed", error);
      }
      if (stopped || woken) continue;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        endPause = resolve;
        timer = setTimeout(resolve, o.intervalMs);
      });
      clearTimeout(timer);
      endPause = undefined;
    }
  })();
  return {
    wake() {
      woken = true;
      endPause?.();
    },
    async stop() {
      stopped = true;
      endPause?.();
      await loop;
    },
  };
}
