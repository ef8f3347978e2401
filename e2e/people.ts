// People for the end-to-end tests: a person of a test's own account with a role and a password, or an account of
// the test's own made with its people (the server's test control makes them as `npm run accounts -- create-user`
// does), for settings that would change the shared demo account; invitations made by a signed-in owner's page (its
// session cookie, with the service's own Origin as the dashboard would send), their links read from the mail the
// service sent over SMTP to the tests' own mail server (mail-catcher.ts), accepted with a name and a password; and
// what the browser keeps.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "../src/api/roles";
import { type Account, expect, MAIL_CATCHER_PORT, TEST_CONTROL_TIMEOUT_MS } from "./fixtures";

export interface Person {
  name: string;
  email: string;
  password: string;
  role: Role;
}

/**
 * Adds a person named `name` with `role` to the test's own account (their email confirmed unless `emailVerified`
 * is false); returns how they sign in.
 */
export async function addPerson(
  request: APIRequestContext,
  account: Account,
  role: Role,
  name: string,
  options: { emailVerified?: boolean } = {},
): Promise<Person> {
  const unique = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${unique}@e2e.example`;
  const response = await request.post(`/__test__/accounts/${account.id}/people`, {
    data: { email, name, role, email_verified: options.emailVerified ?? true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { password } = (await response.json()) as { password: string };
  return { name, email, password, role };
}

export interface TestPerson {
  email: string;
  password: string;
}

/**
 * An account of the test's own with people in the roles asked for (`POST /__test__/accounts`, as the operator's
 * `create-user` makes them: email verified, a generated password); each person in the order given.
 */
export async function accountWithPeople(
  request: APIRequestContext,
  companyName: string,
  people: { email: string; role: Role; name?: string }[],
  /**
   * `held_box`: also a shipment with a box held at its terminal, its last free day at most a day away; `shipments`:
   * sandbox shipments tracked in the account (its world moves on with POST /__test__/accounts/:id/advance);
   * `late_at_sea`: also a shipment whose ship sails well behind its line's ETA (predicted late); `rolled_soon`:
   * also a shipment whose line rolls its boxes to a later vessel once the account is advanced `rolls_in_hours`.
   */
  extra: { held_box?: boolean; shipments?: number; late_at_sea?: boolean; rolled_soon?: boolean } = {},
): Promise<{ id: string; api_key: string; people: TestPerson[]; rolls_in_hours?: number }> {
  const response = await request.post("/__test__/accounts", {
    data: { company_name: companyName.slice(0, 200), people, ...extra },
    timeout: TEST_CONTROL_TIMEOUT_MS,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as {
    id: string;
    api_key: string;
    people: TestPerson[];
    rolls_in_hours?: number;
  };
}

/** Invites `email` with `role` as the person signed in on `page`; returns the token of the link the mail carries. */
export async function invite(page: Page, email: string, role: Role): Promise<string> {
  // A second invitation to the same email (another account's) must wait for its own mail, not take the first's.
  const before = await mailedLinkCount(email, "/accept-invitation");
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/v2/invitations", {
    headers: { Origin: origin, "Content-Type": "application/vnd.api+json" },
    data: { data: { type: "invitation", attributes: { email, role } } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const link = await mailedLink(email, "/accept-invitation", before);
  return new URL(link, "http://link").searchParams.get("token") ?? "";
}

/** A message as the tests' SMTP server received it (mail-catcher.ts). */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Lower-case names: `list-unsubscribe`, for one. */
  headers: Record<string, string>;
}

/** Every message the service has sent so far, oldest first. */
export async function receivedMail(): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_CATCHER_PORT}/messages`);
  return (await response.json()) as ReceivedMail[];
}

/** Every link whose path starts with `path` in the mail the service sent to `email`, oldest first. */
async function linksTo(email: string, path: string): Promise<URL[]> {
  return (await receivedMail())
    .filter((m) => m.to.includes(email.toLowerCase()))
    .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
    .map((l) => new URL(l))
    .filter((url) => url.pathname.startsWith(path));
}

/** How many links to `path` were mailed to `email` so far: give it to mailedLink to wait for the next one. */
export async function mailedLinkCount(email: string, path: string): Promise<number> {
  return (await linksTo(email, path)).length;
}

/**
 * The newest link to `path` mailed to `email`, as a path of this server, once more than `after` such links have
 * arrived (the outbox sends within moments).
 */
export async function mailedLink(email: string, path: string, after = 0): Promise<string> {
  let link: URL | undefined;
  await expect
    .poll(async () => {
      const links = await linksTo(email, path);
      link = links.length > after ? links.at(-1) : undefined;
      return link?.href;
    })
    .toBeDefined();
  return `${link!.pathname}${link!.search}`;
}

/** Accepts an invitation as a new person: sets their name and password (and signs `request`'s context in). */
export async function acceptInvitation(
  request: APIRequestContext,
  token: string,
  name: string,
  password: string,
) {
  const response = await request.post("/api/auth/invitation/accept", {
    headers: { "Content-Type": "application/json" },
    data: { token, name, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every entry of the page's localStorage and sessionStorage that names or holds an API key. */
export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [window.localStorage, window.sessionStorage].flatMap((storage) =>
      Object.keys(storage).filter(
        (key) => /api-key|token/i.test(key) || /trk_/.test(storage.getItem(key) ?? ""),
      ),
    ),
  );
}
