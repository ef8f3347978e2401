// Our own predicted arrival, end to end: an account tracks a sandbox shipment whose ship sails well behind the
// line's ETA; the shipments list's "predicted late" filter finds it; the container page shows the line's ETA and
// ours side by side, the window and the reason, and the chart of both (with its table for those who cannot see
// it); every date names its source; a person's "predicted later than the line's ETA" rule raises the alert the bell counts.
import { expect, signInWithPassword, test } from "./fixtures";
import { accountWithPeople } from "./people";

test("a shipment predicted more than a day late is listed under the filter, shows both ETAs and the chart, and raises the alert", async ({
  page,
}) => {
  const email = `fay.${Date.now()}@forecast.example`;
  const account = await accountWithPeople(
    page.request,
    "E2E Forecast Co",
    [{ email, role: "member", name: "Fay Forecast" }],
    { late_at_sea: true },
  );
  await signInWithPassword(page, email, account.people[0]!.password, "/shipments?filter[predicted_late]=24");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await expect(
    page.getByRole("button", {
      name: /^Remove filter Predicted later than the line's ETA by more than: 24 h/,
    }),
  ).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  // The header and the one shipment.
  await expect(rows).toHaveCount(2);
  const listed = await (await page.request.get("/v2/shipments?filter[predicted_late]=24")).json();
  const shipment = listed.data[0];
  const bl: string = shipment.attributes.bill_of_lading_number;
  await expect(rows.nth(1)).toContainText(bl);

  // The container page: the line's ETA and ours, how much later, the window, why, and the chart.
  await page.goto(`/containers/${shipment.relationships.containers.data[0].id}`);
  const forecast = page.getByRole("region", { name: /^When does it reach / });
  await expect(forecast).toBeVisible();
  const term = (name: string) => forecast.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) });
  await expect(term("Line's ETA")).toBeVisible();
  await expect(term("Our prediction")).toBeVisible();
  await expect(forecast.getByText(/^\d+ (day|hour)s? later than the line's ETA$/)).toBeVisible();
  await expect(term("Likely between")).toBeVisible();
  await expect(forecast.getByText(/is sailing \d+\.\d kn with [\d,]+ nm to go/)).toBeVisible();
  await expect(forecast.getByRole("img", { name: /^How the arrival estimates moved/ })).toBeVisible();
  // The route map says it too, beside the line's ETA of the ship sailing there.
  await expect(page.getByText(/, ETA .+ \(we expect it .+\)\.$/)).toBeVisible();
  await forecast.getByText("The estimates as a table").click();
  const table = forecast.getByRole("table", { name: "Each estimate of the arrival, oldest first" });
  await expect(table.getByRole("columnheader", { name: "Our prediction" })).toBeVisible();
  await expect(table.getByRole("row")).not.toHaveCount(1);

  // Every date says who gave it: the line's ETA the line, ours that it is ours and as of when, and each
  // event of the timeline who reported it and when we heard (a plan: since when it stands).
  const line: string = shipment.attributes.shipping_line_short_name;
  await expect(forecast.getByText(`From ${line}`)).toBeVisible();
  await expect(forecast.getByText(/^Ours, from what we observe · as of /)).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(new RegExp(`^From ${line} · received `)).first()).toBeVisible();
  await expect(timeline.getByText(new RegExp(`^${line}'s estimate · as of `)).first()).toBeVisible();
  // The shipment page says the same of its journey's dates.
  await page.goto(`/shipments/${shipment.id}`);
  const journey = page.getByRole("region", { name: "Journey" });
  await expect(journey.getByText(`From ${line}`, { exact: true })).toBeVisible();
  await expect(journey.getByText(`${line}'s estimate`, { exact: true }).first()).toBeVisible();

  // Needs attention counts its container under "Arriving late", and the count opens the list it counts.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await page.getByRole("link", { name: /We predict more than 24 h later than the line/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Containers" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(
    1 + shipment.relationships.containers.data.length,
  );

  // A rule for shipments predicted more than a day late tells of this one at once; the bell counts it.
  await page.goto("/settings/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alert rules" })).toBeVisible();
  await page.getByLabel("Name").fill("Running late");
  await page
    .getByLabel("Tell me when")
    .selectOption({ label: "Predicted later than the line's ETA by more than N hours" });
  await page.getByLabel("Hours (N)").fill("24");
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByRole("list", { name: "Alert rules" }).getByText("Running late")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  const notifications = await (await page.request.get("/v2/notifications")).json();
  expect(notifications.data.map((n: { attributes: { title: string } }) => n.attributes.title)).toEqual([
    expect.stringMatching(new RegExp(`^Predicted \\d+ h later than the line's ETA: ${bl} at `)),
  ]);
});
