// The service's own part of the authentication library, as a plugin (last in the list, so that its after-hooks
// see what the others decided): the sign-up gate (only the first account at first run; otherwise people come by
// invitation), the password rules, the guessing limits on sign-in, the activity log of sign-ins, sign-outs,
// password and two-factor changes, and the endpoints an invitation link and the sign-in page use.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { invitationByTokenHash } from "../db/invitations";
import { accountCount, findUserByEmail, getUser, membershipsOf, userIdOfResetToken } from "../db/people";
import { sessionByToken, setActiveAccount } from "../db/sessions";
import type { Logger } from "../logger";
import { entry, type Origin } from "./activity";
import { createFirstAccount } from "./first-account";
import { acceptInvitation, invitationStatus } from "./invitations";
import { passwordProblem } from "./passwords";
import { SignInGuard } from "./sign-in-guard";
import { ssoProviderForEmail } from "./sso";
import { tokenHash } from "./tokens";

/** The header the service sets to the client's address; the same name as auth.ts exports (no import cycle). */
const CLIENT_ADDRESS = "x-boxtrack-client-address";

interface PluginOptions {
  db: Db;
  logger: Logger;
  now: () => Date;
  firstAccountSignUp: boolean;
  publicUrl: string;
}

// Hooks receive the library's endpoint context; the little of it these hooks read, typed here.
interface HookContext {
  path?: string;
  body?: Record<string, unknown>;
  headers?: Headers;
  request?: Request;
  context: {
    returned?: unknown;
    newSession?: {
      session: { id: string; activeOrganizationId?: string | null };
      user: { id: string; email: string; name: string };
    } | null;
    session?: { session: { id: string }; user: { id: string; email: string; name: string } } | null;
    authCookies: { sessionToken: { name: string } };
    secret: string;
    boxtrack?: Captured;
  };
  getSignedCookie(name: string, secret: string): Promise<string | null | false>;
}

/** What a before-hook learns for its after-hook (who is signing out, whose password a reset link resets). */
interface Captured {
  user?: { id: string; email: string; name: string; accountId?: string };
  hadSession?: boolean;
}

const headerOf = (ctx: HookContext, name: string) =>
  ctx.headers?.get(name) ?? ctx.request?.headers.get(name) ?? null;

function originOf(ctx: HookContext, now: Date): Origin {
  return { ipAddress: headerOf(ctx, CLIENT_ADDRESS) || null, userAgent: headerOf(ctx, "user-agent"), now };
}

const failedWith = (returned: unknown, status: string) =>
  returned instanceof APIError &&
  (returned.status === status || (returned as { statusCode?: number }).statusCode === 401);

