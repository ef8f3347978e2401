// The dashboard on a phone (390×844): every page fits the screen's width (no sideways scroll of the page itself),
// the navigation is a Menu that works from the keyboard, lists are cards whose key facts are in view and whose
// order is chosen with "Sort by", and the desktop keeps its navigation bar and tables. One account of the test's
// own holds what every page needs: shipments, a box on hold at its terminal, a webhook and a delivered notification.
import type { APIRequestContext } from "@playwright/test";
import { type Receiver, startReceiver } from "../src/server/webhooks/test-receiver";
import {
  type Account,
  apiGet,
  apiPost,
  createTestAccount,
  expect,
  type Page,
  signIn,
  test,
} from "./fixtures";

const PHONE = { width: 390, height: 844 };

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

/** An account with a few sandbox shipments and a box held at its terminal. */
function phoneAccount(request: APIRequestContext): Promise<Account> {
  return createTestAccount(request, {
    company_name: "E2E phone: a forwarder with a long company name",
    shipments: 3,
    held_box: true,
  });
}

/** The page's own width: wider than the screen means the whole page scrolls sideways. */
async function expectFitsScreen(page: Page, what: string) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("every page fits 390 px without scrolling sideways", async ({ page, request }) => {
    await page.goto("/sign-in");
    await expectFitsScreen(page, "sign-in");

    const account = await phoneAccount(request);
    // A webhook with a long address, and a delivered notification: the tracking request's outcome.
    const hook = await apiPost(request, account, "/v2/webhooks", {
      data: {
        type: "webhook",
        attributes: {
          url: `${receiver.url}/a-long-path/for-the-receiver/of-boxtrack-events?token=${"x".repeat(48)}`,
          events: ["tracking_request.succeeded", "container.transport.vessel_arrived"],
        },
      },
    });
    expect(hook.status()).toBe(201);
    const webhookId = (await hook.json()).data.id as string;
    const tracked = await apiPost(request, account, "/v2/tracking_requests", {
      data: {
        type: "tracking_request",
        attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" },
      },
    });
    expect(tracked.status()).toBe(201);
    const trackingRequestId = (await tracked.json()).data.id as string;
    await expect
      .poll(async () => (await apiGet(request, account, "/v2/webhook_notifications")).data.length)
      .toBeGreaterThan(0);
    const notificationId = (await apiGet(request, account, "/v2/webhook_notifications")).data[0].id;
    const shipmentId = (await apiGet(request, account, "/v2/shipments?page[size]=1")).data[0].id;
    const containers = (await apiGet(request, account, "/v2/containers?page[size]=100")).data as {
      id: string;
      attributes: { holds_at_pod_terminal: { status: string }[] };
    }[];
    const held = containers.find((c) => c.attributes.holds_at_pod_terminal.length > 0) ?? containers[0]!;

    await signIn(page, account, "/attention");
    const pages: [string, string][] = [
      ["needs attention", "/attention"],
      ["shipments", "/shipments"],
      ["containers", "/containers"],
      ["a shipment", `/shipments/${shipmentId}`],
      ["a container", `/containers/${held.id}`],
      ["the map", "/map"],
      ["tracking requests", "/tracking-requests"],
      ["a tracking request", `/tracking-requests/${trackingRequestId}`],
      ["new tracking request", "/tracking-requests/new"],
      ["bulk tracking", "/tracking-requests/bulk"],
      ["webhooks", "/webhooks"],
      ["new webhook", "/webhooks/new"],
      ["a webhook", `/webhooks/${webhookId}`],
      ["the notification log", "/webhooks/notifications"],
      ["a notification", `/webhooks/notifications/${notificationId}`],
      ["not found", "/no-such-page"],
    ];
    for (const [what, path] of pages) {
      await page.goto(path);
      await expectFitsScreen(page, what);
      if (what === "a webhook") {
        // The signature guide's code blocks scroll inside their own box.
        await page.getByText("How to verify a signature").click();
        await expect(page.getByRole("heading", { name: "Standard Webhooks" })).toBeVisible();
        await expectFitsScreen(page, "a webhook with its signature guide open");
      }
    }
  });

  test("the navigation is a Menu that works from the keyboard", async ({ page, account }) => {
    await signIn(page, account, "/shipments");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Containers", exact: true })).toBeHidden();

    // Enter opens the panel; Tab goes into it; Escape closes it and focus returns to the button.
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const panelId = await menu.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    const nav = panel.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Shipments" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Needs attention" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // A link chosen from the keyboard opens its page and closes the panel.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Containers" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/containers/);
    await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();

    // The account and signing out are in the panel too.
    await menu.click();
    await expect(panel).toContainText(/E2E/);
    await panel.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test.describe("lists", () => {
    test.use({ shipmentsInAccount: 6 });

    test("are cards with their key facts in view, sorted with Sort by, reached by the keyboard", async ({
      page,
      account,
    }) => {
      await signIn(page, account, "/shipments");
      const cards = page
        .getByRole("list", { name: "Shipments" })
        .getByRole("listitem")
        .filter({
          has: page.getByRole("link"),
        });
      await expect(cards).toHaveCount(6);
      await expect(page.getByRole("table", { name: "Shipments" })).toHaveCount(0);
      const first = cards.first();
      // The last free day's header shows "LFD" with its full name for screen readers.
      for (const fact of [/^ETA$/, /Last free day$/])
        await expect(first.getByRole("term").filter({ hasText: fact })).toBeVisible();
      await expect(first.getByText(/^(Tracking|Stopped)$/)).toBeVisible();
      // Everything on the card is within the screen.
      for (const card of await cards.all()) {
        const box = await card.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }

      // No header to click: the order is chosen with Sort by, and kept in the URL as the table's would be.
      const sortBy = page.getByRole("combobox", { name: "Sort by" });
      await sortBy.selectOption({ label: "ETA, ascending" });
      await expect(page).toHaveURL(/sort=next_arrival/);
      await expect(sortBy).toHaveValue("eta:asc");
      const shipments = (await apiGet(page.request, account, "/v2/shipments?sort=next_arrival&page[size]=25"))
        .data as { attributes: { bill_of_lading_number: string } }[];
      await expect(cards.first().getByRole("link").first()).toHaveText(
        shipments[0]!.attributes.bill_of_lading_number,
      );

      // Tab reaches a card's link; the arrow keys go from card to card.
      await cards.nth(0).getByRole("link").first().focus();
      await page.keyboard.press("ArrowDown");
      await expect(cards.nth(1).getByRole("link").first()).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/shipments\/[0-9a-f-]+$/);

      // The containers list: number, status, last free day and pickup on each card.
      await page.goto("/containers");
      const boxes = page.getByRole("list", { name: "Containers" }).getByRole("listitem");
      const box = boxes.first();
      await expect(box.getByRole("link").first()).toHaveText(/^[A-Z]{4}\d{7}$/);
      for (const fact of ["Last free day", "Pickup", "Holds"]) {
        await expect(box.getByRole("term").filter({ hasText: new RegExp(`^${fact}$`) })).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 }, shipmentsInAccount: 2 });

  test("the navigation bar and the tables stay as they were", async ({ page, account }) => {
    await signIn(page, account, "/shipments");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Containers" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Signed in as/ })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Shipments" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Shipments" })).toHaveCount(0);
  });
});
