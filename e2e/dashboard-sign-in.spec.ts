// Dashboard sign-in: the demo account, a pasted key, a wrong key, sign out, and a key the API stops accepting.
import { expect, test } from "./fixtures";

test("the demo account button signs in and shows the account's name", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Use the demo account" }).click();
  // The landing page after sign-in is Needs attention.
  await expect(page).toHaveURL(/\/attention$/);
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Demo Logistics");
});

test("a pasted key is checked, kept, and the user lands where they were going", async ({ page, demo }) => {
  const key = demo.apiKey;
  await page.goto("/shipments?page=2");
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/shipments\?page=2$/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  // The key is kept: a new visit does not ask again.
  await page.goto("/containers");
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
});

test("a wrong key gets a clear message and is not kept", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("API key").fill("trk_this-is-not-a-real-key");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
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

test("sign out forgets the key", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("no longer accepts the key")).toBeHidden();
  await page.goto("/shipments");
  await expect(page).toHaveURL(/\/sign-in/);
  expect(await page.evaluate(() => window.localStorage.getItem("boxtrack.api-key"))).toBeNull();
});

test("a stored key the API rejects sends the user to sign in and back", async ({ page }) => {
  await page.goto("/sign-in");
  await page.evaluate(() => window.localStorage.setItem("boxtrack.api-key", "trk_revoked"));
  await page.goto("/containers?page=2");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByText("no longer accepts the key")).toBeVisible();
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page).toHaveURL(/\/containers\?page=2$/);
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
});
