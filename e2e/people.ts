// People for the end-to-end tests: invitations made by a signed-in owner's page (its session cookie, with the
// service's own Origin as the dashboard would send), their links read from the development outbox (/dev/mail, as
// an operator without SMTP_URL would), accepted with a name and a password; an account of the test's own with its
// people (test control), for settings that would change the shared demo account; and what the browser keeps.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "../src/api/roles";
import { expect } from "./fixtures";

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
