// JSON:API resources of an account and of a user as another resource names them (the creator of a request, the
// person behind an action); the signed-in person and members are in people.ts.
import type { Account, User } from "../../api/reference";

/** A person as the hosted API's `user` (an included stopper): the name's first word and the rest. */
export function userResource(u: { id: string; email: string; name: string }): User {
  const { first, last } = splitName(u.name);
  return { id: u.id, type: "user", attributes: { email: u.email, first_name: first, last_name: last } };
}

/** "Ana María Ruiz" -> Ana / María Ruiz; an empty name has neither. */
export function splitName(name: string): { first: string | null; last: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, last: null };
  return { first: words[0]!, last: words.length > 1 ? words.slice(1).join(" ") : null };
}

export function accountResource(a: { id: string; companyName: string }): Account {
  return { id: a.id, type: "account", attributes: { company_name: a.companyName } };
}
