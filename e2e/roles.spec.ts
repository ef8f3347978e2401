// What each role is offered in the dashboard, in an account of the test's own that holds something of every kind
// (shipments, a customer, a shared saved view, a carrier connection, a document): a viewer is offered no control
// that writes, and is told why where it would be; a member tracks, stops, refreshes, edits, saves views and uploads,
// but adds no carrier connections or webhooks. The service refuses the same writes (route-permissions.ts): the
// dashboard only mirrors it.
import { billOfLadingPdf } from "../src/server/testing/document-fixtures";
import { boxes } from "./account-boxes";
import { type Account, apiGet, apiPost, expect, type Page, signInWithPassword, test } from "./fixtures";
import { addPerson } from "./people";

test.use({ shipmentsInAccount: 2 });

const CUSTOMER = "Acme Roles Co";
const VIEW = "Stopped ones";
const DOCUMENT = "roles-bill-of-lading.pdf";

/**
 * Fills the account, through its key, with one of each thing a viewer must not change; answers a tracked
 * shipment, one of its containers, and the document's id.
 */
async function furnish(page: Page, account: Account, baseURL: string) {
  const request = page.request;
  const list = await apiGet(request, account, "/v2/shipments?page[size]=10");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
  const shipment = list.data.find((s: any) => s.attributes.line_tracking_stopped_at === null) ?? list.data[0];
  expect(shipment, "the account has a shipment").toBeDefined();
  const box = (await boxes(request, account)).find((b) => b.shipmentId === shipment.id);
  expect(box, "the shipment has a container").toBeDefined();

  const party = await apiPost(request, account, "/v2/parties", {
    data: { type: "party", attributes: { company_name: CUSTOMER } },
  });
  expect(party.status()).toBe(201);
  const view = await apiPost(request, account, "/v2/saved_views", {
    data: {
      type: "saved_view",
      attributes: { name: VIEW, list: "shipments", search: { tracking: "stopped" } },
    },
  });
  expect(view.status()).toBe(201);
  // A connection to this service's own DCSA publisher (playwright.config.ts gives its key and the internal flag).
  const connection = await apiPost(request, account, "/v2/carrier_connections", {
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
  expect(connection.status()).toBe(201);
  const uploaded = await request.post("/v2/documents", {
    headers: { Authorization: `Token ${account.apiKey}` },
    multipart: {
      file: { name: DOCUMENT, mimeType: "application/pdf", buffer: Buffer.from(await billOfLadingPdf()) },
      name: DOCUMENT,
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const documentId: string = (await uploaded.json()).data.id;
  // Read within the service's 20 s for a document; on a busy machine that may run out, and reading it again is
  // what a person would do then.
  await expect(async () => {
    const read = (await apiGet(request, account, `/v2/documents/${documentId}`)).data.attributes;
    if (read.extraction_status === "failed") {
      const again = await apiPost(request, account, `/v2/documents/${documentId}/reextract`, {});
      expect(again.status(), await again.text()).toBeLessThan(300);
    }
    expect(read.extraction_status, read.extraction_failure_reason ?? "").toBe("extracted");
  }).toPass({ timeout: 120_000 });
  return {
    shipmentId: shipment.id as string,
    box: box!,
    connectionId: (await connection.json()).data.id as string,
    documentId,
  };
}

/** The sentence said in place of a control: "<what> is not available to you. Your role is <role>; …". */
const notAvailable = (page: Page, what: string) =>
  page.getByRole("main").getByText(`${what} is not available to you.`, { exact: false });

test("a viewer is offered no control that writes, anywhere, and is told why in each one's place", async ({
  page,
  browser,
  account,
  baseURL,
}) => {
  const things = await furnish(page, account, baseURL!);
  const viewer = await addPerson(page.request, account, "viewer", "Vic Viewer");
  const context = await browser.newContext();
  try {
    const theirs = await context.newPage();
    const main = theirs.getByRole("main");
    await signInWithPassword(theirs, viewer.email, viewer.password, `/shipments/${things.shipmentId}`);
    await expect(theirs.getByRole("button", { name: /^Signed in as Vic Viewer/ })).toBeVisible();

    // The shipment: no stop, no edits of its reference numbers, tags or customer.
    await expect(notAvailable(theirs, "Stopping tracking")).toBeVisible();
    await expect(notAvailable(theirs, "Editing reference numbers, tags and the customer")).toContainText(
      "Your role is viewer; this needs a member or above.",
    );
    await expect(notAvailable(theirs, "Sharing a shipment")).toBeVisible();
    for (const name of [
      "Stop tracking",
      "Edit reference numbers",
      "Edit tags",
      "Set customer",
      "Change customer",
      "Make share link",
    ])
      await expect(main.getByRole("button", { name })).toHaveCount(0);
    await expect(main.getByRole("heading", { name: "Tags" })).toBeVisible();

    // Its container: no Refresh now.
    await theirs.goto(`/containers/${things.box.id}`);
    await expect(theirs.getByRole("heading", { level: 1 })).toContainText(things.box.number);
    await expect(notAvailable(theirs, "Refreshing a container")).toBeVisible();
    await expect(main.getByRole("button", { name: /^Refresh now/ })).toHaveCount(0);

    // The shipments list: the shared view opens, but is neither saved, renamed nor deleted.
    await theirs.goto("/shipments");
    await expect(theirs.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await expect(notAvailable(theirs, "Saving views")).toBeVisible();
    await expect(main.getByRole("button", { name: "Save view" })).toHaveCount(0);
    await theirs
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: /^Views/ })
      .click();
    const views = theirs.getByRole("dialog", { name: "Saved views" });
    await expect(views.getByRole("link", { name: VIEW })).toBeVisible();
    await expect(views.getByText("Renaming and deleting views is not available to you.")).toBeVisible();
    await expect(views.getByRole("button", { name: `Rename view ${VIEW}` })).toHaveCount(0);
    await expect(views.getByRole("button", { name: `Delete view ${VIEW}` })).toHaveCount(0);
    await theirs.keyboard.press("Escape");
    // Rows chosen: the download of them, and no action that changes them.
    await main.getByRole("checkbox", { name: "Select all shipments shown" }).check();
    const bulk = main.getByRole("region", { name: "Actions on the chosen shipments" });
    await expect(bulk.getByText("Changing shipments is not available to you.")).toBeVisible();
    await expect(bulk.getByRole("button", { name: "Download selected (CSV)" })).toBeVisible();
    for (const name of ["Stop tracking", "Resume tracking", "Add tag", "Remove tag", "Clear customer"])
      await expect(bulk.getByRole("button", { name })).toHaveCount(0);

    // Customers: listed, neither added nor renamed.
    await theirs.goto("/customers");
    await expect(main.getByRole("cell", { name: CUSTOMER })).toBeVisible();
    await expect(notAvailable(theirs, "Adding and renaming customers")).toBeVisible();
    await expect(main.getByRole("button", { name: "Add customer" })).toHaveCount(0);
    await expect(main.getByLabel("New customer")).toHaveCount(0);
    await expect(main.getByRole("button", { name: `Rename ${CUSTOMER}` })).toHaveCount(0);

    // Carrier connections: listed and shown, never added, tested, changed or deleted.
    await theirs.goto("/settings/carrier-connections");
    await expect(main.getByRole("link", { name: /Maersk/ })).toBeVisible();
    await expect(notAvailable(theirs, "Adding carrier connections")).toContainText(
      "this needs an admin or above.",
    );
    await expect(main.getByRole("link", { name: /New connection|Connect a carrier/ })).toHaveCount(0);
    await main.getByRole("link", { name: /Maersk/ }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Maersk (MAEU)" })).toBeVisible();
    await expect(main.getByRole("region", { name: "Status" })).toBeVisible();
    await expect(notAvailable(theirs, "Deleting carrier connections")).toBeVisible();
    await expect(notAvailable(theirs, "Testing a carrier connection")).toBeVisible();
    await expect(notAvailable(theirs, "Changing a carrier connection's settings")).toBeVisible();
    for (const name of ["Delete connection", "Test connection", "Save changes"])
      await expect(main.getByRole("button", { name })).toHaveCount(0);
    await theirs.goto("/settings/carrier-connections/new");
    await expect(theirs.getByRole("heading", { level: 1, name: "New carrier connection" })).toBeVisible();
    await expect(notAvailable(theirs, "Adding carrier connections")).toBeVisible();
    await expect(main.getByRole("button", { name: "Create connection" })).toHaveCount(0);

    // Documents: read, never uploaded, read again or tracked from.
    await theirs.goto("/documents");
    await expect(main.getByRole("link", { name: DOCUMENT })).toBeVisible();
    await expect(notAvailable(theirs, "Uploading documents")).toBeVisible();
    await expect(main.getByRole("button", { name: "Choose files" })).toHaveCount(0);
    await expect(main.getByRole("region", { name: "Drop documents here" })).toHaveCount(0);
    await main.getByRole("link", { name: DOCUMENT }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: DOCUMENT })).toBeVisible();
    await expect(notAvailable(theirs, "Reading a document again")).toBeVisible();
    await expect(notAvailable(theirs, "Tracking these numbers")).toBeVisible();
    await expect(main.getByText("not tracked yet").first()).toBeVisible();
    await expect(main.getByRole("button", { name: "Read again" })).toHaveCount(0);
    await expect(main.getByRole("checkbox", { name: /^Track / })).toHaveCount(0);
    await expect(main.getByRole("button", { name: /^Track \d/ })).toHaveCount(0);

    // Tracking many at once, or one, or a webhook, by a link kept from before: the page says why, no form.
    for (const [path, heading, what] of [
      ["/tracking-requests/bulk", "Track many shipments", "Tracking new shipments"],
      ["/tracking-requests/new", "Track a shipment", "Tracking new shipments"],
      ["/webhooks/new", "New webhook", "Adding webhooks"],
    ] as const) {
      await theirs.goto(path);
      await expect(theirs.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(notAvailable(theirs, what)).toBeVisible();
      await expect(main.getByRole("textbox")).toHaveCount(0);
      await expect(main.getByRole("button", { name: /^(Track|Create|Send)/ })).toHaveCount(0);
    }

    // What the page does not offer, the service refuses (the same permission table).
    const origin = new URL(theirs.url()).origin;
    const write = { Origin: origin, "Content-Type": "application/vnd.api+json" };
    const refused = [
      await theirs.request.post("/v2/parties", {
        headers: write,
        data: { data: { type: "party", attributes: { company_name: "Not mine" } } },
      }),
      await theirs.request.post("/v2/saved_views", {
        headers: write,
        data: { data: { type: "saved_view", attributes: { name: "Mine", list: "shipments", search: {} } } },
      }),
      await theirs.request.patch(`/v2/containers/${things.box.id}/refresh`, { headers: write }),
      await theirs.request.post(`/v2/carrier_connections/${things.connectionId}/test`, { headers: write }),
      await theirs.request.post(`/v2/documents/${things.documentId}/reextract`, { headers: write }),
    ];
    expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403, 403]);
  } finally {
    await context.close();
  }
});

test("a member tracks, stops, refreshes, edits, saves views and uploads, but adds no carrier connection or webhook", async ({
  page,
  browser,
  account,
  baseURL,
}) => {
  const things = await furnish(page, account, baseURL!);
  const member = await addPerson(page.request, account, "member", "Meg Member");
  const context = await browser.newContext();
  try {
    const theirs = await context.newPage();
    const main = theirs.getByRole("main");
    await signInWithPassword(theirs, member.email, member.password, `/shipments/${things.shipmentId}`);
    await expect(theirs.getByRole("button", { name: /^Signed in as Meg Member/ })).toBeVisible();
    for (const name of [
      "Stop tracking",
      "Edit reference numbers",
      "Edit tags",
      "Set customer",
      "Make share link",
    ])
      await expect(main.getByRole("button", { name })).toBeVisible();
    await expect(main.getByText(/is not available to you/)).toHaveCount(0);

    await theirs.goto(`/containers/${things.box.id}`);
    await expect(
      main.getByRole("button", { name: `Refresh now container ${things.box.number}` }),
    ).toBeVisible();
    await theirs.goto("/shipments");
    await expect(main.getByRole("button", { name: "Save view" })).toBeVisible();
    await theirs.goto("/customers");
    await expect(main.getByRole("button", { name: "Add customer" })).toBeVisible();
    await expect(main.getByRole("button", { name: `Rename ${CUSTOMER}` })).toBeVisible();
    await theirs.goto("/documents");
    await expect(main.getByRole("button", { name: "Choose files" })).toBeVisible();
    await theirs.goto("/tracking-requests");
    await expect(main.getByRole("link", { name: /Track a shipment/ }).first()).toBeVisible();
    await expect(main.getByRole("link", { name: "Track many at once" })).toBeVisible();

    // Integrations are an admin's.
    await theirs.goto("/settings/carrier-connections");
    await expect(main.getByRole("link", { name: /Maersk/ })).toBeVisible();
    await expect(notAvailable(theirs, "Adding carrier connections")).toContainText(
      "Your role is member; this needs an admin or above.",
    );
    await expect(main.getByRole("link", { name: /New connection|Connect a carrier/ })).toHaveCount(0);
    await theirs.goto(`/settings/carrier-connections/${things.connectionId}`);
    await expect(theirs.getByRole("heading", { level: 1, name: "Maersk (MAEU)" })).toBeVisible();
    for (const name of ["Delete connection", "Test connection", "Save changes"])
      await expect(main.getByRole("button", { name })).toHaveCount(0);

    await theirs.goto("/webhooks");
    await expect(theirs.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(notAvailable(theirs, "Adding webhooks").first()).toContainText("Your role is member");
    await expect(main.getByRole("link", { name: /New webhook|Create a webhook/ })).toHaveCount(0);
    await theirs.goto("/webhooks/new");
    await expect(notAvailable(theirs, "Adding webhooks")).toBeVisible();
    await expect(main.getByRole("button", { name: "Create webhook" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
