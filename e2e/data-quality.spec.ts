// The carriers' data quality, end to end: an account tracking sandbox shipments opens Carriers → "Data quality by
// line" and reads, per line, the containers that arrived, the share of milestones received (as the API counts
// them), how soon we had its movements, and its ETA a week out beside ours.
import { expect, signInWithPassword, test } from "./fixtures";
import { accountWithPeople } from "./people";

test("a person reads each line's data quality from the carriers page", async ({ page }) => {
  const email = `dee.${Date.now()}@quality.example`;
  const account = await accountWithPeople(
    page.request,
    "E2E Quality Co",
    [{ email, role: "member", name: "Dee Quality" }],
    { shipments: 24 },
  );
  await signInWithPassword(page, email, account.people[0]!.password, "/attention");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Carriers" }).click();
  await page.getByRole("link", { name: "Data quality by line" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Carrier data quality" })).toBeVisible();

  const answer = await (await page.request.get("/v2/carrier_data_quality")).json();
  expect(answer.data.length).toBeGreaterThan(0);
  const table = page.getByRole("table", { name: "Data quality by shipping line" });
  for (const header of ["Shipping line", "Containers arrived", "Milestones received", "To our record"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(table.getByRole("row")).toHaveCount(1 + answer.data.length);
  const first = answer.data[0].attributes;
  const row = table.getByRole("row").filter({ hasText: `(${first.scac})` });
  await expect(row).toContainText(`${Math.round(first.milestones.share * 100)} %`);
  await expect(row).toContainText(`(${first.milestones.received} of ${first.milestones.expected})`);
  // Right-aligned numbers, as the API counts them.
  await expect(row.getByRole("cell").nth(1)).toHaveText(String(first.containers));
});
