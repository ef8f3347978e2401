// Accessibility: axe (the WCAG 2.x A and AA rules it runs) finds nothing on every page of the dashboard, at a
// desktop's 1440×900 and a phone's 390×844 (and the desktop in the dark theme), with the search dialog, the column menu and a confirm dialog open too.
//
// Pages are reached by URL and by role or label only, so that the checks hold whatever layout a page takes
// (tables on a desktop, cards on a phone). Each page is one soft expectation: a failure names every page that has
// violations, each with its rule, its elements and what axe says is wrong, and the test's annotations count them.
import AxeBuilder from "@axe-core/playwright";
import { sandboxNumber } from "../src/server/tracking/sandbox/network";
import { type Receiver, startReceiver } from "../src/server/webhooks/test-receiver";
import {
  type Account,
  apiGet,
  apiPost,
  expect,
  type Locator,
  type Page,
  signIn,
  signInAsDemo,
  test,
} from "./fixtures";
import { invite } from "./people";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: every such rule axe has, none left out. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Both sizes in the light theme, and the desktop once more in the dark one (its colours are a second palette). */
const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900, colorScheme: "light" },
  { name: "phone", width: 390, height: 844, colorScheme: "light" },
  { name: "desktop, dark theme,", width: 1440, height: 900, colorScheme: "dark" },
] as const;

/** Waits until the page has drawn what it is about (`ready`) and no loading placeholder is left. */
async function settled(page: Page, ready: Locator) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(ready.first()).toBeVisible();
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
  // A map's labels (Leaflet tooltips) are drawn a moment after the labels themselves are added.
  for (const label of await page.getByRole("tooltip").all()) await expect(label).not.toBeEmpty();
}

