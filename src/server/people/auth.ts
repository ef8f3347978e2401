// The authentication library, configured: Better Auth over our Drizzle schema (its `user` is `users`, its
// `organization` our `accounts`, its credential "account" `user_logins`), email and password with our password
// rules, email verification and password reset by mail (through the outbox), two-factor (TOTP and recovery
// codes), organizations (accounts: members, the active account of a session) and OpenID Connect single sign-on.
// Mounted as one handler under /api/auth (http/auth-routes.ts). What it does not do is ours: roles on /v2,
// invitations (people/invitations.ts, accepted through this plugin's endpoints), API keys, the activity log.
import { sso } from "@better-auth/sso";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { organization, twoFactor } from "better-auth/plugins";
import { authTables } from "../db/auth-tables";
import type { Db } from "../db/connection";
import { membershipsOf } from "../db/people";
import type { Logger } from "../logger";
import { passwordResetMessage, sendLater, verificationMessage } from "../mail/messages";
import { boxtrackPlugin } from "./auth-plugin";

/** Better Auth's routes are under this path of the service. */
export const AUTH_BASE_PATH = "/api/auth";
/** Our cookies' prefix: `boxtrack.session_token` (`__Secure-boxtrack.session_token` over HTTPS). */
export const COOKIE_PREFIX = "boxtrack";
/** The header the service sets to the client's address (http/auth-routes.ts), after dropping any a client sent. */
export const CLIENT_ADDRESS_HEADER = "x-boxtrack-client-address";

export interface SessionLifetime {
  /** A session unused this long ends (7 days by default). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not (30 days by default). */
  absoluteMs: number;
}

export interface AuthOptions {
  db: Db;
  logger: Logger;
  secret: string;
  /** The service's public address (PUBLIC_URL): links in mail, the SSO callback, and whether cookies are Secure. */
  publicUrl: string;
  /** Origins a browser may call /api/auth from besides publicUrl's (the loopback names of a local service). */
  extraOrigins: string[];
  session: SessionLifetime;
  /** Opens `/sign-up/email` while the installation has no account yet (DEMO=0 at first run). */
  firstAccountSignUp: boolean;
  /** SECRETS_KEY: seals single sign-on providers' client secrets; without it none can be registered. */
  secretsKey: Buffer | undefined;
  /** Origins of OpenID Connect issuers on private or loopback addresses the operator allows (SSO_TRUSTED_ISSUERS). */
  trustedIssuers: string[];
  /** Real time: when guessing limits, links and sessions expire. */
  now?: () => Date;
}

/** The paths of the library's endpoints that would bypass our roles, invitations or activity log: not served. */
export const DISABLED_AUTH_PATHS = [
  "/organization/create",
  "/organization/update",
  "/organization/delete",
  "/organization/check-slug",
  "/organization/invite-member",
  "/organization/cancel-invitation",
  "/organization/accept-invitation",
  "/organization/reject-invitation",
  "/organization/get-invitation",
  "/organization/list-invitations",
  "/organization/list-user-invitations",
  "/organization/remove-member",
  "/organization/update-member-role",
  "/organization/add-member",
  "/organization/leave",
  "/organization/has-permission",
  "/sso/register",
  "/sso/update-provider",
  "/sso/delete-provider",
  "/sso/providers",
  "/sso/get-provider",
  "/sso/request-domain-verification",
  "/sso/verify-domain",
  "/change-email",
  "/delete-user",
  "/link-social",
  "/unlink-account",
];

