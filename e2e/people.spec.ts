// People in the dashboard: what a role cannot do is not offered (and the page says why), the service refuses it
// anyway; the shipment page names who stopped tracking.
import { type Account, apiGet, expect, signInWithPassword, test } from "./fixtures";
import { acceptInvitation, invite, storedKeys } from "./people";

const PASSWORD = "a long passphrase of river stones";

test("a viewer sees no Stop tracking, Track a shipment or New webhook, is told why, and the API refuses the stop", async ({
  page,
  browser,
  demo,
  request,
}) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  const email = `vera.${Date.now()}@demo-logistics.example`;
  const token = await invite(page, email, "viewer");

  const viewer = await browser.newContext();
  try {
    await acceptInvitation(viewer.request, token, "Vera Viewer", PASSWORD);
    const theirs = await viewer.newPage();
    const shipment = await firstTrackedShipment(request, demo);
    await signInWithPassword(theirs, email, PASSWORD, `/shipments/${shipment}`);
    await expect(theirs.getByRole("button", { name: /^Signed in as Vera Viewer/ })).toBeVisible();
    await expect(theirs.getByRole("button", { name: "Stop tracking" })).toHaveCount(0);
    await expect(theirs.getByText("Stopping tracking is not available to you.")).toBeVisible();
    await expect(theirs.getByText("Your role is viewer")).toBeVisible();

    await theirs.goto("/tracking-requests");
    await expect(theirs.getByRole("heading", { level: 1, name: "Tracking requests" })).toBeVisible();
    await expect(theirs.getByRole("link", { name: /Track a shipment/ })).toHaveCount(0);
    await expect(theirs.getByText("Tracking new shipments is not available to you.").first()).toBeVisible();

    await theirs.goto("/webhooks");
    await expect(theirs.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(theirs.getByRole("link", { name: /New webhook|Create a webhook/ })).toHaveCount(0);
    await expect(theirs.getByText("Adding webhooks is not available to you.").first()).toBeVisible();

    // The service checks the role whatever the page shows.
    const refused = await theirs.request.patch(`/v2/shipments/${shipment}/stop_tracking`, {
      headers: { Origin: new URL(theirs.url()).origin, "Content-Type": "application/vnd.api+json" },
    });
    expect(refused.status()).toBe(403);
    expect(await storedKeys(theirs)).toEqual([]);
  } finally {
    await viewer.close();
  }
});

async function firstTrackedShipment(request: Parameters<typeof apiGet>[0], demo: Account): Promise<string> {
  const list = await apiGet(request, demo, "/v2/shipments?page[size]=20");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
  const tracked = list.data.find((s: any) => s.attributes.line_tracking_stopped_at === null);
  expect(tracked, "the demo account has a tracked shipment").toBeDefined();
  return tracked.id;
}
