// People for service tests: a person in an account with a role and a password, signing in through the real
// /api/auth endpoints, and requests that carry the session cookie (and, for writes, our own Origin).
import { hashPassword } from "better-auth/crypto";
import type { Role } from "../../api/roles";
import { addMember, addPasswordLogin, createUser, findUserByEmail } from "../db/people";
import type { Harness } from "./service-harness";

export const TEST_PASSWORD = "a long test passphrase";
/** The origin the harness's app is reached at (`http://localhost`). */
export const OWN_ORIGIN = "http://localhost";

let hashed: Promise<string> | undefined;

export async function addPerson(
  h: Harness,
  accountId: string,
  values: { email: string; role: Role; name?: string; password?: string; emailVerified?: boolean },
): Promise<string> {
  const now = new Date();
  let user = await findUserByEmail(h.db, values.email);
  if (!user) {
    user = await createUser(h.db, {
      email: values.email,
      name: values.name ?? values.email.split("@")[0]!,
      emailVerified: values.emailVerified ?? true,
      now,
    });
    // scrypt takes tens of milliseconds: the usual password is hashed once per test file.
    if (values.password === undefined) hashed ??= hashPassword(TEST_PASSWORD);
    const hash = values.password === undefined ? await hashed! : await hashPassword(values.password);
    await addPasswordLogin(h.db, user.id, hash, now);
  }
  await addMember(h.db, accountId, user.id, values.role, now);
  return user.id;
}

/** Signs in through POST /api/auth/sign-in/email; returns the response and the session cookie it set. */
export async function signIn(
  h: Harness,
  email: string,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
) {
  const response = await h.app.request("http://localhost/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
  return { response, cookie: sessionCookieOf(response) };
}

/** `name=value` of the session cookie a response set, or "" when it set none. */
export function sessionCookieOf(response: Response): string {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (/session_token=./.test(pair)) return pair;
  }
  return "";
}

/** A request with the session cookie; writes carry our own Origin as a browser's would. */
export function asPerson(
  h: Harness,
  cookie: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && !headers.has("origin")) headers.set("origin", OWN_ORIGIN);
  return h.request(null, path, { ...init, headers });
}

/** Signs a person in and returns their cookie; fails the test when the sign-in does. */
export async function personCookie(
  h: Harness,
  accountId: string,
  email: string,
  role: Role,
): Promise<string> {
  await addPerson(h, accountId, { email, role });
  const { response, cookie } = await signIn(h, email);
  if (response.status !== 200 || !cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie;
}
