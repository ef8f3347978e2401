// Single sign-on in the browser, through a real OpenID Connect provider (oidc-provider) that this test runs on
// loopback: an admin registers it for the account's email domain; a person of that domain types their email on the
// sign-in page, is sent to the provider's own sign-in, and comes back signed in as themselves with the provider's
// default role. A sign-in cancelled at the provider brings the person back to sign-in, saying so.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { expect, IDP_PORT, signInWithPassword, test } from "./fixtures";
import { accountWithPeople } from "./people";

const ISSUER = `http://127.0.0.1:${IDP_PORT}`;
const CLIENT_SECRET = randomBytes(16).toString("hex");
const DOMAIN = `sso-${Date.now()}.example`;
/** The provider's people: whoever signs in there with this login gets these claims. */
const PEOPLE: Record<string, { email: string; name: string }> = {
  ivan: { email: `ivan@${DOMAIN}`, name: "Ivan Petrov" },
};

let idp: Server;

test.beforeAll(async ({ baseURL }) => {
  const provider = new Provider(ISSUER, {
    clients: [
      {
        client_id: "boxtrack-e2e",
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${baseURL}/api/auth/sso/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    findAccount: (_ctx, id) => {
      const person = PEOPLE[id];
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }),
      };
    },
  });
  idp = createServer(provider.callback());
  await new Promise<void>((resolve) => idp.listen(IDP_PORT, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (idp ? idp.close(() => resolve()) : resolve()));
});

test("a person of the provider's domain signs in through it from the sign-in page, as themselves, with its role", async ({
  page,
  browser,
  request,
}) => {
  // The admin's own verified email is on the domain: an admin may register only their own domain.
  const {
    people: [admin],
  } = await accountWithPeople(request, "Steppe Forwarding", [
    { email: `ada@${DOMAIN}`, role: "admin", name: "Ada Admin" },
  ]);
  await signInWithPassword(page, admin!.email, admin!.password, "/settings/sign-in");
  const registered = await page.request.post("/v2/sso_providers", {
    headers: { Origin: new URL(page.url()).origin, "Content-Type": "application/vnd.api+json" },
    data: {
      data: {
        type: "sso_provider",
        attributes: {
          issuer: ISSUER,
          client_id: "boxtrack-e2e",
          client_secret: CLIENT_SECRET,
          domains: [DOMAIN],
          default_role: "viewer",
        },
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  const context = await browser.newContext();
  try {
    const theirs = await context.newPage();
    await theirs.goto("/sign-in?redirect=%2Fshipments");
    await theirs.getByLabel("Email").fill(PEOPLE.ivan!.email);
    await theirs.getByLabel("Email").blur();
    // The page learns the email's account signs in through its provider: no password here.
    const go = theirs.getByRole("button", { name: "Continue with single sign-on" });
    await expect(go).toBeVisible();
    await expect(theirs.getByLabel("Password")).toHaveCount(0);
    await go.click();

    // Cancelled at the provider: back on sign-in, saying so, the form there again.
    await expect(theirs).toHaveURL(new RegExp(`^${ISSUER}/`));
    await theirs.getByRole("link", { name: "[ Cancel ]" }).click();
    await expect(theirs.getByText("Single sign-on did not finish (access denied).")).toBeVisible();
    await theirs.getByLabel("Email").fill(PEOPLE.ivan!.email);
    await theirs.getByLabel("Email").blur();
    await theirs.getByRole("button", { name: "Continue with single sign-on" }).click();

    // The provider's own pages.
    await expect(theirs).toHaveURL(new RegExp(`^${ISSUER}/`));
    await theirs.getByPlaceholder("Enter any login").fill("ivan");
    await theirs.getByPlaceholder("and password").fill("whatever the provider checks");
    await theirs.getByRole("button", { name: "Sign-in" }).click();
    await theirs.getByRole("button", { name: "Continue" }).click();

    // Back here, signed in as themselves, where they were going, with the provider's default role.
    await expect(theirs.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await expect(theirs).toHaveURL(/\/shipments/);
    await theirs.getByRole("button", { name: /^Signed in as Ivan Petrov/ }).click();
    await expect(theirs.getByRole("dialog", { name: "Account" })).toContainText(
      "Viewer of Steppe Forwarding",
    );
    const me = await (await context.request.get("/v2/users/me")).json();
    expect(me.data.attributes).toMatchObject({
      email: PEOPLE.ivan!.email,
      single_sign_on: true,
      role: "viewer",
    });
  } finally {
    await context.close();
  }
});
