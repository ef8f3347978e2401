// What the people routes share: the request's actor as the domain code names it (a Doer), where the request came
// from (for the activity log), and a domain refusal as the JSON:API error it answers with.
import type { Context } from "hono";
import type { ActivityKind } from "../../api/people";
import type { Role } from "../../api/roles";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { recordIdempotentSubject } from "../db/idempotency-keys";
import type { TrackingActor } from "../db/shipments";
import { type Doer, doneBy, type Origin } from "../people/activity";
import type { Refusal } from "../people/roles";
import type { Principal } from "./actor";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import { pageDocument } from "./paging";

export function doerOf(principal: Principal): Doer {
  const { actor } = principal;
  return actor.kind === "user"
    ? { kind: "user", userId: actor.userId, name: viaAssistant(actor), email: actor.email }
    : { kind: "api_key", keyId: actor.keyId, name: actor.name };
}

/** A person's name as the activity log tells it, naming the assistant when one acted for them. */
function viaAssistant(actor: Principal["actor"] & { kind: "user" }): string {
  if (!actor.assistant) return actor.name;
  return `${actor.name || actor.email} (through the assistant "${actor.assistant.clientName}")`;
}

/** The signed-in person of the request (the `people` and `self` permissions are theirs only, never a key's). */
export function personOf(principal: Principal): {
  doer: Doer & { kind: "user" };
  role: Role;
  sessionId: string;
} {
  const { actor } = principal;
  if (actor.kind !== "user")
    throw new ApiError(403, {
      code: "forbidden",
      detail: "Only a signed-in person can do this; an API key cannot.",
    });
  return {
    doer: { kind: "user", userId: actor.userId, name: actor.name, email: actor.email },
    role: actor.role,
    sessionId: actor.sessionId,
  };
}

/** What the people routers read beside the database. */
export interface PeopleRouteDeps {
  db: Db;
  /** Real time (links, sessions, the activity log's times); the system's by default. */
  now?: () => Date;
  /** PUBLIC_URL: the base of the links in mail. */
  publicUrl: string;
  /** SECRETS_KEY: seals single sign-on secrets. */
  secretsKey: Buffer | undefined;
  /** SSO_TRUSTED_ISSUERS: issuer origins on private addresses that single sign-on may use. */
  trustedIssuers: string[];
  /** Told when mail was queued: the mail worker sends it at once. */
  onMailQueued?: () => void;
  /** Told when sessions ended, keys were revoked or roles changed here: this process forgets what it remembered. */
  forgetCredentials?: () => void;
  /** The address the account's paperwork can be mailed to, null when the service takes no mail in. */
  inboundAddress: (accountId: string) => Promise<string | null>;
}

export function originOfRequest(c: Context<AppEnv>, now: () => Date = () => new Date()): Origin {
  const address = clientAddress(c);
  return { ipAddress: address || null, userAgent: c.req.header("user-agent") ?? null, now: now() };
}

/** The actor of a stop or resume as the shipment and its activity entry record it. */
export function trackingActor(c: Context<AppEnv>): TrackingActor {
  const { actor } = c.get("principal");
  const origin = originOfRequest(c);
  return {
    type: actor.kind,
    userId: actor.kind === "user" ? actor.userId : null,
    apiKeyId: actor.kind === "api_key" ? actor.keyId : null,
    name: actor.kind === "user" ? viaAssistant(actor) || actor.email : `API key "${actor.name}"`,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
  };
}

/**
 * Runs a write and records its activity entry in one transaction: the entry exists exactly when the change does.
 * `describe` words the change from what the write returned (undefined: nothing changed, nothing recorded).
 */
export async function withActivity<T>(
  c: Context<AppEnv>,
  db: Db,
  write: (tx: Db) => Promise<T>,
  describe: (result: T) =>
    | {
        kind: ActivityKind;
        what: string;
        subject?: { type: string; id: string };
        details?: Record<string, unknown>;
      }
    | undefined,
): Promise<T> {
  const principal = c.get("principal");
  const origin = originOfRequest(c);
  return db.transaction(async (tx) => {
    const result = await write(tx);
    const change = describe(result);
    if (change)
      await recordActivities(tx, [
        doneBy(
          principal.account.id,
          change.kind,
          doerOf(principal),
          origin,
          change.what,
          change.subject,
          change.details,
        ),
      ]);
    // A POST with an Idempotency-Key notes what it created in the same transaction: a retry after a crash between
    // this commit and the answer then finds it (http/idempotency.ts) instead of creating it again.
    const idempotency = c.get("idempotency");
    if (idempotency && change?.subject && change.kind.endsWith(".created")) {
      await recordIdempotentSubject(tx, idempotency.accountId, idempotency.key, change.subject);
    }
    return result;
  });
}

export function refusalError(refusal: Refusal): ApiError {
  return new ApiError(refusal.status, {
    code: refusal.code,
    detail: refusal.message,
    ...(refusal.pointer ? { source: { pointer: refusal.pointer } } : {}),
  });
}

/** A list that is never long (an account's members, a person's sessions) as one whole page. */
export function wholeList<D>(url: string, data: D[]) {
  return pageDocument(
    url,
    { number: 1, size: Math.max(1, data.length), offset: 0 },
    { total: data.length },
    data,
  );
}
