// A coordinator's Monday morning: land on Needs attention, open "LFD within 2 days", sort by last free day, open a
// container and come back with the filters intact, save the view, and download the list as CSV, whose rows are the
// API's. Plus the pieces of it on their own: the filter chips from the keyboard, the LFD popover, a many-page export.
// Every test only reads the demo account (paused clock: its data holds still). Saved views are the account's: each
// test deletes the demo account's views when it ends, so that the next one starts without any.
//
//   npm run build && E2E_PORT=4962 npx playwright test --config e2e/playwright.config.ts triage.spec.ts
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { phaseSummary } from "../src/web/features/shipments/phase-summary";
import { type Account, apiGet, expect, type Page, signInAsDemo, test } from "./fixtures";

test.afterEach(async ({ request, demo }) => {
  const auth = { Authorization: `Token ${demo.apiKey}` };
  const views: Doc = await (await request.get("/v2/saved_views", { headers: auth })).json();
  for (const view of views.data) await request.delete(`/v2/saved_views/${view.id}`, { headers: auth });
});

const table = (page: Page) => page.getByRole("table", { name: "Containers" });
const rows = (page: Page) => table(page).getByRole("row");
// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;

/** Every container of a filtered, sorted list, page after page, as the API lists them. */
async function allNumbers(page: Page, demo: Account, query: string): Promise<string[]> {
  const numbers: string[] = [];
  let path: string | undefined = `/v2/containers?${query}&page[size]=100`;
  while (path) {
    const body: Doc = await apiGet(page.request, demo, path);
    numbers.push(...body.data.map((c: Doc) => c.attributes.number));
    path = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : undefined;
  }
  return numbers;
}

/** The downloaded CSV: its raw text and its rows as objects by header. */
async function downloaded(path: string) {
  const bytes = await readFile(path);
  const text = bytes.toString("utf8");
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    newline: "\r\n",
    skipEmptyLines: true,
  });
  return { bytes, text, rows: parsed.data, fields: parsed.meta.fields ?? [] };
}

