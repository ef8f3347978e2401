// Global search (Ctrl-K / ⌘-K): opened from the keyboard or the header's button, it finds the demo account's
// containers, shipments, vessels and ports as one types (one GET /v2/search per term), moves with the arrow keys,
// opens a result with Enter, and Escape gives focus back to where it was; a server that answers only the hosted
// API's kinds works too. Only reads the demo account, which no test changes.
import { apiGet, apiPost, expect, type Page, signIn, signInAsDemo, test } from "./fixtures";

const dialog = (page: Page) =>
  page.getByRole("dialog", { name: "Search shipments, containers, vessels and ports" });
const box = (page: Page) =>
  dialog(page).getByRole("combobox", { name: "Search shipments, containers, vessels and ports" });
const results = (page: Page) => dialog(page).getByRole("listbox", { name: "Search results" });

test("Ctrl-K finds a container and a shipment; the arrows move, Enter opens", async ({ page, demo }) => {
  await signInAsDemo(page);
  // Every term is one request to GET /v2/search: no list searched by `q`, no fleet or port read besides.
  const asked: string[] = [];
  let dialogOpen = false;
  page.on("request", (r) => {
    const url = new URL(r.url());
    const searching =
      url.pathname === "/v2/search" ||
      url.searchParams.has("q") ||
      url.pathname === "/v2/vessels" ||
      url.pathname.startsWith("/v2/ports/");
    if (dialogOpen && searching) asked.push(url.pathname);
  });
  // A container whose shipment was not tracked by that very number: such a shipment matches the number whole
  // too, and shipments rank before containers.
  const requests = await apiGet(page.request, demo, "/v2/tracking_requests?page[size]=100");
  const requested = new Set(
    requests.data.map((r: { attributes: { request_number: string } }) => r.attributes.request_number),
  );
  const containers = await apiGet(page.request, demo, "/v2/containers?page[size]=30&page[number]=1");
  const container = containers.data.find(
    (c: { attributes: { number: string } }, i: number) => i >= 5 && !requested.has(c.attributes.number),
  );
  const number: string = container.attributes.number;
  const shipments = await apiGet(page.request, demo, "/v2/shipments?page[size]=5&page[number]=3");
  const shipment = shipments.data[2];
  const bol: string = shipment.attributes.bill_of_lading_number;

  await page.keyboard.press("Control+K");
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  dialogOpen = true;

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
  expect(asked).toEqual(["/v2/search", "/v2/search"]);
  dialogOpen = false;

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
  await expect(page).toHaveURL(/\/shipments\?filter(\[|%5B)port_of_discharge(\]|%5D)=USSAV$/);
  await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Port of discharge: USSAV");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
});

test("a vessel opens on the map", async ({ page, demo }) => {
  await signInAsDemo(page);
  const fleet = await apiGet(page.request, demo, "/v2/vessels?page[size]=1");
  const vessel = fleet.data[0];
  await page.keyboard.press("Control+K");
  await box(page).fill(vessel.attributes.name);
  const option = results(page)
    .getByRole("group", { name: "Vessels" })
    .getByRole("option", { name: new RegExp(vessel.attributes.name) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/map\\?vessel=${vessel.id}$`));
});

test("a tracking request not yet a shipment is found by its reference and opens on its page", async ({
  page,
  account,
}) => {
  // The sandbox network is paused in e2e: the request stays pending, with no shipment to stand for it.
  const made = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: {
        request_type: "bill_of_lading",
        request_number: "MEDU8812345",
        scac: "MSCU",
        ref_numbers: ["PO-SEARCH-77"],
      },
    },
  });
  expect(made.status()).toBe(201);
  const { data: request } = await made.json();
  await signIn(page, account);
  await page.keyboard.press("Control+K");
  await box(page).fill("search-77");
  const option = results(page)
    .getByRole("group", { name: "Tracking requests" })
    .getByRole("option", { name: /MEDU8812345/ });
  await expect(option).toContainText("Reference PO-SEARCH-77");
  await box(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/tracking-requests/${request.id}$`));
});

test("a server that answers only the hosted API's kinds and attributes works too", async ({ page }) => {
  await signInAsDemo(page);
  // The hosted API's own example answer: no names, no links, no meta.
  await page.route("**/v2/search?*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        data: [
          {
            id: "abc12345-6789-40ef-9012-3456789abcde",
            type: "shipment",
            attributes: {
              entity_type: "shipment",
              number: "MEDUA1234567",
              shipment_id: null,
              scac: "MSCU",
              port_of_lading_name: "Shanghai",
              port_of_discharge_name: "Los Angeles",
              containers_count: 3,
              tracking_stopped: false,
              tracking_stopped_reason: null,
              status: null,
              failed_reason: null,
              ref_numbers: ["PO-2026-001"],
              created_at: "2026-01-15T10:30:00.000Z",
              updated_at: "2026-03-01T14:22:00.000Z",
            },
          },
          {
            id: "def45678-9012-43ab-9cde-f0123456789a",
            type: "cargo",
            attributes: {
              entity_type: "cargo",
              number: "MSCU1234567",
              shipment_id: "abc12345-6789-40ef-9012-3456789abcde",
              ref_numbers: [],
            },
          },
        ],
      }),
    }),
  );
  await page.keyboard.press("Control+K");
  await box(page).fill("MEDUA");
  await expect(
    results(page)
      .getByRole("group", { name: "Shipments" })
      .getByRole("option", { name: /MEDUA1234567/ }),
  ).toContainText("MSCU · Shanghai → Los Angeles · 3 containers");
  await expect(
    results(page)
      .getByRole("group", { name: "Containers" })
      .getByRole("option", { name: /MSCU1234567/ }),
  ).toBeVisible();
  await expect(dialog(page).getByRole("alert")).toHaveCount(0);
});

test("a search superseded by more typing is cancelled, and only the newer one is shown", async ({ page }) => {
  await signInAsDemo(page);
  // The first search's answer is held back until the test lets it go: it is still running when the term changes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/v2/search?*", async (route) => {
    if (new URL(route.request().url()).searchParams.get("query") === "MED") await held;
    await route.continue().catch(() => {});
  });
  const isSearch = (q: string) => (url: string) => new URL(url).searchParams.get("query") === q;

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
