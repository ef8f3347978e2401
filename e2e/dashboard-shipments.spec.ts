// Dashboard shipments list: paging, search by bill of lading and by container number, filters, bookmarks.
// Every test here only reads the demo account, which no test changes and whose clock is stopped.
import { apiGet, expect, type Page, signInAsDemo, test } from "./fixtures";

const table = (page: Page) => page.getByRole("table", { name: "Shipments" });

test("the list pages forward and back with the URL", async ({ page, demo }) => {
  await signInAsDemo(page);
  await expect(page).toHaveURL(/\/shipments$/);
  const { meta } = await apiGet(page.request, demo, "/v2/shipments?page[size]=1");

  await expect(table(page).getByRole("row")).toHaveCount(26);
  await expect(page.getByText(`Showing 1–25 of ${meta.total} shipments`)).toBeVisible();
  const firstOnPage1 = await table(page).getByRole("row").nth(1).getByRole("link").textContent();

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(`Showing 26–50 of ${meta.total} shipments`)).toBeVisible();
  await expect(table(page).getByRole("row").nth(1).getByRole("link")).not.toHaveText(firstOnPage1 ?? "");

  await page.getByLabel("Per page").selectOption("10");
  await expect(page).toHaveURL(/size=10/);
  await expect(table(page).getByRole("row")).toHaveCount(11);

  await page.goBack();
  await expect(page.getByText(`Showing 26–50 of ${meta.total} shipments`)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(`Showing 1–25 of ${meta.total} shipments`)).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/[?&]page=2/);
});

test("search finds a shipment by its bill of lading", async ({ page, demo }) => {
  await signInAsDemo(page);
  const list = await apiGet(page.request, demo, "/v2/shipments?page[number]=2&page[size]=10");
  const bol: string = list.data[3].attributes.bill_of_lading_number;

  await page.getByRole("searchbox", { name: "Search shipments" }).fill(bol);
  await expect(page).toHaveURL(new RegExp(`q=${bol}`));
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(table(page).getByRole("link", { name: bol })).toBeVisible();

  // The search is in the URL: reloading keeps it.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search shipments" })).toHaveValue(bol);
  await expect(table(page).getByRole("link", { name: bol })).toBeVisible();
});

test("search finds a shipment by one of its container numbers", async ({ page, demo }) => {
  await signInAsDemo(page);
  const containers = await apiGet(
    page.request,
    demo,
    "/v2/containers?page[size]=5&page[number]=3&include=shipment",
  );
  const container = containers.data[2];
  const shipment = containers.included.find(
    (r: { id: string; type: string }) =>
      r.type === "shipment" && r.id === container.relationships.shipment.data.id,
  );

  await page.getByRole("searchbox", { name: "Search shipments" }).fill(container.attributes.number);
  await page.getByRole("searchbox", { name: "Search shipments" }).press("Enter");
  await expect(
    table(page).getByRole("link", { name: shipment.attributes.bill_of_lading_number }),
  ).toBeVisible();
  await expect(table(page).getByRole("row")).toHaveCount(2);
});

test("a search with no result says so and offers to clear it", async ({ page }) => {
  await signInAsDemo(page, "/shipments?q=NO-SUCH-NUMBER-42");
  await expect(page.getByRole("heading", { name: "No shipments match “NO-SUCH-NUMBER-42”" })).toBeVisible();
  await page.getByRole("link", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
});

test("a search of one or two characters says what such a term finds", async ({ page }) => {
  await signInAsDemo(page, "/shipments?q=zq");
  await expect(page.getByRole("heading", { name: "No shipments match “zq”" })).toBeVisible();
  await expect(
    page.getByText(/fewer than 3 characters finds a whole tag or customer name only/),
  ).toBeVisible();
});

test("the tracking filter shows only stopped shipments", async ({ page, demo }) => {
  const stopped = await apiGet(
    page.request,
    demo,
    "/v2/shipments?filter[tracking_stopped]=true&page[size]=100",
  );
  expect(stopped.meta.total, "the demo data has stopped shipments").toBeGreaterThan(0);
  await signInAsDemo(page);
  await page.getByRole("radio", { name: "Stopped" }).check({ force: true });
  await expect(page).toHaveURL(/tracking=stopped/);

  // The filtered list, not the one before it: exactly the stopped shipments of the first page, each marked so.
  const rows = table(page).getByRole("row");
  await expect(rows).toHaveCount(Math.min(stopped.meta.total, 25) + 1);
  for (const shipment of stopped.data.slice(0, 25)) {
    await expect(
      table(page).getByRole("row", { name: new RegExp(shipment.attributes.bill_of_lading_number) }),
    ).toContainText("Stopped");
  }
});

test("a bookmarked URL with bad search parameters still opens the list", async ({ page }) => {
  await signInAsDemo(page, "/shipments?page=-3&size=7&tracking=sometimes&q=%7B%22a%22%3A1%7D&junk=1");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("radio", { name: "All" })).toBeChecked();

  await page.goto("/shipments?page=9999");
  await expect(page.getByRole("heading", { name: "This page is past the end of the list" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
});

test("an unknown address shows the not-found page", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to shipments" }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
});

test("every navigation item opens its page, and the containers list searches by number", async ({
  page,
  demo,
}) => {
  await signInAsDemo(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, heading] of [
    ["Tracking requests", /Tracking requests/i],
    ["Documents", /^Documents$/],
    ["Map", /Map/i],
    ["Webhooks", /Webhooks/i],
    ["Carriers", /Carrier connections/],
  ] as const) {
    await nav.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  }
  await nav.getByRole("link", { name: "Containers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  const containers = await apiGet(page.request, demo, "/v2/containers?page[size]=3&page[number]=4");
  const number: string = containers.data[1].attributes.number;
  await page.getByRole("searchbox", { name: "Search containers" }).fill(number.slice(0, 8));
  await expect(page).toHaveURL(/q=/);
  await page.getByRole("table", { name: "Containers" }).getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Container ${number}` })).toBeVisible();
});

test("hovering a row prefetches the shipment so it opens at once", async ({ page }) => {
  // Signed in with the keyboard, so that the mouse is not already resting on a row.
  await page.goto("/sign-in?redirect=/shipments");
  await page.getByRole("button", { name: "Use the demo account" }).press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  const row = table(page).getByRole("row").nth(4);
  const href = (await row.getByRole("link").first().getAttribute("href")) ?? "";
  const id = href.split("/").at(-1) ?? "";
  const prefetch = page.waitForRequest((request) => request.url().includes(`/v2/shipments/${id}?`));
  await row.hover({ position: { x: 300, y: 8 } });
  await prefetch;

  let fetchedOnOpen = false;
  page.on("request", (request) => {
    if (request.url().includes(`/v2/shipments/${id}?`)) fetchedOnOpen = true;
  });
  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Shipment / })).toBeVisible();
  expect(fetchedOnOpen).toBe(false);
});
