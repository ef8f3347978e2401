// JSON:API resources of people (`user`): the signed-in person and an account's members, as /v2/users gives them.
import type { MorningSummary, Person } from "../../api/people";
import type { FailingEmail } from "../db/mail-outbox";
import type { SummarySettings } from "../db/morning-summaries";
import type { MemberRecord } from "../db/people";
import { splitName } from "./account";

/** `failing`: the failing addresses among the people's (`failingEmailsAmong`), by address in lower case. */
export function personResource(m: MemberRecord, failing?: Map<string, FailingEmail>): Person {
  const { first, last } = splitName(m.user.name);
  const failure = failing?.get(m.user.email.toLowerCase());
  return {
    id: m.user.id,
    type: "user",
    attributes: {
      email: m.user.email,
      name: m.user.name,
      first_name: first,
      last_name: last,
      role: m.role,
      email_verified: m.user.emailVerified,
      email_failing: failure ? { reason: failure.reason, since: failure.failedAt.toISOString() } : null,
      two_factor_enabled: m.user.twoFactorEnabled,
      single_sign_on: m.singleSignOn,
      created_at: m.user.createdAt.toISOString(),
      last_active_at: m.lastActiveAt?.toISOString() ?? null,
    },
    links: { self: `/v2/users/${m.user.id}` },
  };
}

/** A person's morning summary settings as `/v2/users/me` gives them. */
export function morningSummaryResource(s: SummarySettings): MorningSummary {
  return {
    enabled: s.enabled,
    time: s.time,
    time_zone: s.timeZone,
    days: s.days,
    next_at: s.nextAt?.toISOString() ?? null,
  };
}
