// The sign-in service's own endpoints (Better Auth under /api/auth, and the demo's /demo/sign-in): JSON in and out,
// same origin, the answer setting or clearing the HttpOnly session cookie; signing in, and a person's own
// two-factor sign-in (turning it on, confirming it with a code, turning it off, new recovery codes). Everything else
// goes through /v2 (api-client.ts).

/** The sign-in service said no; `message` is its sentence, `code` its machine word (e.g. INVALID_EMAIL_OR_PASSWORD). */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
  }
}

/** POSTs `body` as JSON to this server's `path`; the parsed answer, or an AuthError. */
export function authPost(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  return authFetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

/** GETs this server's `path`; the parsed answer, or an AuthError. */
export function authGet(path: string): Promise<Record<string, unknown>> {
  return authFetch(path, { method: "GET", headers: { Accept: "application/json" } });
}

async function authFetch(path: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "same-origin" });
  } catch {
    throw new AuthError(0, "Could not reach the server. Check your connection and try again.");
  }
  // The library answers a GET without a result (no session) with a JSON null.
  const payload: unknown = await response.json().catch(() => ({}));
  const record = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  if (!response.ok) throw new AuthError(response.status, messageOf(response.status, record), codeOf(record));
  return record;
}

function codeOf(record: Record<string, unknown>): string | undefined {
  return typeof record.code === "string" ? record.code : undefined;
}

/** The library's machine words, in sentences that say what to do (its own messages are terse: "Invalid code"). */
const SENTENCES: Record<string, string> = {
  INVALID_PASSWORD: "That password is not right. Enter the password you sign in with.",
  INVALID_CODE:
    "That code was not accepted. Codes change every 30 seconds: enter the one your app shows now, and check that your device's clock is right.",
  INVALID_BACKUP_CODE: "That recovery code was not accepted. Each one works once; check it, or use another.",
  INVALID_TWO_FACTOR_COOKIE:
    "This sign-in waited too long for the code. Start again with your email and password.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Start again with your email and password.",
  ACCOUNT_TEMPORARILY_LOCKED:
    "Too many wrong codes for this person: two-factor sign-in is locked for a while. Try again later.",
  TOTP_ALREADY_ENABLED: "Two-factor sign-in is already on.",
  TWO_FACTOR_NOT_ENABLED: "Two-factor sign-in is not on.",
  TOTP_NOT_ENABLED: "Two-factor sign-in is not set up: turn it on first.",
};

function messageOf(status: number, record: Record<string, unknown>): string {
  // The /v2-style answers (the demo sign-in) carry JSON:API errors; the library's carry `message`.
  const errors = Array.isArray(record.errors) ? (record.errors as { detail?: unknown }[]) : [];
  const detail = errors.map((e) => (typeof e.detail === "string" ? e.detail : "")).join(" ");
  if (detail) return detail;
  const sentence = SENTENCES[codeOf(record) ?? ""];
  if (sentence) return sentence;
  // Other 401s carry their own sentence (an invitation for a person who must sign in first, for one).
  if (codeOf(record) === "INVALID_EMAIL_OR_PASSWORD" || (status === 401 && !record.message))
    return "That email and password do not match. Check them and try again.";
  // The service's own 429s say how long to wait; the generic sentence is for those that do not.
  if (status === 429 && !record.message) return "Too many attempts. Wait a minute, then try again.";
  if (typeof record.message === "string" && record.message) return record.message;
  return `The server answered ${status}.`;
}

/** Email and password; `twoFactor` when the person must give a code before the session starts. */
export async function signInWithEmail(email: string, password: string): Promise<{ twoFactor: boolean }> {
  const answer = await authPost("/api/auth/sign-in/email", { email, password });
  return { twoFactor: answer.twoFactorRedirect === true };
}

/** The second step for a person with two-factor: a code from their app, or one of their recovery codes. */
export async function verifyTwoFactor(code: string): Promise<void> {
  const trimmed = code.replace(/\s+/g, "");
  await authPost(
    /^\d{6}$/.test(trimmed) ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code",
    { code: trimmed },
  );
}

/** "Use the demo account": signs this browser in as the demo owner (this server's own machine only). */
export async function signInAsDemoOwner(): Promise<void> {
  await authPost("/demo/sign-in");
}

/** Ends this browser's session on the server; the cookie no longer works anywhere. */
export async function signOutSession(): Promise<void> {
  await authPost("/api/auth/sign-out");
}

