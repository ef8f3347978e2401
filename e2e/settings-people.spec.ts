// Settings → Members and Settings → API keys, as the demo owner, at a desktop's and a phone's size: reached from the
// account menu, invitations sent and revoked, a key made (shown once, working), listed and revoked; axe finds
// nothing and nothing scrolls sideways.
import { expectAccessible } from "./axe";
import { expect, type Page, signInAsDemo, signInWithPassword, signOut, test } from "./fixtures";
import { acceptInvitation, invite } from "./people";

async function openSettings(page: Page, name: string) {
  const phone = (page.viewportSize()?.width ?? 1440) < 640;
  if (phone) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name, exact: true }).click();
  } else {
    await page.getByRole("button", { name: /^Signed in as/ }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("link", { name, exact: true }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

for (const size of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const) {
  test.describe(`at ${size.name} size (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("Members lists the people, invites by email with a role, and revokes a pending invitation", async ({
      page,
    }) => {
      await signInAsDemo(page, "/attention");
      await openSettings(page, "Members");
      await expect(page.getByRole("main").getByText("demo@demo-logistics.example")).toBeVisible();
      await expectAccessible(page, `Members (${size.name})`);

      const email = `ivo.${size.name}.${Date.now()}@demo-logistics.example`;
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption("viewer");
      await page.getByRole("button", { name: "Send invitation" }).click();
      const pending = page.getByRole("region", { name: /Pending invitations/ });
      await expect(pending.getByText(email)).toBeVisible();
      await expectAccessible(page, `Members with a pending invitation (${size.name})`);
      await pending.getByRole("button", { name: `Revoke the invitation of ${email}` }).click();
      await expect(pending.getByText(email)).toHaveCount(0);
    });

    test("API keys makes a key shown once, lists it, and revokes it", async ({ page, request }) => {
      await signInAsDemo(page, "/attention");
      await openSettings(page, "API keys");
      await expectAccessible(page, `API keys (${size.name})`);

      const name = `E2E ${size.name} ${Date.now()}`;
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Scope").selectOption("read_only");
      await page.getByRole("button", { name: "Create key" }).click();
      const shown = page.getByRole("status").filter({ hasText: "not shown again" });
      await expect(shown).toBeVisible();
      const key = (await shown.locator("code").textContent())?.trim() ?? "";
      expect(key).toMatch(/^trk_/);
      const asKey = { Authorization: `Token ${key}` };
      expect((await request.get("/v2/shipments?page[size]=1", { headers: asKey })).status()).toBe(200);
      await expectAccessible(page, `API keys with a new key (${size.name})`);

      const row = page.getByRole("listitem").filter({ hasText: name });
      await expect(row).toContainText("Read-only");
      await expect(row).toContainText("Demo");
      await row.getByRole("button", { name: `Revoke ${name}` }).click();
      await page
        .getByRole("dialog", { name: `Revoke ${name}?` })
        .getByRole("button", { name: "Revoke" })
        .click();
      await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
      await expect
        .poll(async () => (await request.get("/v2/shipments?page[size]=1", { headers: asKey })).status(), {
          timeout: 15_000,
        })
        .toBe(401);
    });
  });
}

test("Security lists this browser's session and signs out another; Activity filters and downloads CSV", async ({
  page,
  browser,
}) => {
  // A person of the test's own, signed in in two browsers: the demo owner's sessions are every other test's too
  // (one ended here could be a test's running beside it, and their count moves as those sign in).
  await signInAsDemo(page, "/attention");
  const email = `sam.${Date.now()}@demo-logistics.example`;
  const password = "a long passphrase of harbour cranes";
  const token = await invite(page, email, "member");
  const other = await browser.newContext();
  try {
    // Accepting signs the other browser in as the new person.
    await acceptInvitation(other.request, token, "Sam Reyes", password);
    expect((await other.request.get("/v2/users/me")).status()).toBe(200);
    await signOut(page);
    await signInWithPassword(page, email, password, "/attention");
    await openSettings(page, "Security");
    const sessions = page.getByRole("region", { name: /Where you are signed in/ });
    await expect(sessions.getByText("(this browser)")).toBeVisible();
    await expect(page.getByLabel("Current password")).toBeVisible();
    await expect(page.getByLabel("New password")).toBeVisible();
    await expectAccessible(page, "Security");
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await sessions.getByRole("button", { name: /^Sign out .*last seen/ }).click();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByText("(this browser)")).toBeVisible();
    // The other browser's session has ended: its cookie is refused (every process knows within seconds).
    await expect.poll(async () => (await other.request.get("/v2/users/me")).status()).toBe(401);

    await openSettings(page, "Activity");
    await page.getByLabel("What").selectOption("session.signed_in");
    await page.getByRole("button", { name: "Apply filters" }).click();
    const entries = page.getByRole("region", { name: /Entries/ });
    await expect(entries.getByRole("listitem").first()).toContainText("session.signed_in");
    await expectAccessible(page, "Activity");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^activity-.*\.csv$/);
  } finally {
    await other.close();
  }
});
