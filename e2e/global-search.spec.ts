// Global search (Ctrl-K / ⌘-K): opened from the keyboard or the header's button, it finds the demo account's
// containers, shipments, vessels and ports as one types, moves with the arrow keys, opens a result with Enter,
// and Escape gives focus back to where it was. Only reads the demo account, which no test changes.
import { apiGet, expect, type Page, signInAsDemo, test } from "./fixtures";

const dialog = (page: Page) =>
  page.getByRole("dialog", { name: "Search shipments, containers, vessels and ports" });
const box = (page: Page) =>
  dialog(page).getByRole("combobox", { name: "Search shipments, containers, vessels and ports" });
const results = (page: Page) => dialog(page).getByRole("listbox", { name: "Search results" });

test("Ctrl-K finds a container and a shipment; the arrows move, Enter opens", async ({ page, demo }) => {
  await signInAsDemo(page);
  const containers = await apiGet(page.request, demo, "/v2/containers?page[size]=5&page[number]=2");
  const container = containers.data[1];
  const number: string = container.attributes.number;
  const shipments = await apiGet(page.request, demo, "/v2/shipments?page[size]=5&page[number]=3");
  const shipment = shipments.data[2];
  const bol: string = shipment.attributes.bill_of_lading_number;

  await page.keyboard.press("Control+K");
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();

  // A container by its number: the containers come first, the number marked where it matched.
  await box(page).fill(number);
  const containerGroup = results(page).getByRole("group", { name: "Containers" });
  await expect(containerGroup.getByRole("option", { name: new RegExp(number) })).toBeVisible();
  await expect(containerGroup.locator("mark").first()).toHaveText(number);
  const first = results(page).getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(first).toContainText(number);
  await expect(dialog(page).getByRole("status")).toContainText(`for “${number}”`);

  // A shipment by its bill of lading.
  await box(page).fill(bol);
  const shipmentOption = results(page)
    .getByRole("group", { name: "Shipments" })
    .getByRole("option", { name: new RegExp(bol) });
  await expect(shipmentOption).toBeVisible();

  // Several vessels at once: the arrows, Home and End move the active option, which the box points at.
  await box(page).fill("COSCO SHIPPING");
  const vessels = results(page).getByRole("group", { name: "Vessels" }).getByRole("option");
  await expect(vessels.nth(2)).toBeVisible();
  const options = results(page).getByRole("option");
  const count = await options.count();
  const activeId = () => box(page).getAttribute("aria-activedescendant");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box(page).press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  expect(await activeId()).toBe(await options.nth(1).getAttribute("id"));
  await box(page).press("End");
  await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await box(page).press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box(page).press("ArrowUp");
  await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await box(page).press("Home");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");

  // Back to the bill of lading: Enter opens the shipment, and the dialog is gone.
  await box(page).fill(bol);
  await expect(results(page).getByRole("option").first()).toContainText(bol);
  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(bol) })).toBeVisible();

  // And a container from the shipment's page, with ⌘-K this time.
  await page.keyboard.press("Meta+K");
  await box(page).fill(number);
  await expect(results(page).getByRole("option").first()).toContainText(number);
  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/containers/${container.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Container ${number}` })).toBeVisible();
});

test("Escape closes the search and gives focus back; the header's button opens it too", async ({ page }) => {
  await signInAsDemo(page);
  const containersLink = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Containers" });
  await containersLink.focus();
  await page.keyboard.press("Control+K");
  await expect(box(page)).toBeFocused();
  await box(page).fill("Savannah");
  await expect(
    results(page)
      .getByRole("group", { name: "Ports" })
      .getByRole("option", { name: /Savannah/ }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(containersLink).toBeFocused();

  const button = page.getByRole("button", { name: /^Search/ });
  await expect(button).toHaveAttribute("aria-keyshortcuts", /Control\+K/);
  await button.click();
  await expect(box(page)).toBeFocused();
  // Focus stays inside: Tab goes round the dialog's controls and back to the box.
  await page.keyboard.press("Tab");
  await expect(dialog(page).getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(box(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test("a port found by its UN/LOCODE opens the shipments discharging there", async ({ page }) => {
  await signInAsDemo(page);
  await page.keyboard.press("Control+K");
  await box(page).fill("ussav");
  const port = results(page)
    .getByRole("group", { name: "Ports" })
    .getByRole("option", { name: /Savannah/ });
  await expect(port).toBeVisible();
  await expect(port.locator("mark")).toHaveText("USSAV");
  await expect(results(page).getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await port.click();
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/shipments\?.*USSAV/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
});

test("a search superseded by more typing is cancelled, and only the newer one is shown", async ({ page }) => {
  await signInAsDemo(page);
  // The first search's answer is held back until the test lets it go: it is still running when the term changes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/v2/shipments?*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("q") === "MED") await held;
    await route.continue().catch(() => {});
  });
  const isSearch = (q: string) => (url: string) => new URL(url).searchParams.get("q") === q;

  await page.getByRole("button", { name: /^Search/ }).click();
  const first = page.waitForRequest((r) => isSearch("MED")(r.url()));
  await box(page).fill("MED");
  await first;
  const cancelled = page.waitForEvent("requestfailed", (r) => isSearch("MED")(r.url()));
  await box(page).fill("MEDU");
  expect((await cancelled).failure()?.errorText).toContain("ABORTED");
  release();
  await expect(dialog(page).getByRole("status").filter({ hasText: "for “MEDU”" })).toBeVisible();
});
