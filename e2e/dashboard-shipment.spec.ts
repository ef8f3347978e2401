// Dashboard shipment page: details and containers, stop and resume tracking, editing tags.
// Tests that change data each work in an account of their own, so they never change what another test reads.
import { type Account, apiGet, expect, type Page, signIn, signInAsDemo, test } from "./fixtures";

interface ShipmentResource {
  id: string;
  attributes: {
    bill_of_lading_number: string;
    line_tracking_stopped_at: string | null;
    line_tracking_last_succeeded_at: string | null;
    tags: string[];
  };
  relationships: { containers: { data: { id: string }[] } };
}

test.use({ shipmentsInAccount: 6 });

/** All shipments of the account, newest first, as the API lists them. */
async function allShipments(page: Page, account: Account): Promise<ShipmentResource[]> {
  return (await apiGet<{ data: ShipmentResource[] }>(page.request, account, "/v2/shipments?page[size]=100"))
    .data;
}

async function searchList(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search shipments" }).fill(text);
  await page.getByRole("searchbox", { name: "Search shipments" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
  await expect(page.getByText(/^1 shipment match$/)).toBeVisible();
}

test("a shipment opens from the list with its journey and containers", async ({ page, demo }) => {
  await signInAsDemo(page);
  const shipment = (await allShipments(page, demo)).find((s) => s.relationships.containers.data.length >= 2);
  if (!shipment) throw new Error("the demo data has no shipment with two containers");
  const bol = shipment.attributes.bill_of_lading_number;

  await searchList(page, bol);
  const link = page.getByRole("table", { name: "Shipments" }).getByRole("link", { name: bol });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${bol}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Journey" })).toContainText("Port of lading");
  await expect(page.getByRole("region", { name: "Journey" })).toContainText("Port of discharge");
  // When the engine last heard from the line, as the API gives it (not when the page was fetched).
  const checked = shipment.attributes.line_tracking_last_succeeded_at;
  if (checked) {
    const term = page.getByRole("term").filter({ hasText: "Checked with the carrier" });
    await expect(term).toBeVisible();
    // Its definition is the element after the term (<dt>, <dd>), holding the time the API gave.
    await expect(
      term.locator("xpath=following-sibling::*[1]").locator(`time[datetime="${checked}"]`),
    ).toBeVisible();
  }

  const containers = page.getByRole("table", { name: "Containers of this shipment" });
  await expect(containers.getByRole("row")).toHaveCount(shipment.relationships.containers.data.length + 1);
  await expect(containers.getByRole("columnheader", { name: "Can I pick it up?" })).toBeVisible();
  await expect(containers.getByRole("row").nth(1)).toContainText(
    /(Yes|No|Not yet|No longer|Not known yet): /,
  );
  // The boxes lead the page, above the journey and the route map.
  const tableTop = (await containers.boundingBox())!.y;
  expect(tableTop).toBeLessThan((await page.getByRole("region", { name: "Journey" }).boundingBox())!.y);
  expect(tableTop).toBeLessThan((await page.getByRole("region", { name: "Route map" }).boundingBox())!.y);
  const first = containers.getByRole("row").nth(1).getByRole("link");
  const number = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: `Container ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Can I pick it up?" })).toBeVisible();
  await page.getByRole("link", { name: `Shipment ${bol}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${bol}` })).toBeVisible();
});

test("stop tracking, see it in the page and the list, then resume", async ({ page, account }) => {
  await signIn(page, account);
  const shipment = (await allShipments(page, account)).find(
    (s) => s.attributes.line_tracking_stopped_at === null,
  );
  if (!shipment) throw new Error("the demo data has no tracked shipment");
  const bol = shipment.attributes.bill_of_lading_number;

  await page.goto(`/shipments/${shipment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${bol}` })).toBeVisible();

  // The dialog explains, takes focus, and Escape closes it without stopping anything.
  await page.getByRole("button", { name: "Stop tracking" }).click();
  const dialog = page.getByRole("dialog", { name: `Stop tracking ${bol}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("No further updates");
  await expect(dialog).toContainText("Data already collected stays available");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Stop tracking" })).toBeVisible();

  await page.getByRole("button", { name: "Stop tracking" }).click();
  await dialog.getByRole("button", { name: "Stop tracking" }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole("main").getByRole("status").filter({ hasText: "Tracking stopped" });
  await expect(notice).toContainText("Stopped by a user");
  // The account's key stopped it (a person's name shows when a person does: e2e/people.spec.ts).
  await expect(notice).toContainText("Stopped by an API key at");
  await expect(page.getByRole("button", { name: "Resume tracking" })).toBeVisible();

  // The list shows the new state without a reload.
  await page.getByRole("link", { name: "← Shipments" }).click();
  await searchList(page, bol);
  await expect(page.getByRole("row", { name: new RegExp(bol) })).toContainText("Stopped");
  await page.getByRole("radio", { name: "Stopped" }).check({ force: true });
  await expect(page).toHaveURL(/tracking=stopped/);
  await expect(page.getByText(/^1 shipment match$/)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(bol) })).toBeVisible();

  await page.getByRole("link", { name: bol }).click();
  await page.getByRole("button", { name: "Resume tracking" }).click();
  const resume = page.getByRole("dialog", { name: `Resume tracking ${bol}?` });
  await expect(resume).toContainText("may miss data");
  await resume.getByRole("button", { name: "Resume tracking" }).click();
  await expect(page.getByRole("button", { name: "Stop tracking" })).toBeVisible();
  await expect(page.getByText("Tracking stopped")).toBeHidden();

  await page.goBack();
  await expect(page.getByRole("row", { name: new RegExp(bol) })).toHaveCount(0);
  await page.getByRole("radio", { name: "All" }).check({ force: true });
  await expect(page.getByRole("row", { name: new RegExp(bol) })).toContainText("Tracking");
});

test("tags are edited in place, saved, and the API's validation errors show beside the field", async ({
  page,
  account,
}) => {
  await signIn(page, account);
  const shipment = (await allShipments(page, account)).at(-1);
  if (!shipment) throw new Error("the demo data has no shipments");
  const bol = shipment.attributes.bill_of_lading_number;
  const tag = "e2e-tag";

  await page.goto(`/shipments/${shipment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${bol}` })).toBeVisible();
  await page.getByRole("button", { name: "Edit tags" }).click();
  const editor = page.getByRole("form", { name: "Edit tags" });
  await editor.getByLabel("Add a tag").fill(tag);
  await editor.getByLabel("Add a tag").press("Enter");
  await editor.getByRole("button", { name: "Save tags" }).click();
  await expect(editor).toBeHidden();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText(tag, { exact: true })).toBeVisible();

  // Saved on the server, and the list shows it too.
  await page.reload();
  await expect(page.getByRole("region", { name: "Details" }).getByText(tag, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "← Shipments" }).click();
  await searchList(page, bol);
  await expect(page.getByRole("row", { name: new RegExp(bol) })).toContainText(tag);

  // A tag the API refuses: the error is shown next to the field and nothing changes.
  await page.getByRole("link", { name: bol }).click();
  await page.getByRole("button", { name: "Edit tags" }).click();
  await editor.getByLabel("Add a tag").fill("x".repeat(101));
  await editor.getByRole("button", { name: "Save tags" }).click();
  await expect(editor.getByRole("alert")).toContainText("at most 100 characters");
  await expect(editor.getByLabel("Add a tag")).toHaveAttribute("aria-invalid", "true");
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("region", { name: "Details" }).getByText(tag, { exact: true })).toBeVisible();

  // Removing it again.
  await page.getByRole("button", { name: "Edit tags" }).click();
  await editor.getByRole("button", { name: `Remove tag ${tag}` }).click();
  await editor.getByRole("button", { name: "Save tags" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("region", { name: "Details" }).getByText(tag, { exact: true })).toBeHidden();
});

test("reference numbers are edited in place", async ({ page, account }) => {
  await signIn(page, account);
  const shipment = (await allShipments(page, account)).at(-2);
  if (!shipment) throw new Error("the demo data has too few shipments");
  const ref = "PO-E2E-REF-1";

  await page.goto(`/shipments/${shipment.id}`);
  await page.getByRole("button", { name: "Edit reference numbers" }).click();
  const editor = page.getByRole("form", { name: "Edit reference numbers" });
  await editor.getByLabel("Add a reference number").fill(ref);
  await editor.getByRole("button", { name: "Save reference numbers" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("region", { name: "Details" }).getByText(ref, { exact: true })).toBeVisible();

  // Search matches reference numbers too.
  await page.getByRole("link", { name: "← Shipments" }).click();
  await searchList(page, ref);
  await expect(
    page.getByRole("row", { name: new RegExp(shipment.attributes.bill_of_lading_number) }),
  ).toBeVisible();
});