/** Changes the signed-in person's password; `revokeOtherSessions` signs out their other browsers. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await authPost("/api/auth/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
}

/** Whether this browser holds a live session cookie (after single sign-on came back, for instance). */
export async function hasSession(): Promise<boolean> {
  const answer: Record<string, unknown> = await authGet("/api/auth/get-session").catch(() => ({}));
  return typeof answer.session === "object" && answer.session !== null;
}

/** How the person with `email` signs in: their account's single sign-on provider, or a password. */
export async function signInMethod(email: string): Promise<"sso" | "password"> {
  const answer = await authGet(`/api/auth/sign-in/method?email=${encodeURIComponent(email)}`);
  return answer.method === "sso" ? "sso" : "password";
}

/**
 * Starts single sign-on for `email`: the address of their identity provider's sign-in page, which sends the
 * browser back to `callbackPath` signed in (or to `errorPath` with `?error=` when it could not).
 */
export async function singleSignOnAddress(
  email: string,
  callbackPath: string,
  errorPath: string,
): Promise<string> {
  const answer = await authPost("/api/auth/sign-in/sso", {
    email,
    callbackURL: callbackPath,
    errorCallbackURL: errorPath,
  });
  if (typeof answer.url !== "string") throw new AuthError(502, "Single sign-on did not start. Try again.");
  return answer.url;
}

/** Mails `email` a link to choose a new password (when the address has a sign-in here; the answer never says). */
export async function requestPasswordReset(email: string): Promise<void> {
  await authPost("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
}

/**
 * Mails `email` a link that confirms it is theirs (the service sends the link on to /confirm-email). Signed in, it
 * must be the person's own email; signed out, the answer never says whether the email has a sign-in here.
 */
export async function sendEmailConfirmation(email: string): Promise<void> {
  await authPost("/api/auth/send-verification-email", { email, callbackURL: "/confirm-email" });
}

/** Sets a new password with the token of a reset link; every session of the person ends. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await authPost("/api/auth/reset-password", { token, newPassword });
}

/** An invitation link, as the person who opens it sees it. */
export interface InvitationInfo {
  email: string;
  company_name: string;
  role: string;
  status: "pending" | "accepted" | "revoked" | "expired";
  expires_at: string;
  /** The invited email signs in here already: they join by signing in, not by choosing a password. */
  person_exists: boolean;
}

export async function invitationInfo(token: string): Promise<InvitationInfo> {
  return (await authGet(
    `/api/auth/invitation?token=${encodeURIComponent(token)}`,
  )) as unknown as InvitationInfo;
}

/** Joins the invitation's account: a new person gives a name and a password; a signed-in one, nothing. */
export async function acceptInvitation(
  token: string,
  person?: { name: string; password: string },
): Promise<void> {
  await authPost("/api/auth/invitation/accept", { token, ...person });
}

/** What turning on two-factor answers: the authenticator app's setup address, and the recovery codes (shown once). */
export interface TwoFactorSetup {
  /** `otpauth://totp/…?secret=…`: for the QR code; its `secret` is the setup key typed by hand. */
  totpUri: string;
  recoveryCodes: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * The first step of turning on two-factor sign-in (the password proves it is the person): a new secret and recovery
 * codes. Nothing is asked at sign-in until the app's first code confirms it (`confirmTwoFactor`).
 */
export async function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  const answer = await authPost("/api/auth/two-factor/enable", { password });
  if (typeof answer.totpURI !== "string")
    throw new AuthError(200, "The server did not send the authenticator app's setup. Try again.");
  return { totpUri: answer.totpURI, recoveryCodes: strings(answer.backupCodes) };
}

/**
 * Confirms the setup with a code from the app: from then on sign-in asks for one. The service starts a new session
 * for it (the cookie changes; this browser stays signed in).
 */
export async function confirmTwoFactor(code: string): Promise<void> {
  await authPost("/api/auth/two-factor/verify-totp", { code: code.replace(/\s+/g, "") });
}

/** Turns two-factor sign-in off (the password proves it is the person). */
export async function turnOffTwoFactor(password: string): Promise<void> {
  await authPost("/api/auth/two-factor/disable", { password });
}

/** New recovery codes in place of the old ones, which stop working; shown once. */
export async function newRecoveryCodes(password: string): Promise<string[]> {
  const answer = await authPost("/api/auth/two-factor/generate-backup-codes", { password });
  return strings(answer.backupCodes);
}

/** The setup key in an otpauth address (its `secret`), for typing into an app that cannot scan; "" if none. */
export function setupKeyOf(totpUri: string): string {
  try {
    return new URL(totpUri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}
