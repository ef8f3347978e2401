// Voyage exceptions, end to end: an account tracks a sandbox shipment booked on a ship; its world moves on until
// the line shows the boxes on a later vessel; Needs attention counts the container under "Voyage changed" and its
// link lists it; the container page says what changed, both sailings in the port's days; a person's rule for
// voyage changes raises the alert the bell counts.
import { advanceAccount, expect, signInWithPassword, test } from "./fixtures";
import { accountWithPeople } from "./people";

test("a box the line rolls to a later vessel is counted, listed, explained on its page and alerted", async ({
  page,
}) => {
  const email = `rio.${Date.now()}@rolled.example`;
  const account = await accountWithPeople(
    page.request,
    "E2E Rolled Co",
    [{ email, role: "member", name: "Rio Rolled" }],
    { rolled_soon: true },
  );
  expect(account.rolls_in_hours).toBeGreaterThan(0);
  await advanceAccount(page.request, { id: account.id, apiKey: account.api_key }, account.rolls_in_hours!);

  await signInWithPassword(page, email, account.people[0]!.password, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  const section = page.getByRole("region", { name: "Voyage changed" });
  await section.getByRole("link", { name: /^Voyage changed/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^Remove filter Voyage changed in the last 7 days/ }),
  ).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  const listed = await (await page.request.get("/v2/containers?filter[voyage_exception]=rolled")).json();
  expect(listed.data).toHaveLength(1);
  const number: string = listed.data[0].attributes.number;
  await expect(rows.filter({ hasText: number })).toHaveCount(1);

  // The container page: what the line changed, the sailing booked and the one now, in words.
  await rows.filter({ hasText: number }).getByRole("link", { name: number }).first().click();
  const changes = page.getByRole("region", { name: "Voyage changes" });
  await expect(changes).toBeVisible();
  await expect(changes.getByText("Rolled to a later vessel", { exact: true })).toBeVisible();
  await expect(
    changes.getByText(/^At .+: was .+ leaving .+, now .+ leaving .+ \(\d+ days? later\)\.$/),
  ).toBeVisible();
  await expect(changes.getByText("Last 7 days")).toBeVisible();

  // A rule for voyage changes tells of this one at once; the bell counts it.
  await page.goto("/settings/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alert rules" })).toBeVisible();
  await page.getByLabel("Name").fill("Rolls and swaps");
  await page.getByLabel("Tell me when").selectOption({
    label: "Voyage changed (rolled, missed connection, vessel swapped, port call changed)",
  });
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByRole("list", { name: "Alert rules" }).getByText("Rolls and swaps")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  const notifications = await (await page.request.get("/v2/notifications")).json();
  expect(notifications.data.map((n: { attributes: { title: string } }) => n.attributes.title)).toEqual([
    expect.stringMatching(new RegExp(`^Rolled to a later vessel: ${number} at `)),
  ]);
});
