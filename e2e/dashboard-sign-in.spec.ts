// Dashboard sign-in: the demo account and a person's email and password (session cookies, nothing kept in browser
// storage), a pasted key for the tab (Advanced), a wrong key, sign out (the old cookie then gets 401), and a key the
// API stops accepting.
import { expect, type Page, signInWithPassword, signOut, test } from "./fixtures";
import { acceptInvitation, invite, storedKeys } from "./people";

test("the demo account button signs in and shows the account's name", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Use the demo account" }).click();
  // The landing page after sign-in is Needs attention.
  await expect(page).toHaveURL(/\/attention$/);
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Demo Logistics");
  // Who is signed in: the demo owner, by name, in the header's account menu.
  await page.getByRole("button", { name: /^Signed in as/ }).click();
  const menu = page.getByRole("dialog", { name: "Account" });
  await expect(menu).toContainText("demo@demo-logistics.example");
  await expect(menu).toContainText("Owner of Demo Logistics");
  // A session cookie, and no key anywhere a script could read it.
  expect(await storedKeys(page)).toEqual([]);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "boxtrack.session_token")?.httpOnly).toBe(true);
});

test("a person invited through the API signs in with email and password", async ({ page, browser }) => {
  await signInAsDemoOwner(page);
  const email = `nia.${Date.now()}@demo-logistics.example`;
  const password = "a long passphrase of river stones";
  const token = await invite(page, email, "member");
  const invitee = await browser.newContext();
  try {
    await acceptInvitation(invitee.request, token, "Nia Obi", password);
    const theirs = await invitee.newPage();
    await signInWithPassword(theirs, email, password, "/shipments");
    await expect(theirs.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await expect(theirs.getByRole("button", { name: /^Signed in as Nia Obi/ })).toBeVisible();
    expect(await storedKeys(theirs)).toEqual([]);
    // A wrong password is refused in words, and nothing is kept.
    await signOut(theirs);
    await theirs.getByLabel("Email").fill(email);
    await theirs.getByLabel("Password").fill("not the passphrase at all");
    await theirs.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(theirs.getByRole("alert")).toContainText(/email and password|Invalid/i);
    await expect(theirs).toHaveURL(/\/sign-in/);
  } finally {
    await invitee.close();
  }
});

test("signing out ends the session: the old cookie then gets 401", async ({ page, request }) => {
  await signInAsDemoOwner(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "boxtrack.session_token");
  expect(cookie).toBeDefined();
  const asCookie = { Cookie: `${cookie?.name}=${cookie?.value}` };
  expect((await request.get("/v2/users/me", { headers: asCookie })).status()).toBe(200);
  await signOut(page);
  // Sessions are checked from a cache that every process refreshes within 5 s (README: People and sign-in).
  await expect
    .poll(async () => (await request.get("/v2/users/me", { headers: asCookie })).status(), {
      timeout: 15_000,
    })
    .toBe(401);
  await page.goto("/shipments");
  await expect(page).toHaveURL(/\/sign-in/);
});

async function signInAsDemoOwner(page: Page) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
}

test("a pasted key is checked, kept for the tab, and the user lands where they were going", async ({
  page,
  demo,
}) => {
  const key = demo.apiKey;
  await page.goto("/shipments?page=2");
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByText("Advanced", { exact: true }).click();
  await expect(page.getByText("kept for this tab only")).toBeVisible();
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in with the API key" }).click();
  await expect(page).toHaveURL(/\/shipments\?page=2$/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // The key is kept for the tab (sessionStorage), never in localStorage: a new visit in the tab does not ask again.
  await page.goto("/containers");
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(window.localStorage))).not.toContain("boxtrack.api-key");
  expect(await page.evaluate(() => window.sessionStorage.getItem("boxtrack.api-key"))).toBe(key);
  // Another tab has no key: it asks.
  const other = await page.context().newPage();
  await other.goto("/containers");
  await expect(other).toHaveURL(/\/sign-in/);
});

test("a wrong key gets a clear message and is not kept", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByText("Advanced", { exact: true }).click();
  await page.getByLabel("API key").fill("trk_this-is-not-a-real-key");
  await page.getByRole("button", { name: "Sign in with the API key" }).click();
  await expect(page.getByRole("alert")).toContainText("That API key was not accepted");
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/shipments");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the API base address sits under Advanced and defaults to this server", async ({ page, baseURL }) => {
  await page.goto("/sign-in");
  const address = page.getByLabel("API base address");
  await expect(address).toBeHidden();
  await page.getByText("Advanced").click();
  await expect(address).toHaveValue(baseURL ?? "");
});

test("sign out in the account menu forgets the key of the tab", async ({ page, demo }) => {
  await page.goto("/sign-in");
  await page.getByText("Advanced", { exact: true }).click();
  await page.getByLabel("API key").fill(demo.apiKey);
  await page.getByRole("button", { name: "Sign in with the API key" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await signOut(page);
  await expect(page.getByText("Your sign-in has ended")).toBeHidden();
  await page.goto("/shipments");
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await storedKeys(page)).toEqual([]);
});

test("a key the API rejects sends the user to sign in and back", async ({ page }) => {
  await page.goto("/sign-in");
  await page.evaluate(() => window.sessionStorage.setItem("boxtrack.api-key", "trk_revoked"));
  await page.goto("/containers?page=2");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Your sign-in has ended")).toBeVisible();
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page).toHaveURL(/\/containers\?page=2$/);
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
});
