// Saved views are the account's: a view saved in one browser is in the Views menu of a second, fresh browser
// signed in with the same key; and views an older dashboard kept in this browser's localStorage move to the
// account on sign-in, once, and are not lost when the move fails.
//
//   npm run build && E2E_PORT=4986 npx playwright test --config e2e/playwright.config.ts saved-views.spec.ts
import { type Account, apiGet, expect, type Page, signIn, test } from "./fixtures";

const LOCAL_KEY = "boxtrack.saved-views.v1";

const viewsMenuButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^Views/ });
const viewsMenu = (page: Page) => page.getByRole("dialog", { name: "Saved views" });

async function accountViewNames(page: Page, account: Account): Promise<string[]> {
  const body = await apiGet(page.request, account, "/v2/saved_views");
  return body.data.map((v: { attributes: { name: string } }) => v.attributes.name);
}

/** Puts views in this browser's storage as the dashboard kept them before the account did. */
async function keepLocally(
  page: Page,
  views: { name: string; list: string; search: Record<string, unknown> }[],
) {
  await page.goto("/sign-in");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    LOCAL_KEY,
    JSON.stringify({
      views: views.map((v, i) => ({ ...v, id: `local-${i}`, saved_at: "2026-11-20T12:00:00Z" })),
    }),
  ] as const);
}

const localViews = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), LOCAL_KEY);

test("a view saved in one browser is in a second, fresh browser signed in with the same key", async ({
  page,
  browser,
  account,
}) => {
  await signIn(page, account, "/containers?filter[on_hold]=true&sort=-pod_eta_at");
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("Held, latest ETA first");
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Containers: Held, latest ETA first" }),
  ).toBeVisible();
  await expect.poll(() => accountViewNames(page, account)).toEqual(["Held, latest ETA first"]);

  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await signIn(phone, account, "/shipments");
    await viewsMenuButton(phone).click();
    await viewsMenu(phone).getByRole("link", { name: "Held, latest ETA first" }).click();
    await expect(phone).toHaveURL(/\/containers\?.*filter\[on_hold\]=true/);
    await expect(phone).toHaveURL(/sort=-pod_eta_at/);
    await expect(
      phone.getByRole("heading", { level: 1, name: "Containers: Held, latest ETA first" }),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

test("views this browser kept move to the account on sign-in, once; a failed move loses none", async ({
  page,
  account,
}) => {
  await keepLocally(page, [
    { name: "LFD soon", list: "containers", search: { "filter[lfd]": "within_2_days", page: 2 } },
    { name: "Stopped", list: "shipments", search: { tracking: "stopped", sort: "pod_eta_at" } },
  ]);

  // The account cannot be reached for saving: nothing is lost, and the menu says nothing that is not so.
  await page.route("**/v2/saved_views", (route) =>
    route.request().method() === "POST" ? route.abort("failed") : route.fallback(),
  );
  await signIn(page, account, "/containers");
  await expect(page.getByRole("status").filter({ hasText: "not moved yet" })).toBeVisible();
  expect(await accountViewNames(page, account)).toEqual([]);
  expect(await localViews(page)).toContain("LFD soon");

  // The next sign-in (a reload) moves them, and removes the local copy.
  await page.unroute("**/v2/saved_views");
  await page.reload();
  await expect(
    page.getByRole("status").filter({ hasText: "2 saved views moved to the account" }),
  ).toBeVisible();
  await expect.poll(() => localViews(page)).toBeNull();
  expect(await accountViewNames(page, account)).toEqual(["LFD soon", "Stopped"]);
  await viewsMenuButton(page).click();
  await expect(viewsMenu(page).getByRole("region", { name: "Containers" }).getByRole("link")).toHaveText([
    "LFD soon",
  ]);
  await viewsMenu(page).getByRole("link", { name: "Stopped" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: Stopped" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Stopped" })).toBeChecked();

  // Once: another reload saves nothing again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: Stopped" })).toBeVisible();
  expect(await accountViewNames(page, account)).toEqual(["LFD soon", "Stopped"]);
});