/** Runs axe on the page as it is now; expects no violation, softly, so that every page is checked and named. */
async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
        .join("\n")}`,
  );
  const nodes = results.violations.reduce((sum, v) => sum + v.nodes.length, 0);
  test.info().annotations.push({
    type: "axe",
    description: `${what}: ${results.violations.length} rules, ${nodes} elements`,
  });
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

async function visit(page: Page, path: string, ready: (page: Page) => Locator, what = path) {
  await page.goto(path);
  await settled(page, ready(page));
  await expectNoViolations(page, what);
}

/** A bill of lading of a line the sandbox carrier network knows, so that the request becomes a shipment. */
async function trackingRequest(page: Page, account: Account, seed: number): Promise<string> {
  const made = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: {
        request_type: "bill_of_lading",
        request_number: sandboxNumber("MAEU", 7_000 + seed),
        scac: "MAEU",
        ref_numbers: ["PO-1"],
      },
    },
  });
  expect(made.status()).toBe(201);
  return (await made.json()).data.id as string;
}

/** WCAG's contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test("every element Tab reaches shows a focus ring of 2px at 3:1 or more against the page", async ({
  page,
}) => {
  await signInAsDemo(page, "/containers");
  await settled(page, page.getByRole("main").getByRole("link", { name: /\w{4,}/ }));
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const label = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
      return {
        label,
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        color: style.outlineColor,
      };
    });
    if (!ring) continue;
    seen.add(ring.label);
    expect.soft(ring.style, `outline of ${ring.label}`).toBe("solid");
    expect.soft(ring.width, `outline width of ${ring.label}`).toBeGreaterThanOrEqual(2);
    expect
      .soft(contrast(ring.color, "rgb(255, 255, 255)"), `ring of ${ring.label} on white`)
      .toBeGreaterThanOrEqual(3);
  }
  // The walk went through the header, the toolbar and into the table's rows.
  expect(seen.size).toBeGreaterThan(15);
});

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} size (${viewport.width}×${viewport.height})`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme: viewport.colorScheme,
    });

    test("sign-in has no violations", async ({ page }) => {
      await visit(page, "/sign-in", (p) => p.getByLabel("Email"));
      // With the form's own error shown, and the API-key part open.
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await page.getByText("Advanced", { exact: true }).click();
      await expectNoViolations(page, "/sign-in with an error");
    });

    test("the pages before sign-in (an invitation, a forgotten password, a confirmed email) have no violations", async ({
      page,
    }) => {
      await visit(page, "/forgot-password", (p) => p.getByLabel("Email"));
      await page.getByRole("button", { name: "Mail me a link" }).click();
      await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "/forgot-password with an error");
      await visit(page, "/reset-password?token=not-checked-until-saved", (p) => p.getByLabel("New password"));
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "/reset-password with an error");
      await visit(page, "/reset-password?error=INVALID_TOKEN", (p) => p.getByRole("alert"));
      await expectNoViolations(page, "/reset-password with a link no longer valid");
      await visit(page, "/confirm-email", (p) => p.getByRole("link", { name: "Continue to the dashboard" }));
      await expectNoViolations(page, "/confirm-email, confirmed");
      await visit(page, "/confirm-email?error=TOKEN_EXPIRED", (p) => p.getByLabel("Email"));
      await page.getByRole("button", { name: "Mail me a new link" }).click();
      await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "/confirm-email with an expired link and an error");
      await visit(page, "/accept-invitation?token=not-a-real-token", (p) => p.getByRole("alert"));
      await expectNoViolations(page, "/accept-invitation with a link not valid");
      // A real invitation, for a new person, with the form's error shown.
      await signInAsDemo(page, "/settings/members");
      const token = await invite(
        page,
        `axe.${Date.now()}.${viewport.width}@demo-logistics.example`,
        "viewer",
      );
      await visit(page, `/accept-invitation?token=${token}`, (p) => p.getByLabel("Your name"));
      await page.getByRole("button", { name: "Join Demo Logistics" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoViolations(page, "/accept-invitation with an error");
    });

    // One test per area rather than one for every page: on a busy machine a test of ten pages outlasted the
    // test timeout, while each of these stays well inside it.
    test("the demo account's triage and lists have no violations", async ({ page }) => {
      await signInAsDemo(page, "/attention");
      await visit(page, "/attention", (p) => p.getByRole("main").getByRole("link").first());
      await visit(page, "/shipments", (p) =>
        p
          .getByRole("main")
          .getByRole("link", { name: /\w{4,}/ })
          .first(),
      );
      await visit(page, "/containers", (p) =>
        p
          .getByRole("main")
          .getByRole("link", { name: /\w{4,}/ })
          .first(),
      );
    });

    test("a shipment and a container of the demo account have no violations", async ({ page, demo }) => {
      const containers = await apiGet(page.request, demo, "/v2/containers?page[size]=5&include=shipment");
      const container = containers.data[0];
      const shipmentId: string = container.relationships.shipment.data.id;
      await signInAsDemo(page, `/shipments/${shipmentId}`);
      await visit(
        page,
        `/shipments/${shipmentId}`,
        (p) => p.getByRole("figure", { name: /map/i }),
        "a shipment",
      );
      await visit(
        page,
        `/containers/${container.id}`,
        (p) => p.getByRole("region", { name: "Can I pick it up?" }),
        "a container",
      );
    });

    test("the map, with and without a vessel chosen, and not found have no violations", async ({ page }) => {
      await signInAsDemo(page, "/map");
      await visit(page, "/map", (p) =>
        p
          .getByRole("table", { name: /^Vessels/ })
          .getByRole("row")
          .nth(1),
      );
      // A vessel chosen: its panel is open beside the map.
      await page
        .getByRole("table", { name: /^Vessels/ })
        .getByRole("row")
        .nth(1)
        .getByRole("button")
        .first()
        .click();
      await expect(
        page
          .getByRole("complementary")
          .or(page.getByRole("region", { name: /./ }))
          .first(),
      ).toBeVisible();
      await expectNoViolations(page, "/map with a vessel chosen");
      await visit(page, "/no/such/page", (p) => p.getByRole("link").first(), "not found");
    });

    test("the search dialog and the column menu have no violations when open", async ({ page, demo }) => {
      const containers = await apiGet(page.request, demo, "/v2/containers?page[size]=1");
      await signInAsDemo(page, "/shipments");
      await settled(page, page.getByRole("main").getByRole("link", { name: /\w{4,}/ }));

      await page.getByRole("button", { name: "Columns", exact: true }).click();
      await expect(page.getByRole("checkbox", { name: "Status" })).toBeFocused();
      await expectNoViolations(page, "the column menu");
      await page.keyboard.press("Escape");

      await page.keyboard.press("Control+K");
      const dialog = page.getByRole("dialog", { name: "Search shipments, containers, vessels and ports" });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, "the search dialog, empty");
      await dialog.getByRole("combobox").fill(containers.data[0].attributes.number.slice(0, 6));
      await expect(dialog.getByRole("option").first()).toBeVisible();
      await expectNoViolations(page, "the search dialog with results");
    });

    test.describe("in an account of the test's own", () => {
      test.use({ shipmentsInAccount: 2 });

      test("carrier connections: the list, a connection with its test result, and the form have no violations", async ({
        page,
        account,
        baseURL,
      }) => {
        // A connection to this service's own DCSA publisher (playwright.config.ts gives its key and the internal flag).
        const made = await apiPost(page.request, account, "/v2/carrier_connections", {
          data: {
            type: "carrier_connection",
            attributes: {
              scac: "MAEU",
              name: "Sandbox publisher",
              base_url: `${baseURL}/dcsa/sandbox/MAEU`,
              auth_type: "api_key",
              api_key_header: "API-Key",
              api_key: "e2e-sandbox-key",
              internal: true,
            },
          },
        });
        expect(made.status()).toBe(201);
        const connectionId: string = (await made.json()).data.id;
        await signIn(page, account, "/settings/carrier-connections");
        await visit(page, "/settings/carrier-connections", (p) =>
          p.getByRole("main").getByRole("link", { name: /Sandbox publisher|MAEU/ }),
        );
        await visit(
          page,
          `/settings/carrier-connections/${connectionId}`,
          (p) => p.getByRole("button", { name: "Test connection" }),
          "a carrier connection",
        );
        await page.getByRole("button", { name: "Test connection" }).click();
        await expect(page.getByRole("region", { name: "Test result" })).toContainText("Working");
        await expectNoViolations(page, "a carrier connection with its test result");
        await visit(page, "/settings/carrier-connections/new", (p) => p.getByLabel("Shipping line"));
      });

      test("custom fields: Settings, and a shipment's fields with one being edited, have no violations", async ({
        page,
        account,
      }) => {
        const define = async (attributes: Record<string, unknown>) => {
          const made = await apiPost(page.request, account, "/v2/custom_field_definitions", {
            data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", ...attributes } },
          });
          expect(made.status(), await made.text()).toBe(201);
          return (await made.json()).data.id as string;
        };
        await define({ api_slug: "po_owner", display_name: "PO owner", data_type: "short_text" });
        const tiers = await define({ api_slug: "tiers", display_name: "Tiers", data_type: "enum_multi" });
        for (const value of ["gold", "silver"]) {
          const option = await apiPost(
            page.request,
            account,
            `/v2/custom_field_definitions/${tiers}/options`,
            {
              data: { type: "custom_field_option", attributes: { value, label: value.toUpperCase() } },
            },
          );
          expect(option.status()).toBe(201);
        }
        const shipmentId: string = (await apiGet(page.request, account, "/v2/shipments?page[size]=1")).data[0]
          .id;
        const set = await apiPost(page.request, account, `/v2/shipments/${shipmentId}/custom_fields`, {
          data: { type: "custom_field", attributes: { api_slug: "po_owner", value: "Ana" } },
        });
        expect(set.status()).toBe(201);
        await signIn(page, account, "/settings/custom-fields");
        await visit(page, "/settings/custom-fields", (p) => p.getByRole("button", { name: "Create field" }));
        await visit(
          page,
          `/shipments/${shipmentId}`,
          (p) => p.getByRole("region", { name: "Custom fields" }).getByRole("button", { name: "Edit Tiers" }),
          "a shipment's custom fields",
        );
        await page.getByRole("button", { name: "Edit Tiers" }).click();
        await expect(page.getByRole("checkbox", { name: "GOLD" })).toBeVisible();
        await expectNoViolations(page, "a shipment's custom field being edited");
      });

      test("tracking requests: the list, one request, the form and bulk entry have no violations", async ({
        page,
        account,
      }) => {
        const requestId = await trackingRequest(page, account, viewport.width);
        await signIn(page, account, "/tracking-requests");
        await visit(page, "/tracking-requests", (p) => p.getByRole("main").getByRole("link").first());
        await visit(
          page,
          `/tracking-requests/${requestId}`,
          (p) => p.getByRole("heading", { level: 1 }),
          "a tracking request",
        );
        await visit(page, "/tracking-requests/new", (p) =>
          p.getByRole("combobox", { name: "Shipping line" }),
        );
        await visit(page, "/tracking-requests/bulk", (p) => p.getByRole("textbox", { name: "Paste lines" }));
        // With rows to send, one of them wrong.
        await page
          .getByRole("textbox", { name: "Paste lines" })
          .fill(`bol,${sandboxNumber("MAEU", 7_500)},MAEU\nbol,12,NOPE`);
        await expect(page.getByRole("table", { name: "Rows to send" })).toBeVisible();
        await expectNoViolations(page, "/tracking-requests/bulk with rows");
      });

      test("webhooks: the list, a webhook, the form and the notification log have no violations", async ({
        page,
        account,
      }) => {
        const created = await apiPost(page.request, account, "/v2/webhooks", {
          data: {
            type: "webhook",
            attributes: { url: `${receiver.url}/a11y`, events: ["tracking_request.succeeded"] },
          },
        });
        expect(created.status()).toBe(201);
        const webhookId: string = (await created.json()).data.id;
        const sent = await apiPost(page.request, account, `/v2/webhooks/${webhookId}/test`, {});
        expect(sent.status()).toBe(201);
        const notificationId: string = (await sent.json()).data.id;
        await expect.poll(() => receiver.requests.length).toBeGreaterThan(0);

        await signIn(page, account, "/webhooks");
        await visit(page, "/webhooks", (p) => p.getByRole("main").getByRole("link", { name: /a11y/ }));
        await visit(page, `/webhooks/${webhookId}`, (p) => p.getByRole("heading", { level: 1 }), "a webhook");
        await visit(page, "/webhooks/new", (p) => p.getByRole("textbox", { name: "Address" }));
        await visit(page, "/webhooks/notifications", (p) =>
          p.getByRole("main").getByRole("link", { name: /tracking_request/ }),
        );
        await visit(
          page,
          `/webhooks/notifications/${notificationId}`,
          // A table on a desktop, cards on a phone: its last row (or card) is an attempt either way.
          (p) =>
            p
              .getByLabel("Delivery attempts")
              .getByRole(viewport.width < 640 ? "listitem" : "row")
              .last(),
          "a notification",
        );
      });

      test("a shipment of the account with the stop-tracking confirm dialog has no violations", async ({
        page,
        account,
      }) => {
        const shipments = await apiGet(page.request, account, "/v2/shipments");
        await signIn(page, account, `/shipments/${shipments.data[0].id}`);
        await visit(
          page,
          `/shipments/${shipments.data[0].id}`,
          (p) => p.getByRole("figure", { name: /map/i }),
          "a shipment of the account",
        );
        await page.getByRole("button", { name: "Stop tracking" }).click();
        await expect(page.getByRole("dialog", { name: /^Stop tracking/ })).toBeVisible();
        await expectNoViolations(page, "the stop-tracking confirm dialog");
      });
    });
  });
}
