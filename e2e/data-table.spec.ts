// The dashboard's shared list table: headers that sort through the API with the order in the URL, a Columns menu
// whose choice survives a reload (or comes from the URL), rows the keyboard reaches with a visible focus ring, and
// long lists that draw only the rows in view while staying a table. Reads the demo account, which no test changes;
// the long list is a bulk entry's preview, which sends nothing.
import { apiGet, expect, type Page, signInAsDemo, test } from "./fixtures";

const table = (page: Page) => page.getByRole("table", { name: "Shipments" });
const header = (page: Page, name: string) => table(page).getByRole("columnheader", { name, exact: true });

/** The bills of lading of the rows shown, in order. */
async function shownNumbers(page: Page): Promise<string[]> {
  return table(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.textContent?.trim() ?? ""));
}

async function apiNumbers(page: Page, demo: { id: string; apiKey: string }, sort: string): Promise<string[]> {
  const body = await apiGet(page.request, demo, `/v2/shipments?page[size]=25&sort=${sort}`);
  return body.data.map(
    (s: { attributes: { bill_of_lading_number: string } }) => s.attributes.bill_of_lading_number,
  );
}

test("sorting by a header puts the order in the URL and shows the rows in the API's order", async ({
  page,
  demo,
}) => {
  await signInAsDemo(page, "/shipments");
  await expect(table(page).getByRole("row")).toHaveCount(26);

  // Columns the API cannot sort by have no button and say nothing about order.
  await expect(header(page, "Line").getByRole("button")).toHaveCount(0);
  await expect(header(page, "Line")).not.toHaveAttribute("aria-sort");
  await expect(header(page, "ETA")).toHaveAttribute("aria-sort", "none");

  await header(page, "ETA").getByRole("button", { name: "ETA" }).click();
  await expect(page).toHaveURL(/[?&]sort=next_arrival(&|$)/);
  await expect(header(page, "ETA")).toHaveAttribute("aria-sort", "ascending");
  const ascending = await apiNumbers(page, demo, "next_arrival");
  await expect.poll(() => shownNumbers(page)).toEqual(ascending);

  await header(page, "ETA").getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=-next_arrival(&|$)/);
  await expect(header(page, "ETA")).toHaveAttribute("aria-sort", "descending");
  const descending = await apiNumbers(page, demo, "-next_arrival");
  expect(descending).not.toEqual(ascending);
  await expect.poll(() => shownNumbers(page)).toEqual(descending);

  // A third click goes back to the API's default order, newest first.
  await header(page, "ETA").getByRole("button").click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(header(page, "ETA")).toHaveAttribute("aria-sort", "none");
  await expect(page.getByText(/tracked by this account, newest first/)).toBeVisible();

  // The order is the URL's: a bookmark opens sorted, and Back returns to the order before.
  await page.goto("/shipments?sort=bill_of_lading_number");
  await expect(header(page, "Bill of lading")).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => shownNumbers(page)).toEqual(await apiNumbers(page, demo, "bill_of_lading_number"));
});

test("hidden columns stay hidden after a reload, and a URL can name the columns", async ({ page }) => {
  await signInAsDemo(page, "/shipments");
  const columns = page.getByRole("button", { name: "Columns", exact: true });
  await expect(header(page, "Vessel")).toBeVisible();
  await expect(header(page, "Created")).toHaveCount(0);

  await columns.click();
  await expect(columns).toHaveAttribute("aria-expanded", "true");
  // Focus is in the menu: the keyboard works it.
  await expect(page.getByRole("checkbox", { name: "Status" })).toBeFocused();
  await page.getByRole("checkbox", { name: "Vessel" }).press("Space");
  await page.getByRole("checkbox", { name: "Created" }).check();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("checkbox", { name: "Vessel" })).toBeHidden();
  await expect(columns).toBeFocused();
  await expect(header(page, "Vessel")).toHaveCount(0);
  await expect(header(page, "Created")).toBeVisible();

  await page.reload();
  await expect(table(page).getByRole("row")).toHaveCount(26);
  await expect(header(page, "Vessel")).toHaveCount(0);
  await expect(header(page, "Created")).toBeVisible();

  // A link (or a saved view) that names its columns shows those, whatever this browser chose.
  await page.goto("/shipments?columns=bill_of_lading,vessel,eta");
  // The first is the rows' checkboxes' (its own a checkbox, no words), which no choice hides.
  await expect(table(page).getByRole("columnheader")).toHaveText(["", "Bill of lading", "Vessel", "ETA"]);
  // Changing them then keeps the URL in step.
  await columns.click();
  await page.getByRole("checkbox", { name: "Line" }).check();
  await expect(page).toHaveURL(/columns=bill_of_lading(%2C|,)line(%2C|,)vessel(%2C|,)eta/);
  await page.getByRole("button", { name: "Reset to the default columns" }).click();
  await expect(page).not.toHaveURL(/columns=/);
  await expect(header(page, "Created")).toHaveCount(0);
  await expect(header(page, "Customer")).toBeVisible();
});

test("rows are reached by Tab and the arrow keys, and the focused row's link shows a focus ring", async ({
  page,
}) => {
  await signInAsDemo(page, "/shipments");
  const rows = table(page).locator("tbody tr");
  await expect(rows).toHaveCount(25);
  const first = rows.nth(0).getByRole("link").first();
  // From the last header button, Tab leads into the first row: its checkbox, then its link.
  await table(page).locator("thead button").last().focus();
  await page.keyboard.press("Tab");
  await expect(rows.nth(0).getByRole("checkbox", { name: /^Select / })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  const outline = await first.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThan(0);

  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(rows.nth(2).getByRole("link").first()).toBeFocused();
  await page.keyboard.press("End");
  await expect(rows.nth(24).getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(first).toBeFocused();
});

test("a list of more than 100 rows draws only the rows in view, and scrolling reaches the last", async ({
  page,
}) => {
  await signInAsDemo(page, "/tracking-requests/bulk");
  const count = 150;
  const lines = Array.from({ length: count }, (_, i) => `bol,VIRT${String(i + 1).padStart(6, "0")},MAEU`);
  await page.getByRole("textbox", { name: "Paste lines" }).fill(lines.join("\n"));

  const rows = page.getByRole("table", { name: "Rows to send" });
  await expect(rows).toHaveAttribute("aria-rowcount", String(count + 1));
  await expect(rows.getByRole("row").first()).toHaveAttribute("aria-rowindex", "1");
  const drawn = rows.locator("tbody tr[data-index]");
  await expect(drawn.first()).toContainText("VIRT000001");
  const inPage = await drawn.count();
  expect(inPage).toBeGreaterThan(5);
  expect(inPage).toBeLessThan(count);

  // Scrolling the table's box to its end draws the last row, in its place.
  const box = page.locator("div").filter({ has: rows }).last();
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const last = rows.getByRole("row").filter({ hasText: `VIRT${String(count).padStart(6, "0")}` });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute("aria-rowindex", String(count + 1));
  await expect(rows.getByRole("row").filter({ hasText: "VIRT000001" })).toHaveCount(0);
  expect(await drawn.count()).toBeLessThan(count);
});
