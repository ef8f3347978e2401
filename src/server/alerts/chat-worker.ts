// The chat worker: sends the alerts' Slack and Teams messages queued with them (their own outbox rows), through the
// webhooks' outbound address guard (resolved, checked, connected to exactly that address, no redirects), signed as
// webhook notifications are (Standard Webhooks headers, with the rule's secret), and retried on the webhooks'
// schedule in real time, never on a sped-up demo clock. A receiver that says the address is gone (404, 410) or
// refuses the message (400, 403), an address the guard refuses, or a person no longer a member of the account:
// given up at once, with the reason in the person's history.
import type { OutageReporter } from "../background-errors";
import { type ChatClaim, claimDueChat, settleChat } from "../db/alert-deliveries";
import type { Db } from "../db/connection";
import type { Logger } from "../logger";
import { postWebhook, USER_AGENT } from "../net/guarded-post";
import type { Resolver } from "../net/outbound-guard";
import { MAX_ATTEMPTS, retryDelayMs } from "../net/retry-schedule";
import { standardWebhooksSignature } from "../net/webhook-signing";
import { pollingLoop } from "../polling-loop";

/** Answers of an incoming webhook that trying again will not change. */
const FINAL_STATUSES = new Set([400, 403, 404, 410]);
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

export interface ChatWorkerOptions {
  db: Db;
  logger: Logger;
  outage?: OutageReporter;
  /** Let messages reach loopback and private addresses (local development and tests only). */
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  intervalMs?: number;
  /** Real time. */
  now?: () => Date;
  random?: () => number;
}

export interface ChatWorker {
  start(): void;
  wake(): void;
  /** One pass now (tests): claims and settles what is due; answers how many were handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createChatWorker(options: ChatWorkerOptions): ChatWorker {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());

  const handle = async (claim: ChatClaim) => {
    if (!claim.member) {
      await settleChat(db, claim.id, {
        status: "failed",
        error: "the person is no longer a member of the account",
      });
      return;
    }
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      // The same on every attempt: a receiver that checks deduplicates on it.
      "webhook-id": claim.id,
      "webhook-timestamp": String(timestamp),
    };
    if (claim.secret)
      headers["webhook-signature"] = standardWebhooksSignature(
        claim.secret,
        claim.id,
        timestamp,
        claim.payload,
      );
    const result = await postWebhook(claim.target, claim.payload, headers, {
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      allowPrivateAddresses: options.allowPrivateAddresses,
      resolve: options.resolve,
    });
    if (result.ok) {
      await settleChat(db, claim.id, { status: "sent", at: now() });
      logger.info("chat message sent", { channel: claim.channel });
      return;
    }
    // The receiver's own words help most ("no_service", "invalid_payload"); the address is never logged.
    const answer = result.responseHead?.trim().slice(0, 200);
    const error = `${result.error ?? "failed"}${answer ? `: ${answer}` : ""}`;
    const final = result.refused || (result.statusCode !== null && FINAL_STATUSES.has(result.statusCode));
    if (final || claim.attempts >= MAX_ATTEMPTS) {
      const reason = final ? error : `given up after ${claim.attempts} attempts: ${error}`;
      await settleChat(db, claim.id, { status: "failed", error: reason });
      logger.warn("chat message given up", { channel: claim.channel, attempts: claim.attempts, error });
      return;
    }
    const nextAttemptAt = new Date(now().getTime() + retryDelayMs(claim.attempts, options.random));
    await settleChat(db, claim.id, { status: "retry", nextAttemptAt, error });
    logger.warn("chat message failed; will retry", {
      channel: claim.channel,
      attempts: claim.attempts,
      error,
    });
  };

  const runOnce = async () => {
    const at = now();
    const claims = await claimDueChat(db, {
      now: at,
      leaseUntil: new Date(at.getTime() + LEASE_MS),
      limit: 20,
    });
    // Side by side: one slow receiver (up to its timeout) does not hold the others back.
    await Promise.all(claims.map(handle));
    return claims.length;
  };

  const loop = pollingLoop(runOnce, {
    logger,
    outage: options.outage,
    intervalMs: options.intervalMs ?? 1_000,
    failure: "chat pass failed",
  });
  return { start: () => loop.start(), wake: () => loop.wake(), runOnce, stop: () => loop.stop() };
}
