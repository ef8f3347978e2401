// The activity log's entries, in one place so that every change is worded alike: who (a person, a key, the
// service, someone not signed in), what (a kind of `src/api/people.ts`), about what, from where, and when.
import type { ActivityKind } from "../../api/people";
import type { ActivityActor, NewActivity } from "../db/activities";

/** Where a request came from, as the activity log keeps it. */
export interface Origin {
  ipAddress: string | null;
  userAgent: string | null;
  now: Date;
}

/** The actor of a request: a person or a key of the account (http/actor.ts resolves it). */
export type Doer =
  | { kind: "user"; userId: string; name: string; email: string }
  | { kind: "api_key"; keyId: string; name: string };

export function actorOf(doer: Doer): ActivityActor {
  return doer.kind === "user"
    ? { type: "user", userId: doer.userId, name: doer.name || doer.email }
    : { type: "api_key", apiKeyId: doer.keyId, name: doer.name };
}

export const displayName = (doer: Doer) =>
  doer.kind === "user" ? doer.name || doer.email : `API key "${doer.name}"`;

export function entry(
  accountId: string | null,
  kind: ActivityKind,
  actor: ActivityActor,
  origin: Origin,
  summary: string,
  subject?: { type: string; id: string },
  details?: Record<string, unknown>,
): NewActivity {
  return {
    accountId,
    kind,
    actor,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent,
    subjectType: subject?.type ?? null,
    subjectId: subject?.id ?? null,
    summary,
    details,
    occurredAt: origin.now,
  };
}

/** An entry for something a request's actor did. */
export function doneBy(
  accountId: string,
  kind: ActivityKind,
  doer: Doer,
  origin: Origin,
  what: string,
  subject?: { type: string; id: string },
  details?: Record<string, unknown>,
): NewActivity {
  return entry(accountId, kind, actorOf(doer), origin, `${displayName(doer)} ${what}`, subject, details);
}
