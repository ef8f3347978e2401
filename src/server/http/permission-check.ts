// What an authenticated actor may do: the role (or key scope) each /v2 operation requires, the two-factor rule of
// an account that demands it, and the security log line of a refused write. http/actor.ts authenticates and then
// asks this.
import type { Context } from "hono";
import { allows } from "../../api/roles";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { entry, type Origin } from "../people/activity";
import type { Principal } from "./actor";
import type { AppEnv } from "./env";
import { ApiError } from "./errors";
import type { OperationTable } from "./route-permissions";

export interface PermissionDeps {
  db: Db;
  /** The documented operations and their permissions, read once the routes are registered. */
  operations: () => OperationTable;
  /** Real time: expiries are never on the sped-up demo clock. */
  now: () => Date;
}

/** The methods that change something: a refusal of one is logged, and a cookie-carried one must be same-origin. */
export const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Operations a person of an account that requires two-factor may reach before enrolling: who they are, the account
 * (its name and that it requires two-factor, which the dashboard needs to frame the page that sends them to enrol),
 * their sessions and their connected assistants.
 */
const BEFORE_TWO_FACTOR = new Set([
  "GET /v2/users/me",
  "GET /v2/account",
  "GET /v2/sessions",
  "DELETE /v2/sessions",
  // Security, the page that sends them to enrol, lists them: reading and revoking them gives nothing away.
  "GET /v2/connected_assistants",
]);

/**
 * What an assistant acting as a person never reaches, whatever the person's role: the person's own sign-in (their
 * sessions, their connected assistants, consent to another assistant). Managing people and the account (the
 * `people` and `account` permissions) is closed to it as well.
 */
const CLOSED_TO_ASSISTANTS = /^\/v2\/(sessions|connected_assistants|assistant_authorizations)(\/|$)/;

function originOf(c: Context<AppEnv>, address: string, now: Date): Origin {
  return { ipAddress: address || null, userAgent: c.req.header("user-agent") ?? null, now };
}

/** A security event in the account's log (a refused write, a cross-site request), outside any transaction. */
export async function recordRefusal(
  deps: PermissionDeps,
  c: Context<AppEnv>,
  principal: Principal,
  address: string,
  why: string,
): Promise<void> {
  const { actor, account } = principal;
  await recordActivities(deps.db, [
    entry(
      account.id,
      "security.refused",
      actor.kind === "user"
        ? { type: "user", userId: actor.userId, name: actor.name || actor.email }
        : { type: "api_key", apiKeyId: actor.keyId, name: actor.name },
      originOf(c, address, deps.now()),
      `Refused ${c.req.method} ${c.req.path.slice(0, 200)}: ${why}`,
      undefined,
      { method: c.req.method, path: c.req.path.slice(0, 200) },
    ),
  ]);
}

/**
 * The actor's role (or the key's scope) against the operation's declared permission (route-permissions.ts), and an
 * account's two-factor rule; a refused write is recorded in the account's log. An undocumented path is a 404 here,
 * before any handler runs.
 */
export async function checkPermission(
  deps: PermissionDeps,
  c: Context<AppEnv>,
  principal: Principal,
  address: string,
): Promise<void> {
  const path = c.req.path;
  if (!path.startsWith("/v2")) return;
  const method = c.req.method;
  if (method === "OPTIONS") return;
  const found = deps.operations().find(method, path);
  if (found === "none") {
    // Another method of a documented path: the 405 handlers answer. Nothing documented: nothing to reach.
    if (deps.operations().hasPath(path)) return;
    throw new ApiError(404, {
      code: "route_not_found",
      detail: `There is no endpoint ${method} ${path}; see /v2/docs.`,
    });
  }
  if (found === "undeclared")
    throw new ApiError(403, {
      code: "permission_undeclared",
      detail: "This operation declares no permission, so nobody may call it.",
    });
  const { actor } = principal;
  const key = `${method === "HEAD" ? "GET" : method} ${path.replace(/\/+$/, "")}`;
  if (
    actor.kind === "user" &&
    principal.account.requireTwoFactor &&
    !actor.twoFactorEnabled &&
    !BEFORE_TWO_FACTOR.has(key) &&
    !(method === "DELETE" && /^\/v2\/(sessions|connected_assistants)\//.test(path))
  )
    throw new ApiError(403, {
      code: "two_factor_enrollment_required",
      detail:
        "This account requires two-factor sign-in: turn it on first (POST /api/auth/two-factor/enable, then /api/auth/two-factor/verify-totp).",
      meta: { enroll: "/api/auth/two-factor/enable" },
    });
  if (
    actor.kind === "user" &&
    actor.assistant &&
    (found.permission === "people" || found.permission === "account" || CLOSED_TO_ASSISTANTS.test(path))
  ) {
    if (UNSAFE.has(method))
      await recordRefusal(
        deps,
        c,
        principal,
        address,
        `the assistant "${actor.assistant.clientName}" tried it`,
      );
    throw new ApiError(403, {
      code: "forbidden",
      detail:
        "An assistant signed in over OAuth cannot manage people, API keys, sessions, connected assistants or account settings; do that in the dashboard.",
      meta: { permission: found.permission },
    });
  }
  const verdict = allows(
    actor.kind === "user" ? { kind: "user", role: actor.role } : { kind: "api_key", scope: actor.scope },
    found.permission,
  );
  if (!verdict.ok) {
    if (UNSAFE.has(method)) await recordRefusal(deps, c, principal, address, verdict.why);
    throw new ApiError(403, {
      code: "forbidden",
      detail: verdict.why,
      meta: { permission: found.permission },
    });
  }
  c.set("permission", found.permission);
}
