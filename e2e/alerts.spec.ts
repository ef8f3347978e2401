// Alerts in the dashboard: a person adds a rule in Settings → Alerts, the bell counts what it raised, the
// notifications page links to the containers and marks them read, one or all; on a phone too. Alerts are a person's:
// this branch's dashboard still signs in with an API key, so the test also signs the browser in as the demo owner
// (POST /demo/sign-in, the "Use the demo account" of the people sign-in) and sends the alert requests with that
// session instead of the key, as the dashboard will once it signs people in. A key alone is told why it sees none.
import AxeBuilder from "@axe-core/playwright";
import { createTestAccount, expect, type Page, signIn, signInAsDemo, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

/** The alert requests go with the person's session cookie, not the key (a key has no person). */
async function asDemoOwner(page: Page) {
  const signed = await page.request.post("/demo/sign-in");
  expect(signed.status(), await signed.text()).toBe(200);
  await page.route(/\/v2\/(notifications|alert_rules)(\/|\?|$)/, async (route) => {
    const headers = { ...route.request().headers() };
    delete headers.authorization;
    await route.continue({ headers });
  });
}

/** axe's WCAG 2.x A and AA rules find nothing on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function expectFitsScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test("a person's rule raises alerts that the bell counts and the notifications page marks read", async ({
  page,
}) => {
  await signInAsDemo(page, "/settings/alerts");
  await asDemoOwner(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Alert rules" })).toBeVisible();

  // Add a rule from the keyboard-usable form, by its labels.
  await page.getByLabel("Name").fill("E2E last free days");
  await page.getByLabel("Tell me when").selectOption({ label: "Last free day within N days" });
  await page.getByLabel("Days ahead (N)").fill("60");
  await page.getByLabel("Email").uncheck();
  await page.getByRole("button", { name: "Add rule" }).click();
  const rules = page.getByRole("list", { name: "Alert rules" });
  await expect(rules.getByText("E2E last free days")).toBeVisible();
  await expect(rules.getByText("Last free day within 60 days · Everything · in the dashboard")).toBeVisible();

  // The header's bell (the page's own links to Notifications are elsewhere).
  const bell = (name: string | RegExp) =>
    page.getByRole("banner").getByRole("link", { name, exact: typeof name === "string" });

  // The rule tells at once of the boxes already in its window: the bell counts them, without a reload.
  await expect(bell(/^Notifications, \d+ unread$/)).toBeVisible({ timeout: 10_000 });
  const unreadOf = async () =>
    Number(/(\d+) unread/.exec((await bell(/^Notifications/).getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  const before = await unreadOf();
  expect(before).toBeGreaterThan(0);

  await bell(/^Notifications/).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const list = page.getByRole("list", { name: "Notifications" });
  const first = list.getByRole("listitem").first();
  await expect(first.getByRole("link", { name: /^LFD / })).toHaveAttribute("href", /^\/containers\//);
  await expect(first.getByText(/Rule “E2E last free days”/)).toBeVisible();
  await expectAccessible(page);

  await first.getByRole("button", { name: /^Mark read: / }).click();
  await expect(bell(before - 1 > 0 ? `Notifications, ${before - 1} unread` : "Notifications")).toBeVisible();

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell("Notifications")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await expect(list.getByText("Unread", { exact: true })).toHaveCount(0);

  // On a phone both pages fit the screen.
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page);
  await expectAccessible(page);
  await page.goto("/settings/alerts");
  await expectFitsScreen(page);
  await expect(rules.getByText("E2E last free days")).toBeVisible();
  await expectAccessible(page);

  // The rule goes; its alerts stay.
  await page.getByRole("button", { name: "Delete the rule E2E last free days" }).click();
  await expect(page.getByText("No rules yet.")).toBeVisible();
});

test("signed in with an API key, the alerts pages say that alerts are a person's", async ({
  page,
  request,
}) => {
  const account = await createTestAccount(request, { company_name: "E2E alerts key" });
  await signIn(page, account, "/notifications");
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications belong to a person" }),
  ).toBeVisible();
  await page.goto("/settings/alerts");
  await expect(page.getByRole("status").filter({ hasText: "Alert rules belong to a person" })).toBeVisible();
});
