// Saved views against a server that keeps none (the hosted API has no /v2/saved_views): its list read answers our
// own 404 `route_not_found` document, and views are then kept in this browser as before the account kept them:
// saved, listed in the Views menu, opened, renamed, kept across a reload, deleted; the dialogs say "in this
// browser"; views this browser already kept are shown, not moved; and nothing is ever written to the server.
//
//   npm run build && E2E_PORT=4987 npx playwright test --config e2e/playwright.config.ts saved-views-browser.spec.ts
import { type Account, apiGet, expect, type Page, signIn, test } from "./fixtures";

const LOCAL_KEY = "boxtrack.saved-views.v1";

const viewsMenuButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^Views/ });
const viewsMenu = (page: Page) => page.getByRole("dialog", { name: "Saved views" });
const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });
const localViewNames = (page: Page) =>
  page.evaluate(
    (key) =>
      (
        JSON.parse(window.localStorage.getItem(key) ?? '{"views":[]}') as { views: { name: string }[] }
      ).views.map((v) => v.name),
    LOCAL_KEY,
  );

/**
 * Makes the page's server one without saved views: every request to /v2/saved_views (and below) is answered with
 * the document this service sends for a path it does not have. Returns the requests that were not list reads.
 */
async function withoutSavedViews(page: Page, account: Account): Promise<string[]> {
  const missing = await page.request.get("/v2/no_such_endpoint", {
    headers: { Authorization: `Token ${account.apiKey}` },
  });
  expect(missing.status()).toBe(404);
  const document = (await missing.json()) as { errors: { code: string }[] };
  expect(document.errors[0]?.code).toBe("route_not_found");
  const writes: string[] = [];
  await page.route(/\/v2\/saved_views(\/|\?|$)/, (route) => {
    const request = route.request();
    if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    return route.fulfill({
      status: 404,
      contentType: "application/vnd.api+json",
      body: JSON.stringify(document),
    });
  });
  return writes;
}

test("against a server without /v2/saved_views, views are kept in this browser with the same menu and dialogs", async ({
  page,
  account,
}) => {
  // A view an older dashboard kept here: shown as this browser's, not moved anywhere.
  await page.goto("/sign-in");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    LOCAL_KEY,
    JSON.stringify({
      views: [
        {
          id: "older",
          name: "Stopped",
          list: "shipments",
          search: { tracking: "stopped" },
          saved_at: "2026-11-20T12:00:00Z",
        },
      ],
    }),
  ] as const);
  const writes = await withoutSavedViews(page, account);

  await signIn(page, account, "/containers?filter[on_hold]=true&sort=-pod_eta_at");
  await expect(viewsMenuButton(page)).toHaveAccessibleName("Views: 1 saved view");
  await expect(notifications(page)).not.toContainText(/moved/);

  // Save: the dialog and the message say where the view is kept.
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await expect(dialog).toContainText("under a name, in this browser.");
  await expect(dialog).not.toContainText("signed in to this account");
  await page.getByLabel("View name").fill("Held, latest ETA first");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "It is listed under Views, beside Containers, in this browser." }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "Containers: Held, latest ETA first" }),
  ).toBeVisible();
  await expect.poll(() => localViewNames(page)).toEqual(["Stopped", "Held, latest ETA first"]);

  // Listed in the Views menu, and opens its list as saved, from another page.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shipments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await viewsMenuButton(page).click();
  await expect(viewsMenu(page).getByRole("region", { name: "Containers" }).getByRole("link")).toHaveText([
    "Held, latest ETA first",
  ]);
  await viewsMenu(page).getByRole("link", { name: "Held, latest ETA first" }).click();
  await expect(page).toHaveURL(/\/containers\?.*filter\[on_hold\]=true/);
  await expect(page).toHaveURL(/sort=-pod_eta_at/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Containers: Held, latest ETA first" }),
  ).toBeVisible();

  // Kept across a reload (the route still answers 404).
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Containers: Held, latest ETA first" }),
  ).toBeVisible();
  await expect(viewsMenuButton(page)).toHaveAccessibleName("Views: 2 saved views");

  // Renamed from the menu.
  await viewsMenuButton(page).click();
  await viewsMenu(page).getByRole("button", { name: "Rename view Held, latest ETA first" }).click();
  await viewsMenu(page).getByLabel("New name of “Held, latest ETA first”").fill("On hold");
  await viewsMenu(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(viewsMenu(page).getByRole("link", { name: "On hold" })).toBeVisible();
  await expect.poll(() => localViewNames(page)).toEqual(["Stopped", "On hold"]);

  // Deleted: the confirmation says it goes from this browser; after a reload it is still gone.
  await viewsMenu(page).getByRole("button", { name: "Delete view On hold" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the view “On hold”?" });
  await expect(confirm).toContainText("the view goes from this browser");
  await confirm.getByRole("button", { name: "Delete view" }).click();
  await expect.poll(() => localViewNames(page)).toEqual(["Stopped"]);
  await page.reload();
  await expect(viewsMenuButton(page)).toHaveAccessibleName("Views: 1 saved view");
  await viewsMenuButton(page).click();
  await expect(viewsMenu(page).getByRole("link")).toHaveText(["Stopped"]);

  // Nothing was sent to the server but list reads, no move was tried, and no error was shown.
  expect(writes).toEqual([]);
  await expect(notifications(page)).not.toContainText(/moved|not saved/);
  expect((await apiGet(page.request, account, "/v2/saved_views")).data).toEqual([]);
});
