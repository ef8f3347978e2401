// People in the dashboard: what a role cannot do is not offered (and the page says why), the service refuses it
// anyway (every control of every page: roles.spec.ts); a member invited by email stops tracking, and the shipment
// page, the activity log and the API name them.
import { type Account, apiGet, apiPost, expect, signInWithPassword, test } from "./fixtures";
import { acceptInvitation, addPerson, invite, storedKeys } from "./people";
import { underWayNumber } from "./sandbox-numbers";

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
    await expect(theirs.getByText("Stopping tracking is not available to you.")).toContainText(
      "Your role is viewer",
    );

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

test("a member invited by email stops tracking; the shipment page, the activity log and the API name them", async ({
  page,
  browser,
  account,
}) => {
  // The account tracks a shipment whose journey is still under way, so that the line goes on tracking it.
  const bol = underWayNumber();
  const made = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: { request_type: "bill_of_lading", request_number: bol, scac: "MAEU" },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const requestId: string = (await made.json()).data.id;
  let shipmentId = "";
  await expect(async () => {
    const request = await apiGet(page.request, account, `/v2/tracking_requests/${requestId}`);
    expect(request.data.attributes.status).toBe("created");
    shipmentId = request.data.relationships.tracked_object.data.id;
  }).toPass();

  // Its owner invites a member by email; the member sets a password and signs in as themselves.
  const owner = await addPerson(page.request, account, "owner", "Olga Owner");
  await signInWithPassword(page, owner.email, owner.password, "/attention");
  const email = `mira.${Date.now()}@e2e.example`;
  const token = await invite(page, email, "member");
  const member = await browser.newContext();
  try {
    await acceptInvitation(member.request, token, "Mira Member", PASSWORD);
    const theirs = await member.newPage();
    await signInWithPassword(theirs, email, PASSWORD, `/shipments/${shipmentId}`);
    await expect(theirs.getByRole("button", { name: /^Signed in as Mira Member/ })).toBeVisible();
    await expect(theirs.getByRole("heading", { level: 1, name: `Shipment ${bol}` })).toBeVisible();

    await theirs.getByRole("button", { name: "Stop tracking" }).click();
    const dialog = theirs.getByRole("dialog", { name: `Stop tracking ${bol}?` });
    await dialog.getByRole("button", { name: "Stop tracking" }).click();
    await expect(dialog).toBeHidden();
    const notice = theirs.getByRole("main").getByRole("status").filter({ hasText: "Tracking stopped" });
    const named = `Stopped by Mira Member (${email}) at`;
    await expect(notice).toContainText(named);
    await expect(theirs.getByRole("button", { name: "Resume tracking" })).toBeVisible();
    // Named after a reload too: the service says who, not the page that did it.
    await theirs.reload();
    await expect(notice).toContainText(named);

    // Settings → Activity: the member's own entries, and the whole account's for its owner, name the member.
    const entry = `Mira Member stopped tracking ${bol}`;
    for (const who of [theirs, page]) {
      await who.getByRole("button", { name: /^Signed in as/ }).click();
      await who
        .getByRole("dialog", { name: "Account" })
        .getByRole("link", { name: "Activity", exact: true })
        .click();
      await expect(who.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
      const entries = who.getByRole("region", { name: /^Entries/ });
      await expect(entries.getByRole("listitem").filter({ hasText: entry })).toContainText(
        "Mira Member · shipment.tracking_stopped",
      );
    }

    // The API, to a program with the account's key: the relationship points at the person, as the hosted API has it.
    const me = await (await theirs.request.get("/v2/users/me")).json();
    const shipment = await apiGet(
      page.request,
      account,
      `/v2/shipments/${shipmentId}?include=line_tracking_stopped_by_user`,
    );
    expect(shipment.data.attributes.line_tracking_stopped_reason).toBe("cancelled_by_user");
    expect(shipment.data.relationships.line_tracking_stopped_by_user.data).toEqual({
      type: "user",
      id: me.data.id,
    });
    // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
    const stopper = shipment.included.find((r: any) => r.type === "user" && r.id === me.data.id);
    expect(stopper.attributes).toMatchObject({ email, first_name: "Mira", last_name: "Member" });
    expect(
      (await apiGet(page.request, account, `/v2/shipments/${shipmentId}`)).data.relationships
        .line_tracking_stopped_by_user.data,
    ).toEqual({ type: "user", id: me.data.id });
  } finally {
    await member.close();
  }
});

async function firstTrackedShipment(request: Parameters<typeof apiGet>[0], demo: Account): Promise<string> {
  const list = await apiGet(request, demo, "/v2/shipments?page[size]=20");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
  const tracked = list.data.find((s: any) => s.attributes.line_tracking_stopped_at === null);
  expect(tracked, "the demo account has a tracked shipment").toBeDefined();
  return tracked.id;
}