export function boxtrackPlugin(options: PluginOptions) {
  const { db, now } = options;
  const guard = new SignInGuard(db);

  /** The accounts a person's event belongs in: the session's active one, else all theirs. */
  const accountsOf = async (userId: string, active?: string | null): Promise<string[]> => {
    if (active) return [active];
    return (await membershipsOf(db, userId)).map((m) => m.accountId);
  };

  const log = async (
    ctx: HookContext,
    kind: Parameters<typeof entry>[1],
    user: { id: string; email: string; name: string },
    what: string,
    active?: string | null,
    details?: Record<string, unknown>,
  ) => {
    const origin = originOf(ctx, now());
    const name = user.name || user.email;
    const ids = await accountsOf(user.id, active);
    await recordActivities(
      db,
      ids.map((accountId) =>
        entry(
          accountId,
          kind,
          { type: "user", userId: user.id, name },
          origin,
          `${name} ${what}`,
          { type: "user", id: user.id },
          details,
        ),
      ),
    );
  };

  /** The signed-in person of the request's cookie, read before a hook changes it (a sign-out deletes it). */
  const currentSession = async (ctx: HookContext) => {
    const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (!token) return undefined;
    return sessionByToken(db, token);
  };

  const checkPassword = async (password: unknown) => {
    const problem = await passwordProblem(password);
    if (problem) throw new APIError("BAD_REQUEST", { code: "PASSWORD_NOT_ACCEPTED", message: problem });
  };

  return {
    id: "boxtrack",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            if (!options.firstAccountSignUp || (await firstAccountTaken(db)))
              throw new APIError("FORBIDDEN", {
                code: "SIGN_UP_CLOSED",
                message:
                  "Sign-up is closed: people join an account by invitation. Ask an admin of your company to invite you.",
              });
            await checkPassword(ctx.body?.password);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password" || ctx.path === "/change-password",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            await checkPassword(ctx.body?.newPassword);
            if (ctx.path === "/reset-password" && typeof ctx.body?.token === "string") {
              const userId = await userIdOfResetToken(db, ctx.body.token);
              const user = userId ? await getUser(db, userId) : undefined;
              if (user) ctx.context.boxtrack = { user };
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
            const wait = await guard.retryAfterSeconds(email, headerOf(ctx, CLIENT_ADDRESS) ?? "", now());
            if (wait > 0)
              throw new APIError(
                "TOO_MANY_REQUESTS",
                {
                  code: "TOO_MANY_ATTEMPTS",
                  message: `Too many failed sign-ins for this email or from this address; try again in ${wait} seconds.`,
                },
                { "Retry-After": String(wait) },
              );
          }),
        },
        {
          // Reset and verification links share one budget per email and per address (sign-in-guard.ts).
          matcher: (ctx) => ctx.path === "/request-password-reset" || ctx.path === "/send-verification-email",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
            const wait = await guard.mailedLinkWaitSeconds(email, headerOf(ctx, CLIENT_ADDRESS) ?? "", now());
            if (wait > 0) {
              const reset = ctx.path === "/request-password-reset";
              throw new APIError(
                "TOO_MANY_REQUESTS",
                {
                  code: reset ? "TOO_MANY_RESET_LINKS" : "TOO_MANY_VERIFICATION_LINKS",
                  message: `Several ${reset ? "reset" : "verification"} links were asked for this email or from this address already; look for them in the mail, or ask again in ${wait} seconds.`,
                },
                { "Retry-After": String(wait) },
              );
            }
          }),
        },
        {
          // Two-factor stays on while an account of the person's requires it: turning it off would only lock them
          // out of that account (an owner stops requiring it first, in Settings → Sign-in).
          matcher: (ctx) => ctx.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            const session = await currentSession(ctx);
            if (!session) return;
            const requiring = (await membershipsOf(db, session.userId)).filter((m) => m.requireTwoFactor);
            if (requiring.length === 0) return;
            const names = requiring.map((m) => m.companyName).join(", ");
            throw new APIError("FORBIDDEN", {
              code: "TWO_FACTOR_REQUIRED_BY_ACCOUNT",
              message: `${names} ${requiring.length === 1 ? "requires" : "require"} two-factor sign-in, so it cannot be turned off. An owner can stop requiring it in Settings → Sign-in first.`,
            });
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === "/sign-out" ||
            ctx.path === "/two-factor/verify-totp" ||
            ctx.path === "/two-factor/disable" ||
            ctx.path === "/revoke-session" ||
            ctx.path === "/revoke-sessions" ||
            ctx.path === "/revoke-other-sessions",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            const session = await currentSession(ctx);
            ctx.context.boxtrack = session
              ? {
                  hadSession: true,
                  user: {
                    id: session.userId,
                    email: session.email,
                    name: session.name,
                    accountId: session.account?.id,
                  },
                }
              : { hadSession: false };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            const email = typeof ctx.body?.email === "string" ? ctx.body.email : "";
            const address = headerOf(ctx, CLIENT_ADDRESS) ?? "";
            const returned = ctx.context.returned;
            if (failedWith(returned, "UNAUTHORIZED")) {
              await guard.failed(email, address, now());
              const user = email ? await findUserByEmail(db, email) : undefined;
              const origin = originOf(ctx, now());
              const ids = user ? (await membershipsOf(db, user.id)).map((m) => m.accountId) : [];
              // An email nobody has belongs to no account: the entry is the operator's (account_id null).
              await recordActivities(
                db,
                (ids.length ? ids : [null]).map((accountId) =>
                  entry(
                    accountId,
                    "session.sign_in_failed",
                    { type: "anonymous", name: email.slice(0, 200) },
                    origin,
                    `Failed sign-in for ${email.slice(0, 200)}`,
                    user ? { type: "user", id: user.id } : undefined,
                  ),
                ),
              );
              return;
            }
            if (returned instanceof APIError) return;
            // The password was right: whether a second factor is still to come or not, the email's count starts again.
            await guard.succeeded(email);
            const signedIn = ctx.context.newSession;
            if (signedIn)
              await log(
                ctx,
                "session.signed_in",
                signedIn.user,
                "signed in",
                signedIn.session.activeOrganizationId,
              );
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === "/two-factor/verify-totp" ||
            ctx.path === "/two-factor/verify-backup-code" ||
            ctx.path === "/sign-up/email" ||
            (ctx.path?.startsWith("/sso/callback") ?? false),
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            if (ctx.context.returned instanceof APIError) return;
            if (ctx.path === "/sign-up/email" && ctx.context.newSession) {
              const { user, session } = ctx.context.newSession;
              const companyName = typeof ctx.body?.company_name === "string" ? ctx.body.company_name : "";
              const accountId = await createFirstAccount(db, {
                userId: user.id,
                sessionId: session.id,
                companyName,
                now: now(),
              });
              if (!accountId) {
                throw new APIError("FORBIDDEN", {
                  code: "SIGN_UP_CLOSED",
                  message: "Sign-up is closed: another person created the first account a moment ago.",
                });
              }
              await log(ctx, "session.signed_in", user, "signed up and created the account", accountId);
              return;
            }
            const captured = ctx.context.boxtrack;
            if (ctx.path === "/two-factor/verify-totp" && captured?.hadSession && captured.user) {
              await log(
                ctx,
                "two_factor.enabled",
                captured.user,
                "turned on two-factor sign-in",
                captured.user.accountId,
              );
              return;
            }
            const signedIn = ctx.context.newSession;
            if (signedIn) {
              const how = ctx.path?.startsWith("/sso/")
                ? "signed in through single sign-on"
                : "signed in with a second factor";
              await log(ctx, "session.signed_in", signedIn.user, how, signedIn.session.activeOrganizationId);
            }
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === "/sign-out" ||
            ctx.path === "/two-factor/disable" ||
            ctx.path === "/revoke-session" ||
            ctx.path === "/revoke-sessions" ||
            ctx.path === "/revoke-other-sessions" ||
            ctx.path === "/change-password" ||
            ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (c) => {
            const ctx = c as unknown as HookContext;
            if (ctx.context.returned instanceof APIError) return;
            const user = ctx.context.boxtrack?.user ?? ctx.context.session?.user;
            if (!user) return;
            const active = ctx.context.boxtrack?.user?.accountId;
            const words: Record<string, [Parameters<typeof entry>[1], string]> = {
              "/sign-out": ["session.signed_out", "signed out"],
              "/two-factor/disable": ["two_factor.disabled", "turned off two-factor sign-in"],
              "/revoke-session": ["session.revoked", "ended one of their sessions"],
              "/revoke-sessions": ["session.revoked", "ended all their sessions"],
              "/revoke-other-sessions": ["session.revoked", "ended their other sessions"],
              "/change-password": ["password.changed", "changed their password (their other sessions ended)"],
              "/reset-password": ["password.reset", "reset their password by email (every session ended)"],
            };
            const [kind, what] = words[ctx.path ?? ""] ?? [];
            if (kind && what) await log(ctx, kind, user, what, active);
          }),
        },
      ],
    },
    endpoints: {
      invitationInfo: createAuthEndpoint(
        "/invitation",
        { method: "GET", query: z.object({ token: z.string().max(200) }) },
        async (ctx) => {
          const found = await invitationByTokenHash(db, tokenHash(ctx.query.token));
          if (!found)
            throw new APIError("NOT_FOUND", {
              code: "INVITATION_NOT_FOUND",
              message: "This invitation link is not valid.",
            });
          const existing = await findUserByEmail(db, found.invitation.email);
          return ctx.json({
            email: found.invitation.email,
            company_name: found.companyName,
            role: found.invitation.role,
            status: invitationStatus(found.invitation, now()),
            expires_at: found.invitation.expiresAt.toISOString(),
            person_exists: existing !== undefined,
          });
        },
      ),
      acceptInvitation: createAuthEndpoint(
        "/invitation/accept",
        {
          method: "POST",
          body: z.object({
            token: z.string().max(200),
            name: z.string().max(200).optional(),
            password: z.string().max(1000).optional(),
          }),
        },
        async (ctx) => {
          const signedIn = await getSessionFromCtx(ctx);
          const origin = {
            ipAddress: ctx.headers?.get(CLIENT_ADDRESS) ?? null,
            userAgent: ctx.headers?.get("user-agent") ?? null,
            now: now(),
          };
          const result = await acceptInvitation(db, {
            tokenHash: tokenHash(ctx.body.token),
            signedInUserId: signedIn?.user.id,
            name: ctx.body.name,
            password: ctx.body.password,
            hashPassword: (p) => ctx.context.password.hash(p),
            origin,
          });
          if (!result.ok) {
            const status =
              result.status === 401
                ? "UNAUTHORIZED"
                : result.status === 410
                  ? "GONE"
                  : result.status === 404
                    ? "NOT_FOUND"
                    : "BAD_REQUEST";
            throw new APIError(status, { code: result.code, message: result.message });
          }
          if (signedIn && signedIn.user.id === result.userId) {
            await setActiveAccount(db, signedIn.session.id, result.accountId);
            return ctx.json({ account_id: result.accountId, signed_in: true });
          }
          const user = await ctx.context.internalAdapter.findUserById(result.userId);
          if (!user) throw new APIError("INTERNAL_SERVER_ERROR");
          const session = await ctx.context.internalAdapter.createSession(result.userId, false, {
            activeOrganizationId: result.accountId,
          });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ account_id: result.accountId, signed_in: true });
        },
      ),
      signInMethod: createAuthEndpoint(
        "/sign-in/method",
        { method: "GET", query: z.object({ email: z.string().max(320) }) },
        async (ctx) => {
          const provider = await ssoProviderForEmail(db, ctx.query.email);
          return ctx.json(
            provider
              ? { method: "sso" as const, provider_id: provider.providerId }
              : { method: "password" as const },
          );
        },
      ),
      signUpStatus: createAuthEndpoint("/sign-up/status", { method: "GET" }, async (ctx) => {
        return ctx.json({ open: options.firstAccountSignUp && !(await firstAccountTaken(db)) });
      }),
    },
  } satisfies BetterAuthPlugin;
}

const firstAccountTaken = async (db: Db) => (await accountCount(db)) > 0;
