// JSON:API resources of people (`user`): the signed-in person and an account's members, as /v2/users gives them.
import type { Person } from "../../api/people";
import type { MemberRecord } from "../db/people";
import { splitName } from "./serialize";

export function personResource(m: MemberRecord): Person {
  const { first, last } = splitName(m.user.name);
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
      two_factor_enabled: m.user.twoFactorEnabled,
      single_sign_on: m.singleSignOn,
      created_at: m.user.createdAt.toISOString(),
      last_active_at: m.lastActiveAt?.toISOString() ?? null,
    },
    links: { self: `/v2/users/${m.user.id}` },
  };
}
