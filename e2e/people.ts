// People for the end-to-end tests: a person of a test's own account with a role and a password, or an account of
// the test's own made with its people (the server's test control makes them as `npm run accounts -- create-user`
// does), for settings that would change the shared demo account; invitations made by a signed-in owner's page (its
// session cookie, with the service's own Origin as the dashboard would send), their links read from the
// development outbox (/dev/mail, as an operator without SMTP_URL would), accepted with a name and a password; and
// what the browser keeps.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "../src/api/roles";
import { type Account, expect } from "./fixtures";

export interface Person {
  name: string;
  email: string;
  password: string;
  role: Role;
}

/** Adds a person named `name` with `role` to the test's own account; returns how they sign in. */
export async function addPerson(
  request: APIRequestContext,
  account: Account,
  role: Role,
  name: string,
): Promise<Person> {
  const unique = `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${unique}@e2e.example`;
  const response = await request.post(`/__test__/accounts/${account.id}/people`, {
    data: { email, name, role },
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
): Promise<{ id: string; people: TestPerson[] }> {
  const response = await request.post("/__test__/accounts", {
    data: { company_name: companyName.slice(0, 200), people },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; people: TestPerson[] };
}

/** Invites `email` with `role` as the person signed in on `page`; returns the token of the link the mail carries. */
export async function invite(page: Page, email: string, role: Role): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/v2/invitations", {
    headers: { Origin: origin, "Content-Type": "application/vnd.api+json" },
    data: { data: { type: "invitation", attributes: { email, role } } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return invitationToken(page.request, email);
}

/** The token of the newest invitation link mailed to `email`, from /dev/mail (the outbox sends within moments). */
export async function invitationToken(request: APIRequestContext, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get("/dev/mail")).text();
      const item = html.split("<li>").find((part) => part.includes(`to ${email}`));
      token = item?.match(/accept-invitation\?token=([^"&<]+)/)?.[1];
      return token;
    })
    .toBeDefined();
  return token ?? "";
}

/** The newest link to `path` mailed to `email`, as a path of this server, from /dev/mail. */
export async function mailedLink(request: APIRequestContext, email: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get("/dev/mail")).text();
      const item = html.split("<li>").find((part) => part.includes(`to ${email}`));
      link = item?.match(new RegExp(`https?://[^"<\\s]+${path}[^"<\\s]*`))?.[0];
      return link;
    })
    .toBeDefined();
  const url = new URL((link ?? "").replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
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
