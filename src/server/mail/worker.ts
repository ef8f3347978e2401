// The mail worker: claims due messages from the outbox (leases, so that processes on one PostgreSQL share the
// work and a stopped process's claims are taken over), sends them, and retries failures with backoff in real time.
// Without an SMTP transport (no SMTP_URL) each message is kept for /dev/mail and its links are logged.
import type { OutageReporter } from "../background-errors";
import type { Db } from "../db/connection";
import {
  claimDueMail,
  clearEmailFailing,
  type MailClaim,
  markEmailFailing,
  settleMail,
} from "../db/mail-outbox";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import { pollingLoop } from "../polling-loop";
import { type MailTransport, refusalOf } from "./transport";

/** Attempts before a message is given up on (about a day with the backoff below). */
export const MAIL_ATTEMPTS = 10;
const LEASE_MS = 60_000;
/** Messages claimed (and sent side by side) in one pass. */
const CLAIM_BATCH = 50;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface MailWorker {
  /** Sets the loop going: a pass at once, then one whenever woken or every interval. */
  start(): void;
  wake(): void;
  /** One pass now (tests): claims and settles what is due; resolves with how many were handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Db;
  logger: Logger;
  transport: MailTransport | undefined;
  outage?: OutageReporter;
  intervalMs?: number;
  /** Real time: retries and leases never run on a sped-up demo clock. */
  now?: () => Date;
}

/** The worker, not yet running: the service starts it, tests drive it with `runOnce`. */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, logger, transport } = options;
  const now = options.now ?? (() => new Date());

  const handle = async (claim: MailClaim) => {
    if (!transport) {
      await settleMail(db, claim, { status: "kept", at: now() });
      // The operator's only copy besides /dev/mail: the links are what they need (a reset, an invitation).
      logger.info("mail kept (no SMTP_URL): read it at /dev/mail", { kind: claim.kind, links: claim.links });
      return;
    }
    try {
      await transport.send(claim);
      // The address takes mail again (a mailbox made, a typo fixed): no longer shown as failing. One write with the
      // outcome, as a refusal's is below.
      await db.transaction(async (tx) => {
        await settleMail(tx, claim, { status: "sent", at: now() });
        await clearEmailFailing(tx, claim.to);
      });
      logger.info("mail sent", { kind: claim.kind });
    } catch (error) {
      const safe = logSafeError(error);
      const refusal = refusalOf(error);
      const reason =
        refusal.response ?? (typeof safe.error === "string" ? safe.error.slice(0, 300) : "send failed");
      if (refusal.permanent) {
        // Refused for good: trying again for a day would only be refused again, and hide it meanwhile. The outcome
        // and the address's failing mark are one write, so that no page reads the bounce in the delivery history
        // without the "email not delivered" banner that goes with it (a reload between two writes did, under load).
        await db.transaction(async (tx) => {
          await settleMail(tx, claim, { status: "failed", error: reason });
          if (refusal.address) await markEmailFailing(tx, claim.to, reason, now());
        });
        logger.warn("mail refused for good", { kind: claim.kind, address: refusal.address, ...safe });
      } else if (claim.attempts >= MAIL_ATTEMPTS) {
        await settleMail(db, claim, { status: "failed", error: reason });
        logger.warn("mail given up", { kind: claim.kind, attempts: claim.attempts, ...safe });
      } else {
        await settleMail(db, claim, {
          status: "retry",
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(claim.attempts)),
          error: reason,
        });
        logger.warn("mail send failed; will retry", { kind: claim.kind, attempts: claim.attempts, ...safe });
      }
    }
  };

  const runOnce = async () => {
    const at = now();
    const claims = await claimDueMail(db, {
      now: at,
      leaseUntil: new Date(at.getTime() + LEASE_MS),
      limit: CLAIM_BATCH,
    });
    // Side by side, over the transport's pooled connections: one at a time, a burst (a morning's summaries, a
    // change that tells many people) waited a round trip per message.
    await Promise.all(claims.map(handle));
    return claims.length;
  };

  const loop = pollingLoop(runOnce, {
    logger,
    outage: options.outage,
    intervalMs: options.intervalMs ?? 1_000,
    failure: "mail pass failed",
  });

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    runOnce,
    async stop() {
      await loop.stop();
      transport?.close();
    },
  };
}
