// The sign-in service's own endpoints (Better Auth under /api/auth, and the demo's /demo/sign-in): JSON in and out,
// same origin, the answer setting or clearing the HttpOnly session cookie. Everything else goes through /v2
// (api-client.ts).

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
export async function authPost(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, "Could not reach the server. Check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => ({}));
  const record = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  if (!response.ok) throw new AuthError(response.status, messageOf(response.status, record), codeOf(record));
  return record;
}

function codeOf(record: Record<string, unknown>): string | undefined {
  return typeof record.code === "string" ? record.code : undefined;
}

function messageOf(status: number, record: Record<string, unknown>): string {
  // The /v2-style answers (the demo sign-in) carry JSON:API errors; the library's carry `message`.
  const errors = Array.isArray(record.errors) ? (record.errors as { detail?: unknown }[]) : [];
  const detail = errors.map((e) => (typeof e.detail === "string" ? e.detail : "")).join(" ");
  if (detail) return detail;
  if (status === 401) return "That email and password do not match. Check them and try again.";
  if (status === 429) return "Too many attempts. Wait a minute, then try again.";
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