export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const secure = options.publicUrl.startsWith("https://");
  const publicOrigin = new URL(options.publicUrl).origin;
  return betterAuth({
    appName: "Container tracking",
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    telemetry: { enabled: false },
    trustedOrigins: [publicOrigin, ...options.extraOrigins, ...options.trustedIssuers],
    disabledPaths: DISABLED_AUTH_PATHS,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: authTables(options.secretsKey),
    }),
    logger: {
      // Its messages may carry values (an email, a token); ours keep the words at warn and above, no arguments.
      level: "warn",
      log: (level, message) => {
        if (level === "error") logger.error("auth library", { detail: message.slice(0, 300) });
        else if (level === "warn") logger.warn("auth library", { detail: message.slice(0, 300) });
      },
    },
    // Ours (people/sign-in-guard.ts) is in the database, shared by processes; the library's is per process memory.
    rateLimit: { enabled: false },
    user: { modelName: "users", changeEmail: { enabled: false }, deleteUser: { enabled: false } },
    session: {
      modelName: "sessions",
      expiresIn: Math.round(options.session.idleMs / 1000),
      // The service moves the idle expiry on as a session is used (people/usage-recorder.ts); the library's own
      // refresh, when it reads a session itself, at most daily.
      updateAge: 24 * 3600,
      cookieCache: { enabled: false },
    },
    account: {
      modelName: "userLogins",
      fields: { accountId: "providerAccountId" },
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendLater(db, null, passwordResetMessage(user.email, url), now());
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await sendLater(db, null, verificationMessage(user.email, landsOnConfirmPage(url)), now());
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: "uuid" },
    },
    databaseHooks: {
      session: {
        create: {
          // A new session acts in the person's first account until they choose another (set-active).
          before: async (session) => {
            if (session.activeOrganizationId) return;
            const [first] = await membershipsOf(db, session.userId);
            return first ? { data: { ...session, activeOrganizationId: first.accountId } } : undefined;
          },
        },
        update: {
          // The library slides a session's expiry when it reads one; never past the absolute lifetime.
          before: async (session) => {
            if (!session.expiresAt || !session.createdAt) return;
            const end = new Date(new Date(session.createdAt).getTime() + options.session.absoluteMs);
            if (new Date(session.expiresAt) > end) return { data: { ...session, expiresAt: end } };
          },
        },
      },
    },
    plugins: [
      organization({
        allowUserToCreateOrganization: false,
        creatorRole: "owner",
        invitationExpiresIn: 7 * 24 * 3600,
        schema: {
          organization: { modelName: "accounts", fields: { name: "companyName" } },
          member: { modelName: "members", fields: { organizationId: "accountId" } },
          invitation: { modelName: "invitations", fields: { organizationId: "accountId" } },
        },
      }),
      twoFactor({
        issuer: "Container tracking",
        twoFactorTable: "twoFactors",
      }),
      sso({
        modelName: "ssoProviders",
        // One redirect URI for every provider (<PUBLIC_URL>/api/auth/sso/callback), known before one is registered.
        redirectURI: "/sso/callback",
        // People of a provider's domains join its account with the role the admin chose for it.
        organizationProvisioning: {
          getRole: async ({ provider }) =>
            ((provider as unknown as { defaultRole?: string }).defaultRole === "viewer"
              ? "viewer"
              : "member") as never,
        },
        schema: {
          ssoProvider: {
            additionalFields: { defaultRole: { type: "string", required: false, input: false } },
          },
        },
      }),
      // Last: its after-hooks see the outcome of the others' (a sign-in held for a second factor, say).
      boxtrackPlugin({
        db,
        logger,
        now,
        firstAccountSignUp: options.firstAccountSignUp,
        publicUrl: options.publicUrl,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The dashboard's page that an email verification link lands on, whatever callback the request named: it says that
 * the email is confirmed, or (`?error=TOKEN_EXPIRED`, `INVALID_TOKEN`, `USER_NOT_FOUND`, the library's codes) why not.
 */
export const CONFIRM_EMAIL_PAGE = "/confirm-email";

/** A verification link of the library, sent on to CONFIRM_EMAIL_PAGE after it verifies (or fails to). */
export function landsOnConfirmPage(url: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", CONFIRM_EMAIL_PAGE);
  return link.toString();
}