test("the coordinator's journey: attention, LFD within 2 days, sort, a container and back, save, export", async ({
  page,
  demo,
}) => {
  const summary: Doc = (await apiGet(page.request, demo, "/v2/containers/summary")).data.attributes;
  const soon = summary.lfd_within_2_days;
  expect(soon.count, "the demo data has a container whose LFD is within 2 days").toBeGreaterThan(0);

  // Signing in lands on Needs attention.
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page).toHaveURL(/\/attention$/);
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  const link = page.getByRole("link", { name: /LFD within 2 days/ });
  await expect(link).toContainText(`${soon.count} container`);

  // The count opens the list of exactly those containers.
  await link.click();
  await expect(page).toHaveURL(/\/containers\?filter\[lfd\]=within_2_days$/);
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("LFD: within 2 days");
  await expect(rows(page)).toHaveCount(Math.min(soon.count, 25) + 1);

  // Sort by last free day: ascending, then descending, as the API orders them.
  const header = table(page).getByRole("columnheader", { name: /Last free day/ });
  await header.getByRole("button").click();
  await expect(page).toHaveURL(/sort=last_free_day_at/);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await header.getByRole("button").click();
  await expect(page).toHaveURL(/sort=-last_free_day_at/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const expected = await allNumbers(page, demo, "filter[lfd]=within_2_days&sort=-last_free_day_at");
  await expect(table(page).getByRole("row").nth(1).getByRole("link").first()).toHaveText(expected[0]!);
  // The column under the header, wherever it stands (the rows' checkboxes come first).
  const column =
    (await table(page)
      .getByRole("columnheader")
      .evaluateAll((headers) => headers.findIndex((h) => /Last free day/.test(h.textContent ?? "")))) + 1;
  expect(column).toBeGreaterThan(0);
  for (const cell of await rows(page).locator(`td:nth-child(${column})`).all()) {
    await expect(cell).toContainText(/in 2 days|tomorrow/);
  }
  const listUrl = page.url();

  // A container and back (the browser's Back, then the page's own link): filters and sort are still there.
  await table(page).getByRole("link", { name: expected[0]! }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Container ${expected[0]}` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("LFD: within 2 days");
  await table(page).getByRole("link", { name: expected[0]! }).click();
  await page.getByRole("link", { name: "← Back to containers" }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(header).toHaveAttribute("aria-sort", "descending");

  // Save the view: named in the heading, listed in the navigation, and it opens the list as saved.
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save view" });
  await dialog.getByLabel("View name").fill("LFD soon");
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: LFD soon" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Containers" }).click();
  await expect(page).toHaveURL(/\/containers$/);
  await nav.getByRole("button", { name: /^Views/ }).click();
  await page.getByRole("dialog", { name: "Saved views" }).getByRole("link", { name: "LFD soon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: LFD soon" })).toBeVisible();
  await expect(header).toHaveAttribute("aria-sort", "descending");

  // Export: the file is named after the view, and its rows are the API's, in its order.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lfd-soon-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloaded(await file.path());
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.text.split("\r\n").length).toBe(expected.length + 2);
  expect(csv.rows.map((r) => r.number)).toEqual(expected);
  const api: Doc = await apiGet(
    page.request,
    demo,
    `/v2/containers?filter[lfd]=within_2_days&sort=-last_free_day_at`,
  );
  for (const [i, container] of api.data.entries()) {
    const a = container.attributes;
    const row = csv.rows[i]!;
    expect(row.bill_of_lading_number).toBe(a.bill_of_lading_number);
    expect(row.pod_timezone).toBe(a.pod_timezone ?? "UTC");
    // The same instant, written as the port's local time with its offset.
    expect(Date.parse(row.last_free_day_at!)).toBe(Date.parse(a.last_free_day_at));
    expect(row.last_free_day_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/);
    // Whose day it is, the zone that counts it (a rail ramp's: inland), and that the box still waits.
    expect(row.last_free_day_source).toBe(a.last_free_day_source);
    expect(row.last_free_day_timezone).toBe(a.last_free_day_timezone ?? a.pod_timezone ?? "UTC");
    expect(row.awaiting_pickup).toBe("true");
  }
  await expect(page.getByRole("status").filter({ hasText: "Downloaded" })).toContainText(
    `${expected.length} row`,
  );
});

test("a many-page export has every container of the sorted list, with a progress bar", async ({
  page,
  demo,
}) => {
  const expected = await allNumbers(page, demo, "sort=-pod_eta_at");
  expect(expected.length, "the demo data spans more than one page of 100").toBeGreaterThan(100);
  await signInAsDemo(page, "/containers?sort=-pod_eta_at");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^containers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloaded(await file.path());
  expect(csv.fields[0]).toBe("number");
  expect(csv.rows.map((r) => r.number)).toEqual(expected);
});

test("an export can be cancelled while it runs", async ({ page }) => {
  await signInAsDemo(page, "/containers");
  // Each page of the export waits for the test's word, so the progress bar is seen and the export stopped mid-way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v2\/containers\?.*page\[size\]=100/, async (route) => {
    await held;
    // The page may have given up on the request (the export was cancelled): nothing to continue then.
    await route.continue().catch(() => {});
  });
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(page.getByRole("progressbar", { name: /Exporting containers/ })).toBeVisible();
  await page.getByRole("button", { name: "Cancel export" }).click();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  release();
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  expect(downloads).toBe(0);
});

test("filters are chips: added from the keyboard, removed one by one, cleared together", async ({
  page,
  demo,
}) => {
  await signInAsDemo(page, "/containers");
  const add = page.getByRole("button", { name: "Add filter" });
  await add.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Add filter" });
  await expect(form.getByLabel("Filter")).toBeFocused();
  await form.getByLabel("Filter").selectOption({ label: "Available for pickup" });
  await form.getByLabel("Value").selectOption({ label: "Yes" });
  await form.getByLabel("Value").press("Tab");
  await expect(form.getByRole("button", { name: "Apply" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/filter\[available\]=true/);
  await expect(add).toBeFocused();

  await page.keyboard.press("Enter");
  await form.getByLabel("Filter").selectOption({ label: "Line" });
  await form.getByLabel("Value").fill("MSCU");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/filter\[shipping_line\]=MSCU/);

  const both: Doc = await apiGet(
    page.request,
    demo,
    "/v2/containers?filter[available]=true&filter[shipping_line]=MSCU",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  await expect(
    page.getByText(`${both.meta.total} container${both.meta.total === 1 ? "" : "s"} match`),
  ).toBeVisible();
  const chips = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
  await expect(chips).toHaveText(["Available for pickup: yes", "Line: MSCU"].map((t) => new RegExp(t)));

  await page.getByRole("button", { name: "Remove filter Line: MSCU" }).click();
  await expect(page).not.toHaveURL(/shipping_line/);
  await expect(chips).toHaveCount(1);
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/containers$/);
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
});

test("a filter whose list is slow to come keeps the page, its rows and the keyboard's place until it does", async ({
  page,
}) => {
  await signInAsDemo(page, "/containers");
  await expect(rows(page).nth(1)).toBeVisible();
  const before = await rows(page).count();
  // The filtered list is held back well past the router's pending delay (1 s), as on a slow network.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const filtered = (url: URL) =>
    url.pathname === "/v2/containers" && url.searchParams.get("filter[available]") === "true";
  await page.route(filtered, async (route) => {
    await held;
    await route.continue();
  });

  const add = page.getByRole("button", { name: "Add filter" });
  await add.focus();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Add filter" });
  await form.getByLabel("Filter").selectOption({ label: "Available for pickup" });
  await form.getByLabel("Value").selectOption({ label: "Yes" });
  await form.getByRole("button", { name: "Apply" }).press("Enter");
  await expect(page).toHaveURL(/filter\[available\]=true/);
  // Past the router's pending delay, when the skeleton would have taken the page's place.
  await page.waitForTimeout(2_000);

  // Still the page, not the loading skeleton: the heading, the chip, the old rows marked busy, focus on Add filter.
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Available for pickup: yes");
  await expect(table(page)).toHaveAttribute("aria-busy", "true");
  await expect(rows(page)).toHaveCount(before);
  await expect(add).toBeFocused();

  release();
  await expect(table(page)).not.toHaveAttribute("aria-busy", "true");
  await expect(add).toBeFocused();
});

test("a container opened from the list by the keyboard puts focus on its page's heading, and back on the list's", async ({
  page,
}) => {
  await signInAsDemo(page, "/containers");
  const first = table(page).getByRole("row").nth(1).getByRole("link").first();
  const number = (await first.textContent())?.trim() ?? "";
  await first.focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name: new RegExp(number) });
  await expect(heading).toBeVisible();
  // Not <body>: the link that was used went with the list.
  await expect(heading).toBeFocused();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeFocused();
});

test("the last free day's terminal and line dates open from the keyboard", async ({ page, demo }) => {
  const list: Doc = await apiGet(page.request, demo, "/v2/containers?sort=last_free_day_at&page[size]=5");
  const container = list.data.find((c: Doc) => c.attributes.last_free_day_at !== null);
  expect(container, "the demo data has a container with a last free day").toBeTruthy();
  await signInAsDemo(page, "/containers?sort=last_free_day_at&size=10");
  const row = table(page).getByRole("row", { name: new RegExp(container.attributes.number) });
  const button = row.getByRole("button", { name: /^Last free day/ });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: `Last free days of ${container.attributes.number}` });
  await expect(panel).toBeVisible();
  if (container.attributes.import_deadlines.pickup_lfd_terminal)
    await expect(panel).toContainText("Terminal");
  if (container.attributes.import_deadlines.pickup_lfd_line) await expect(panel).toContainText("Line");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});

test("a saved view is renamed and deleted from the navigation", async ({ page }) => {
  await signInAsDemo(page, "/containers?filter[available]=true&sort=-pod_eta_at");
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("Ready to collect");
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = page.getByRole("dialog", { name: "Saved views" });

  await nav.getByRole("button", { name: /^Views/ }).click();
  await menu.getByRole("button", { name: "Rename view Ready to collect" }).click();
  await menu.getByLabel("New name of “Ready to collect”").fill("Pick up today");
  // The new name shows at once (renaming is optimistic); the reload below waits for the account to have it.
  const renamed = page.waitForResponse(
    (r) => r.request().method() === "PATCH" && new URL(r.url()).pathname.startsWith("/v2/saved_views/"),
  );
  await menu.getByLabel("New name of “Ready to collect”").press("Enter");
  await expect(menu.getByRole("link", { name: "Pick up today" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: Pick up today" })).toBeVisible();
  expect((await renamed).ok()).toBe(true);

  // Kept by the account: a reload still has it.
  await page.reload();
  await nav.getByRole("button", { name: /^Views/ }).click();
  await menu.getByRole("button", { name: "Delete view Pick up today" }).click();
  await page
    .getByRole("dialog", { name: /Delete the view/ })
    .getByRole("button", { name: "Delete view" })
    .click();
  await expect(nav.getByRole("button", { name: /^Views/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toHaveText("Containers");
});

test("a saved view keeps the columns chosen in the shared table's Columns menu", async ({ page }) => {
  await signInAsDemo(page, "/containers");
  const header = (name: string) => table(page).getByRole("columnheader", { name, exact: true });
  const columns = page.getByRole("button", { name: "Columns", exact: true });
  await expect(header("Vessel")).toBeVisible();
  await expect(header("Customer")).toHaveCount(0);

  await columns.click();
  await page.getByRole("checkbox", { name: "Vessel" }).uncheck();
  await page.getByRole("checkbox", { name: "Customer" }).check();
  await page.keyboard.press("Escape");
  await expect(header("Vessel")).toHaveCount(0);
  await expect(header("Customer")).toBeVisible();

  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("By customer");
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: By customer" })).toBeVisible();
  // The view's columns are in the address as the table spells them, so the page reads as the view.
  await expect(page).toHaveURL(/columns=number(%2C|,)status(%2C|,).*customer/);
  expect(page.url()).not.toMatch(/vessel/);

  // Back to the default columns: no longer the view; the view still opens with its own.
  await columns.click();
  await page.getByRole("button", { name: "Reset to the default columns" }).click();
  await expect(page).not.toHaveURL(/columns=/);
  await expect(header("Vessel")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Containers");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: /^Views/ })
    .click();
  await page.getByRole("dialog", { name: "Saved views" }).getByRole("link", { name: "By customer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: By customer" })).toBeVisible();
  await expect(header("Vessel")).toHaveCount(0);
  await expect(header("Customer")).toBeVisible();
});

test("shipments: Save view and Download CSV; the Views menu lists both lists' views, each opening its own list", async ({
  page,
  demo,
}) => {
  const bols: string[] = [];
  const statuses: string[] = [];
  let path: string | undefined =
    "/v2/shipments?filter[tracking_stopped]=false&sort=pod_eta_at&page[size]=100";
  while (path) {
    const body: Doc = await apiGet(page.request, demo, path);
    bols.push(...body.data.map((s: Doc) => s.attributes.bill_of_lading_number));
    statuses.push(...body.data.map((s: Doc) => phaseSummary(s.attributes.containers_by_phase) ?? ""));
    path = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : undefined;
  }
  expect(bols.length, "the demo data has tracked shipments").toBeGreaterThan(0);

  await signInAsDemo(page, "/containers?filter[on_hold]=true");
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("Held boxes");
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers: Held boxes" })).toBeVisible();

  await page.goto("/shipments?tracking=active&sort=pod_eta_at");
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("Arriving");
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: Arriving" })).toBeVisible();

  // The file: the view's name, UTF-8 with a BOM, every shipment of the list in the API's order.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^arriving-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloaded(await file.path());
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.fields[0]).toBe("bill_of_lading_number");
  expect(csv.rows.map((r) => r.bill_of_lading_number)).toEqual(bols);
  // Where each shipment's boxes are, as the list's Status column says it.
  expect(csv.rows.map((r) => r.status)).toEqual(statuses);
  await expect(page.getByRole("status").filter({ hasText: "Downloaded" })).toContainText(
    `${bols.length} row`,
  );

  // One Views menu, a group per list; each view opens its own list.
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = page.getByRole("dialog", { name: "Saved views" });
  await nav.getByRole("link", { name: "Shipments" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipments");
  await nav.getByRole("button", { name: "Views: 2 saved views" }).click();
  await expect(menu.getByRole("region", { name: "Containers" }).getByRole("link")).toHaveText(["Held boxes"]);
  await expect(menu.getByRole("region", { name: "Shipments" }).getByRole("link")).toHaveText(["Arriving"]);
  await menu.getByRole("link", { name: "Held boxes" }).click();
  await expect(page).toHaveURL(/\/containers\?.*filter\[on_hold\]=true/);
  await expect(page.getByRole("heading", { level: 1, name: "Containers: Held boxes" })).toBeVisible();
  await nav.getByRole("button", { name: /^Views/ }).click();
  await menu.getByRole("link", { name: "Arriving" }).click();
  await expect(page).toHaveURL(/\/shipments\?.*sort=pod_eta_at/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: Arriving" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Tracking" })).toBeChecked();
});
