// Receives a carrier's DCSA notification (a push to the callback URL of one of our event subscriptions): checks its
// signature with the subscription's shared secret, and makes the account's shipments that its events name due now,
// so that the tracking engine asks the carrier at once and writes what is new as it writes any refresh (events,
// webhooks, the live stream). The notification's events themselves are not written: the carrier's full answer is
// the one truth, and a pushed event only says when to ask for it.

import { randomBytes } from "node:crypto";
import { isUuid } from "../../../api/ids";
import type { Clock } from "../../clock";
import type { Db } from "../../db/connection";
import type { MadeDue } from "../../db/dcsa-subscriptions";
import { makeNotifiedWorkDue, subscriptionForNotification } from "../../db/dcsa-subscriptions";
import type { Logger } from "../../logger";
import { openSecret, SealedSecretError } from "../../secrets";
import { referencesNamedBy } from "./notification-references";
import { checkNotificationSignature } from "./notification-signature";

export interface NotificationReceiverDeps {
  db: Db;
  /** The engine's clock: what "due now" means. */
  clock: Clock;
  logger: Logger;
  /** Opens the subscriptions' shared secrets; without it no signature can be checked, so every push is refused. */
  secretsKey: Buffer | undefined;
}

export interface Notification {
  subscriptionId: string;
  /** The body's exact bytes: the signature covers them, whitespace and all. */
  body: Uint8Array;
  signature: string | undefined;
  /** For the log of refused pushes. */
  remoteAddress: string;
}

export type NotificationOutcome =
  /**
   * The signature is missing or wrong, cannot be checked, or there is no such subscription (a deleted one, a
   * guess) whose secret could check it: nothing was read of the body. One outcome for all of them, so that the
   * answer does not tell which subscription ids exist.
   */
  | { outcome: "refused" }
  /** Signed, but not a JSON array of events. */
  | { outcome: "unreadable"; detail: string }
  | ({ outcome: "accepted" } & MadeDue);

/**
 * Checked against for an id no subscription has: the push then costs the same HMAC over its body as one for a real
 * subscription, so that neither the answer nor its time tells which ids exist.
 */
const NO_SUBSCRIPTION_SECRET = randomBytes(32);

export async function receiveNotification(
  deps: NotificationReceiverDeps,
  n: Notification,
): Promise<NotificationOutcome> {
  const { db, logger } = deps;
  const subscription = isUuid(n.subscriptionId)
    ? await subscriptionForNotification(db, n.subscriptionId)
    : undefined;
  if (!subscription) {
    checkNotificationSignature(n.signature, NO_SUBSCRIPTION_SECRET, n.body);
    // At debug only: ids that were never ours are guesses (or a carrier still pushing to one we dropped), and a
    // warning per guess would let anyone fill the log.
    logger.debug("dcsa notification for an unknown subscription refused", {
      subscriptionId: n.subscriptionId.slice(0, 64),
      remoteAddress: n.remoteAddress,
    });
    return { outcome: "refused" };
  }
  const secret = openSubscriptionSecret(deps, subscription.id, subscription.secretSealed);
  const check = secret
    ? checkNotificationSignature(n.signature, secret, n.body)
    : ({ ok: false, reason: "cannot_check" } as const);
  if (!check.ok) {
    // Never the body nor the secret, nor the signature sent: the log says who tried, where, and what was wrong.
    logger.warn("dcsa notification refused: bad signature", {
      subscriptionId: subscription.id,
      remoteAddress: n.remoteAddress,
      reason: check.reason,
    });
    return { outcome: "refused" };
  }
  let events: unknown;
  try {
    events = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(n.body));
  } catch {
    return {
      outcome: "unreadable",
      detail: "The notification body is not JSON in UTF-8.",
    };
  }
  if (!Array.isArray(events))
    return {
      outcome: "unreadable",
      detail: "The notification body must be a JSON array of DCSA events.",
    };
  // The subscription's own reference counts even when the events name none (a carrier may send them bare).
  const references = [...new Set([subscription.reference, ...referencesNamedBy(events)])];
  const due = await makeNotifiedWorkDue(db, subscription, references, deps.clock.now());
  logger.debug("dcsa notification accepted", {
    subscriptionId: subscription.id,
    events: events.length,
    shipments: due.shipments,
    trackingRequests: due.trackingRequests,
  });
  return { outcome: "accepted", ...due };
}

function openSubscriptionSecret(
  deps: NotificationReceiverDeps,
  subscriptionId: string,
  sealed: string,
): Buffer | undefined {
  if (!deps.secretsKey) {
    deps.logger.error("dcsa notification cannot be checked: the service has no SECRETS_KEY", {
      subscriptionId,
    });
    return undefined;
  }
  try {
    return openSecret(sealed, deps.secretsKey);
  } catch (error) {
    if (!(error instanceof SealedSecretError)) throw error;
    deps.logger.error(
      "dcsa notification cannot be checked: its secret was sealed under another SECRETS_KEY",
      {
        subscriptionId,
      },
    );
    return undefined;
  }
}
