// Customers (parties): a shipment's customer picked from the account's parties or added by name on its page, the
// shipments list filtered by one, and a rename on the Customers page that every shipment then shows. Each test
// works in an account of its own.
import AxeBuilder from "@axe-core/playwright";
import { type Account, apiGet, apiPost, expect, type Page, signIn, test } from "./fixtures";

interface ShipmentResource {
  id: string;
  attributes: { bill_of_lading_number: string; customer_name: string | null };
  relationships: { customer?: { data: { id: string } | null } };
}

test.use({ shipmentsInAccount: 3 });

async function allShipments(page: Page, account: Account): Promise<ShipmentResource[]> {
  return (await apiGet<{ data: ShipmentResource[] }>(page.request, account, "/v2/shipments?page[size]=100"))
    .data;
}

async function openShipment(page: Page, shipment: ShipmentResource) {
  await page.goto(`/shipments/${shipment.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Shipment ${shipment.attributes.bill_of_lading_number}` }),
  ).toBeVisible();
}

test("set a customer from the picker, add a new one, filter the list by it, rename it", async ({
  page,
  account,
}) => {
  const created = await apiPost(page.request, account, "/v2/parties", {
    data: { type: "party", attributes: { company_name: "Globex Imports" } },
  });
  expect(created.status()).toBe(201);
  await signIn(page, account);
  const [first, second, third] = await allShipments(page, account);
  if (!first || !second || !third) throw new Error("the account has fewer than three shipments");
  const details = page.getByRole("region", { name: "Details" });

  // An existing party, found by part of its name and picked with the keyboard.
  await openShipment(page, first);
  await details.getByRole("button", { name: "Set customer" }).click();
  const picker = details.getByRole("combobox", { name: "Customer" });
  await expect(picker).toBeFocused();
  await picker.fill("glob");
  const listbox = details.getByRole("listbox", { name: "Customers" });
  await expect(listbox.getByRole("option", { name: /Globex Imports/ })).toBeVisible();
  await picker.press("ArrowDown");
  await expect(listbox.getByRole("option", { name: /Globex Imports/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await picker.press("Enter");
  await expect(details.getByText("Globex Imports", { exact: true })).toBeVisible();
  await expect(details.getByRole("button", { name: "Change customer" })).toBeFocused();

  // A new one, added from the picker by the name typed.
  await openShipment(page, second);
  await details.getByRole("button", { name: "Set customer" }).click();
  await picker.fill("Initech Freight");
  const add = listbox.getByRole("option", { name: "Add ‘Initech Freight’ as a new customer" });
  await expect(add).toBeVisible();
  await add.click();
  await expect(details.getByText("Initech Freight", { exact: true })).toBeVisible();
  const parties = await apiGet(page.request, account, "/v2/parties");
  const initech = parties.data.find(
    (p: { attributes: { company_name: string } }) => p.attributes.company_name === "Initech Freight",
  );
  expect(initech?.attributes.shipments_count).toBe(1);

  // The shipments list, filtered by the new customer through the filter's picker.
  await page.goto("/shipments");
  await page.getByRole("button", { name: "Add filter" }).click();
  const form = page.getByRole("form", { name: "Add filter" });
  await form.getByLabel("Filter").selectOption({ label: "Customer" });
  const value = form.getByRole("combobox", { name: "Value" });
  await value.fill("initech");
  await form.getByRole("option", { name: /Initech Freight/ }).click();
  await expect(value).toHaveValue("Initech Freight");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Customer: Initech Freight" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Shipments" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(second.attributes.bill_of_lading_number);

  // Renamed on the Customers page: the shipment shows the new name.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  // The link to its shipments, kept from before the rename (as a bookmark or a shared link would be).
  const shipmentsLink = await page
    .getByRole("link", { name: "1 shipment for Initech Freight" })
    .getAttribute("href");
  if (!shipmentsLink) throw new Error("the customer's shipments link has no href");
  await page.getByRole("button", { name: "Rename Initech Freight" }).click();
  const rename = page.getByRole("textbox", { name: "New name for Initech Freight" });
  await expect(rename).toBeFocused();
  await rename.fill("Initech Global Freight");
  await rename.press("Enter");
  await expect(page.getByRole("cell", { name: "Initech Global Freight", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rename Initech Global Freight" })).toBeFocused();

  // The link names the party by id, which the rename left valid: the list still finds its shipment, and the chip
  // reads the party's name as it is now.
  await page.goto(shipmentsLink);
  expect(new URL(page.url()).searchParams.get("filter[customer]")).toBe(initech?.id);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(second.attributes.bill_of_lading_number);
  const chip = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");
  await expect(chip).toHaveText(/^Customer: Initech Global Freight/);
  await expect(
    page.getByRole("button", { name: "Remove filter Customer: Initech Global Freight" }),
  ).toBeVisible();
  // Edited, the filter shows the name; applied unchanged, it stays the id.
  await page.getByRole("button", { name: "Add filter" }).click();
  await form.getByLabel("Filter").selectOption({ label: "Customer" });
  await expect(value).toHaveValue("Initech Global Freight");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(chip).toHaveText(/^Customer: Initech Global Freight/);
  await expect.poll(() => new URL(page.url()).searchParams.get("filter[customer]")).toBe(initech?.id);
  // Followed from the page now, the link lands on the same list.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("link", { name: "1 shipment for Initech Global Freight" }).click();
  await expect(chip).toHaveText(/^Customer: Initech Global Freight/);
  await expect(rows).toHaveCount(2);
  await openShipment(page, second);
  await expect(details.getByText("Initech Global Freight", { exact: true })).toBeVisible();
  await expect(page.getByText("for Initech Global Freight")).toBeVisible();
});

test("while the answer for the typed name is on its way, the picker offers only the names that hold it, and a pick lands", async ({
  page,
  account,
}) => {
  for (const name of ["Acme Shipping", "Globex Imports", "Initech Freight", "Umbrella Cargo"]) {
    await apiPost(page.request, account, "/v2/parties", {
      data: { type: "party", attributes: { company_name: name } },
    });
  }
  await signIn(page, account, "/shipments");
  // The list's answer for "initech" is held until the person has picked (a slow machine, a slow network): the
  // list shows the earlier answer meanwhile, which must not offer names the typed text rules out (the option the
  // person reaches for would move under the pointer when the answer lands).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v2\/parties\?.*initech/i, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Add filter" }).click();
  const form = page.getByRole("form", { name: "Add filter" });
  await form.getByLabel("Filter").selectOption({ label: "Customer" });
  const value = form.getByRole("combobox", { name: "Value" });
  await value.click();
  const options = form.getByRole("listbox", { name: "Customers" }).getByRole("option");
  await expect(options).toHaveCount(4);
  await value.fill("initech");
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText([/Initech Freight/]);
  await options.first().click();
  await expect(value).toHaveValue("Initech Freight");
  release();
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Customer: Initech Freight" })).toBeVisible();
});

test("a name the account already has is refused beside the field", async ({ page, account }) => {
  await apiPost(page.request, account, "/v2/parties", {
    data: { type: "party", attributes: { company_name: "Umbrella Cargo" } },
  });
  await apiPost(page.request, account, "/v2/parties", {
    data: { type: "party", attributes: { company_name: "Stark Logistics" } },
  });
  await signIn(page, account, "/customers");
  await page.getByRole("button", { name: "Rename Stark Logistics" }).click();
  const rename = page.getByRole("textbox", { name: "New name for Stark Logistics" });
  await rename.fill("umbrella cargo");
  await rename.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("'umbrella cargo' already exists in Account");
  await expect(rename).toHaveAttribute("aria-invalid", "true");
  await rename.press("Escape");
  await expect(page.getByRole("cell", { name: "Stark Logistics", exact: true })).toBeVisible();

  await page.getByLabel("New customer").fill("UMBRELLA CARGO");
  await page.getByRole("button", { name: "Add customer" }).click();
  await expect(page.getByRole("alert")).toHaveText("'UMBRELLA CARGO' already exists in Account");
});

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (as accessibility.spec.ts). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the Customers page and the open picker pass axe's WCAG checks", async ({ page, account }) => {
      for (const name of ["Acme Home Goods", "Blue Harbor Apparel", "Cascade Outdoor Supply"]) {
        await apiPost(page.request, account, "/v2/parties", { data: { attributes: { company_name: name } } });
      }
      const [shipment] = await allShipments(page, account);
      if (!shipment) throw new Error("the account has no shipment");
      await apiPost(page.request, account, "/v2/parties", {
        data: { attributes: { company_name: "Zephyr" } },
      });
      await page.request.patch(`/v2/shipments/${shipment.id}`, {
        headers: { Authorization: `Token ${account.apiKey}`, "Content-Type": "application/vnd.api+json" },
        data: { data: { attributes: { customer_name: "Acme Home Goods" } } },
      });
      const shots = process.env.SHOTS_DIR;

      await signIn(page, account, "/customers");
      await expect(page.getByRole("cell", { name: "Acme Home Goods", exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "1 shipment for Acme Home Goods" })).toBeVisible();
      await expectNoViolations(page, "/customers");
      if (shots) await page.screenshot({ path: `${shots}/customers-${viewport.name}.png`, fullPage: true });
      await page.getByRole("button", { name: "Rename Blue Harbor Apparel" }).click();
      await expectNoViolations(page, "/customers, renaming");
      if (shots) await page.screenshot({ path: `${shots}/customers-rename-${viewport.name}.png` });

      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: "1 shipment for Acme Home Goods" }).click();
      await expect(page.getByRole("list", { name: "Active filters" }).getByRole("listitem")).toHaveText(
        /^Customer: Acme Home Goods/,
      );
      // A table on a desktop, a list of cards on a phone.
      const list = page.getByRole(viewport.name === "phone" ? "list" : "table", { name: "Shipments" });
      await expect(list).toContainText(shipment.attributes.bill_of_lading_number);
      await expectNoViolations(page, "/shipments, filtered by a customer's id");
      if (shots) await page.screenshot({ path: `${shots}/shipments-by-customer-id-${viewport.name}.png` });

      await openShipment(page, shipment);
      const details = page.getByRole("region", { name: "Details" });
      await details.getByRole("button", { name: "Change customer" }).click();
      const picker = details.getByRole("combobox", { name: "Customer" });
      await picker.fill("a");
      await expect(details.getByRole("option", { name: /Cascade Outdoor Supply/ })).toBeVisible();
      await picker.press("ArrowDown");
      await expectNoViolations(page, "a shipment, picking its customer");
      if (shots) {
        await picker.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/shipment-customer-picker-${viewport.name}.png` });
      }
      await picker.press("Escape");
      await expect(details.getByRole("listbox", { name: "Customers" })).toBeHidden();
      await picker.press("Escape");
      await expect(details.getByRole("button", { name: "Change customer" })).toBeFocused();

      await page.goto("/shipments");
      await page.getByRole("button", { name: "Add filter" }).click();
      const form = page.getByRole("form", { name: "Add filter" });
      await form.getByLabel("Filter").selectOption({ label: "Customer" });
      await form.getByRole("combobox", { name: "Value" }).fill("ac");
      await expect(form.getByRole("option", { name: /Acme Home Goods/ })).toBeVisible();
      await expectNoViolations(page, "/shipments, filtering by customer");
      if (shots) await page.screenshot({ path: `${shots}/shipments-customer-filter-${viewport.name}.png` });
    });
  });
}
