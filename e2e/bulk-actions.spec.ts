// Actions on several shipments at once from the list: rows chosen with their checkboxes (by mouse and keyboard),
// tagged, stopped and resumed, given a customer and downloaded together, each row's outcome told (a row already
// so is skipped, and said to be), and the API holding what the page said. The test works in an account of its own.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { type Account, apiGet, apiPost, expect, type Page, signIn, test } from "./fixtures";

interface ShipmentResource {
  id: string;
  attributes: { bill_of_lading_number: string; tags: string[]; line_tracking_stopped_at: string | null };
  relationships: { customer?: { data: { id: string } | null } };
}

test.use({ shipmentsInAccount: 3 });

async function shipments(page: Page, account: Account): Promise<Map<string, ShipmentResource>> {
  const list = await apiGet<{ data: ShipmentResource[] }>(
    page.request,
    account,
    "/v2/shipments?page[size]=100",
  );
  return new Map(list.data.map((s) => [s.attributes.bill_of_lading_number, s]));
}

test("chosen shipments are tagged, stopped, resumed, given a customer and downloaded together, row by row", async ({
  page,
  account,
}) => {
  const party = await apiPost(page.request, account, "/v2/parties", {
    data: { type: "party", attributes: { company_name: "Bulkhead Imports" } },
  });
  expect(party.status()).toBe(201);
  await signIn(page, account);
  const table = page.getByRole("table", { name: "Shipments" });
  const numbers = [...(await shipments(page, account)).keys()];
  expect(numbers).toHaveLength(3);
  const [first, second, third] = numbers as [string, string, string];
  await expect(table.getByRole("link", { name: first })).toBeVisible();

  // All shown, then one taken out again with the keyboard.
  await table.getByRole("checkbox", { name: "Select all shipments shown" }).check();
  const bar = page.getByRole("region", { name: "Actions on the chosen shipments" });
  await expect(bar.getByText("3 shipments selected")).toBeVisible();
  await table.getByRole("checkbox", { name: `Select ${third}` }).focus();
  await page.keyboard.press("Space");
  await expect(table.getByRole("checkbox", { name: `Select ${third}` })).not.toBeChecked();
  await expect(bar.getByText("2 shipments selected")).toBeVisible();
  expect(
    await new AxeBuilder({ page })
      .include("main")
      .analyze()
      .then((r) => r.violations),
  ).toEqual([]);

  // A tag on the two chosen.
  await bar.getByLabel("Tag").fill("e2e-bulk");
  await bar.getByRole("button", { name: "Add tag" }).click();
  const status = bar.getByRole("status", { name: "Outcome" });
  await expect(status).toContainText("Add tag “e2e-bulk”: 2 done.");
  await expect
    .poll(async () =>
      [...(await shipments(page, account)).values()]
        .filter((s) => s.attributes.tags.includes("e2e-bulk"))
        .map((s) => s.attributes.bill_of_lading_number)
        .sort(),
    )
    .toEqual([first, second].sort());

  // Stopping asks first; then both are stopped.
  await bar.getByRole("button", { name: "Stop tracking" }).click();
  const dialog = page.getByRole("dialog", { name: "Stop tracking 2 shipments?" });
  await dialog.getByRole("button", { name: "Stop tracking" }).click();
  await expect(status).toContainText("Stop tracking: 2 done.");
  const stopped = await shipments(page, account);
  expect(stopped.get(first)?.attributes.line_tracking_stopped_at).not.toBeNull();
  expect(stopped.get(third)?.attributes.line_tracking_stopped_at).toBeNull();

  // All three resumed: the one never stopped is skipped, and the page says which and why.
  await table.getByRole("checkbox", { name: "Select all shipments shown" }).check();
  await bar.getByRole("button", { name: "Resume tracking" }).click();
  await expect(status).toContainText("Resume tracking: 2 done, 1 skipped.");
  await expect(status.getByRole("list", { name: "Rows not done" })).toContainText(
    `${third}: Skipped, it is already tracked`,
  );
  const resumed = await shipments(page, account);
  expect([...resumed.values()].every((s) => s.attributes.line_tracking_stopped_at === null)).toBe(true);

  // A customer picked by part of its name, for all three.
  const picker = bar.getByRole("combobox", { name: "Set customer" });
  await picker.fill("bulkhead");
  await bar.getByRole("option", { name: /Bulkhead Imports/ }).click();
  await expect(status).toContainText("Set customer to Bulkhead Imports: 3 done.");
  const partyId = ((await party.json()) as { data: { id: string } }).data.id;
  const withCustomer = await shipments(page, account);
  expect([...withCustomer.values()].map((s) => s.relationships.customer?.data?.id)).toEqual([
    partyId,
    partyId,
    partyId,
  ]);
  await expect(table.getByText("Bulkhead Imports")).toHaveCount(3);

  // The chosen rows as a file: a header and one row each.
  await table.getByRole("checkbox", { name: `Select ${second}` }).uncheck();
  const download = page.waitForEvent("download");
  await bar.getByRole("button", { name: "Download selected (CSV)" }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, "utf8")).trim().split(/\r\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).some((line) => line.includes(first))).toBe(true);
  expect(lines.slice(1).some((line) => line.includes(second))).toBe(false);

  // Clearing the choice puts the bar away.
  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar).toBeHidden();
});

test("chosen containers are refreshed together, a second ask is refused row by row in the API's words, and they download", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/containers");
  const table = page.getByRole("table", { name: "Containers" });
  const list = await apiGet<{ data: { attributes: { number: string } }[] }>(
    page.request,
    account,
    "/v2/containers?page[size]=100",
  );
  const [first, second] = list.data.map((c) => c.attributes.number) as [string, string];
  await expect(table.getByRole("link", { name: first })).toBeVisible();
  await table.getByRole("checkbox", { name: `Select ${first}` }).check();
  await table.getByRole("checkbox", { name: `Select ${second}` }).check();
  const bar = page.getByRole("region", { name: "Actions on the chosen containers" });
  await expect(bar.getByText("2 containers selected")).toBeVisible();
  const status = bar.getByRole("status", { name: "Outcome" });

  await bar.getByRole("button", { name: "Refresh now" }).click();
  await expect(status).toContainText("Refresh now: 2 done.");
  // Asked again at once: the API allows one refresh a container in a while, and each row says so.
  await bar.getByRole("button", { name: "Refresh now" }).click();
  await expect(status).toContainText("Refresh now: 0 done, 2 failed.");
  const notDone = status.getByRole("list", { name: "Rows not done" });
  await expect(notDone.getByRole("listitem")).toHaveCount(2);
  await expect(notDone.getByRole("listitem").filter({ hasText: first })).toContainText("Failed");

  const download = page.waitForEvent("download");
  await bar.getByRole("button", { name: "Download selected (CSV)" }).click();
  const lines = (await readFile(await (await download).path(), "utf8")).trim().split(/\r\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((line) => line.includes(first) || line.includes(second))).toEqual([true, true]);
});
