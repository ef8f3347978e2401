// Guessing limits on password sign-in: failures are counted per email and per client address, in the database
// (db/sign-in-failures.ts) so that they hold across processes and restarts. After a few free failures each
// further one doubles the wait (1 s, 2 s, 4 s, … up to 15 minutes), answered 429 with Retry-After before the
// password is even checked. An address gets more free failures than an email: many people may share one (a NAT).
// The same kind of counters hold back mailed links (password reset, email verification), so that nobody can fill a
// person's inbox with them.
import { createHash } from "node:crypto";
import type { Db } from "../db/connection";
import { normalizeEmail } from "../db/people";
import { blockedUntil, clearFailures, type FailurePolicy, recordFailure } from "../db/sign-in-failures";

export const EMAIL_POLICY: FailurePolicy = {
  free: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};
export const ADDRESS_POLICY: FailurePolicy = { ...EMAIL_POLICY, free: 20 };

/**
 * Links mailed on request (a password reset, an email verification), counted together: three a day per email for
 * free, then an hour apart at most (doubling from a minute).
 */
export const LINK_MAIL_POLICY: FailurePolicy = {
  free: 3,
  firstDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  forgetAfterMs: 24 * 3_600_000,
};
export const LINK_ADDRESS_POLICY: FailurePolicy = { ...LINK_MAIL_POLICY, free: 20 };

export const emailKey = (email: string) =>
  `email:${createHash("sha256").update(normalizeEmail(email)).digest("hex")}`;
export const addressKey = (address: string) => `address:${address || "unknown"}`;
const linkKey = (key: string) => `mailed-link-${key}`;

export class SignInGuard {
  constructor(
    private readonly db: Db,
    private readonly policies: { email: FailurePolicy; address: FailurePolicy } = {
      email: EMAIL_POLICY,
      address: ADDRESS_POLICY,
    },
  ) {}

  /** Seconds to wait before this email may try again from this address; 0 when it may now. */
  async retryAfterSeconds(email: string, address: string, now: Date): Promise<number> {
    const until = await blockedUntil(this.db, [emailKey(email), addressKey(address)], now);
    return until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 0;
  }

  async failed(email: string, address: string, now: Date): Promise<void> {
    await recordFailure(this.db, emailKey(email), now, this.policies.email);
    await recordFailure(this.db, addressKey(address), now, this.policies.address);
  }

  /**
   * Seconds before another link (reset, verification) may be mailed to this email or asked from this address; 0
   * when one may now, in which case this request is counted. Counted whether or not the email has a sign-in, so
   * that the answer never tells.
   */
  async mailedLinkWaitSeconds(email: string, address: string, now: Date): Promise<number> {
    const keys = [linkKey(emailKey(email)), linkKey(addressKey(address))];
    const until = await blockedUntil(this.db, keys, now);
    if (until) return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    await recordFailure(this.db, keys[0]!, now, LINK_MAIL_POLICY);
    await recordFailure(this.db, keys[1]!, now, LINK_ADDRESS_POLICY);
    return 0;
  }

  /** A good password forgets the email's failures (the address's decay by themselves). */
  async succeeded(email: string): Promise<void> {
    await clearFailures(this.db, emailKey(email));
  }
}
