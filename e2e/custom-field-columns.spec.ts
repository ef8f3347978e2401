// Custom fields as list columns (issue 31 item 1): a field defined in Settings and set on a shipment's page is a
// column of /shipments once chosen in the Columns menu, sorts from its header, filters by a chip, is kept in a saved
// view that opens again with its filter and column, and is a column of the CSV download (the file read back); a
// container's number field is a column of /containers, sorted numerically and filtered by a number. Screenshots of
// both lists with their columns at 1440x900 and 390x844 go to e2e/.results.
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { apiGet, apiPost, expect, type Page, signIn, test } from "./fixtures";

test.use({ shipmentsInAccount: 2 });

const RESULTS = "e2e/.results";

const table = (page: Page) => page.getByRole("table", { name: "Shipments" });
const header = (page: Page, name: string) => table(page).getByRole("columnheader", { name, exact: true });

async function downloaded(path: string) {
  const text = (await readFile(path)).toString("utf8").replace(/^\uFEFF/, "");
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    newline: "\r\n",
    skipEmptyLines: true,
  });
  return { rows: parsed.data, fields: parsed.meta.fields ?? [] };
}

test("a custom field is a column: shown, sorted, filtered, saved in a view and downloaded", async ({
  page,
  account,
}) => {
  const listed = await apiGet(page.request, account, "/v2/shipments?page[size]=2");
  const [first, second] = listed.data as { id: string; attributes: { bill_of_lading_number: string } }[];
  // The older shipment gets the value: sorting by the field puts it first, against the default order.
  const marked = second!;
  const other = first!;

  // Settings → Custom fields: a short text of shipments.
  await signIn(page, account, "/settings/custom-fields");
  await page.getByLabel("Display name").fill("PO number");
  await expect(page.getByLabel("API slug")).toHaveValue("po_number");
  await page.getByLabel("Kind of record").selectOption({ label: "Shipments" });
  await page.getByLabel("Data type").selectOption({ label: "Short text" });
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“PO number” was created." })).toBeVisible();

  // Set on the shipment's page.
  await page.goto(`/shipments/${marked.id}`);
  const section = page.getByRole("region", { name: "Custom fields" });
  await section.getByRole("button", { name: "Edit PO number" }).click();
  await section.getByLabel("PO number", { exact: true }).fill("PO-4711");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByRole("definition").first()).toContainText("PO-4711");

  // The list: hidden until chosen in the Columns menu, then shown with each row's value.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shipments" }).click();
  await expect(table(page).getByRole("row")).toHaveCount(3);
  await expect(header(page, "PO number")).toHaveCount(0);
  const columns = page.getByRole("button", { name: "Columns", exact: true });
  await columns.click();
  await page.getByRole("checkbox", { name: "PO number" }).check();
  await page.keyboard.press("Escape");
  await expect(header(page, "PO number")).toBeVisible();
  const rowOf = (bol: string) => table(page).getByRole("row").filter({ hasText: bol });
  await expect(rowOf(marked.attributes.bill_of_lading_number)).toContainText("PO-4711");
  await expect(rowOf(other.attributes.bill_of_lading_number)).toContainText("Not set");

  // Sorted from its header: the shipment with a value first (those without come last in both directions).
  await expect(table(page).getByRole("row").nth(1)).toContainText(other.attributes.bill_of_lading_number);
  await header(page, "PO number").getByRole("button", { name: "PO number" }).click();
  await expect(page).toHaveURL(/[?&]sort=custom_fields\.po_number(&|$)/);
  await expect(header(page, "PO number")).toHaveAttribute("aria-sort", "ascending");
  await expect(table(page).getByRole("row").nth(1)).toContainText(marked.attributes.bill_of_lading_number);
  await header(page, "PO number").getByRole("button").click();
  await expect(header(page, "PO number")).toHaveAttribute("aria-sort", "descending");
  await expect(table(page).getByRole("row").nth(1)).toContainText(marked.attributes.bill_of_lading_number);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${RESULTS}/custom-field-column-1440.png` });

  // Filtered by a chip, as the list's own filters are.
  await page.getByRole("button", { name: "Add filter" }).click();
  const form = page.getByRole("form", { name: "Add filter" });
  await form.getByLabel("Filter").selectOption({ label: "PO number" });
  await form.getByLabel("Value").fill("PO-4711");
  await form.getByRole("button", { name: "Apply" }).click();
  const chip = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
  await expect(chip).toHaveText(/PO number: PO-4711/);
  await expect(page).toHaveURL(/filter\[custom_fields\.po_number\]=PO-4711/);
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(page.getByText("1 shipment match")).toBeVisible();

  // Saved as a view, and opened again from the Views menu on the plain list.
  await page.getByRole("button", { name: "Save view" }).click();
  await page.getByLabel("View name").fill("PO 4711");
  // The heading shows the view at once (saving is optimistic): the account has it when the POST is answered.
  const stored = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/v2/saved_views",
  );
  await page.getByRole("dialog", { name: "Save view" }).getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: PO 4711" })).toBeVisible();
  expect((await stored).status()).toBe(201);
  const saved = await apiGet(page.request, account, "/v2/saved_views");
  expect(saved.data[0].attributes.search).toMatchObject({
    "filter[custom_fields.po_number]": "PO-4711",
    sort: "-custom_fields.po_number",
  });
  expect(saved.data[0].attributes.search.columns).toContain("custom_fields.po_number");

  await page.goto("/shipments?columns=bill_of_lading,eta");
  await expect(table(page).getByRole("row")).toHaveCount(3);
  await expect(header(page, "PO number")).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: /^Views/ })
    .click();
  await page.getByRole("dialog", { name: "Saved views" }).getByRole("link", { name: "PO 4711" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments: PO 4711" })).toBeVisible();
  await expect(page).toHaveURL(/filter\[custom_fields\.po_number\]=PO-4711/);
  await expect(header(page, "PO number")).toBeVisible();
  await expect(chip).toHaveText(/PO number: PO-4711/);
  await expect(table(page).getByRole("row")).toHaveCount(2);

  // The CSV: the list's own columns, then the field's, for the one shipment the view lists.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const csv = await downloaded(await (await download).path());
  expect(csv.fields[0]).toBe("bill_of_lading_number");
  expect(csv.fields.at(-1)).toBe("custom_fields.po_number");
  expect(csv.rows.map((r) => [r.bill_of_lading_number, r["custom_fields.po_number"]])).toEqual([
    [marked.attributes.bill_of_lading_number, "PO-4711"],
  ]);

  // The column on a phone: the list as cards, the field among each card's facts once chosen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("PO-4711").first()).toBeVisible();
  await page.screenshot({ path: `${RESULTS}/custom-field-column-390.png`, fullPage: true });
});

test("a container's number field is a column of /containers, sorted numerically and filtered", async ({
  page,
  account,
}) => {
  const boxes = (await apiGet(page.request, account, "/v2/containers?page[size]=10")).data as {
    id: string;
    attributes: { number: string };
  }[];
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  const defined = await apiPost(page.request, account, "/v2/custom_field_definitions", {
    data: {
      type: "custom_field_definition",
      attributes: {
        entity_type: "Container",
        api_slug: "weight_kg",
        display_name: "Weight (kg)",
        data_type: "number",
      },
    },
  });
  expect(defined.status()).toBe(201);
  // 900 before 12000 as numbers (as text, "12000" would come first).
  for (const [box, value] of [
    [boxes[0]!, 12000],
    [boxes[1]!, 900],
  ] as const) {
    const set = await apiPost(page.request, account, `/v2/containers/${box.id}/custom_fields`, {
      data: { type: "custom_field", attributes: { api_slug: "weight_kg", value } },
    });
    expect(set.status()).toBe(201);
  }

  await signIn(page, account, "/containers?columns=number,status,eta,custom_fields.weight_kg");
  const list = page.getByRole("table", { name: "Containers" });
  const weight = list.getByRole("columnheader", { name: "Weight (kg)", exact: true });
  await weight.getByRole("button", { name: "Weight (kg)" }).click();
  await expect(weight).toHaveAttribute("aria-sort", "ascending");
  await expect(list.getByRole("row").nth(1)).toContainText(boxes[1]!.attributes.number);
  await expect(list.getByRole("row").nth(1)).toContainText("900");
  await expect(list.getByRole("row").nth(2)).toContainText(boxes[0]!.attributes.number);
  await expect(list.getByRole("row").nth(2)).toContainText("12,000");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${RESULTS}/custom-field-column-containers-1440.png` });

  await page.getByRole("button", { name: "Add filter" }).click();
  const form = page.getByRole("form", { name: "Add filter" });
  await form.getByLabel("Filter").selectOption({ label: "Weight (kg)" });
  await form.getByLabel("Value").fill("900");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Weight (kg): 900");
  await expect(list.getByRole("row")).toHaveCount(2);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("1 container match")).toBeVisible();
  await page.screenshot({ path: `${RESULTS}/custom-field-column-containers-390.png`, fullPage: true });
});
