// Dashboard carrier connections (Settings → Carriers): create a connection to this service's own DCSA Track &
// Trace publisher (/dcsa/sandbox/<SCAC>, internal, API key auth), test it, fix its key, and delete it; a connection
// to a closed port tests as "not reachable"; the API's errors appear beside their fields; only the chosen auth
// type's fields show, and a stored secret is never shown but can be kept, replaced or removed; axe finds nothing.
// Each test has an account of its own, so no other test's connections show in its list.
import { createServer } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { sandboxNumber } from "../src/server/tracking/sandbox/network";
import { apiGet, expect, type Page, signIn, test } from "./fixtures";

/** The e2e server's DCSA_SANDBOX_API_KEY (playwright.config.ts): the key its publisher asks for. */
const SANDBOX_KEY = "e2e-sandbox-key";

/** A port on 127.0.0.1 that nothing listens on: one the system just gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Opens the new connection form from the list, as a user would from the navigation. */
async function openNewForm(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Carriers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Carrier connections" })).toBeVisible();
  await page.getByRole("link", { name: "New connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New carrier connection" })).toBeVisible();
}

test("a connection to the service's own DCSA publisher is created, tested, fixed, edited and deleted", async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account, "/attention");
  await openNewForm(page);

  await page.getByLabel("Shipping line").selectOption("MAEU");
  await page.getByLabel("Label (optional)").fill("Maersk via the sandbox");
  await page.getByLabel("Base address").fill(`${baseURL}/dcsa/sandbox/MAEU`);
  await page.getByRole("radio", { name: "API key" }).check();
  await expect(page.getByLabel("Header name")).toHaveValue("API-Key");
  // A wrong key first: the carrier refuses it, and the test says so.
  await page.getByRole("textbox", { name: "API key", exact: true }).fill("not-the-key");
  await page.getByLabel("Internal address").check();
  await page.getByRole("button", { name: "Create connection" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Maersk (MAEU)" })).toBeVisible();
  const status = page.getByRole("region", { name: "Status" });
  await expect(status).toContainText("Not tested yet");
  await expect(status).toContainText("Never checked");

  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("The test failed.");
  await expect(result).toContainText("Credentials refused");
  await expect(result).toContainText(/HTTP (401|403)/);
  await expect(result).toContainText(`${baseURL}/dcsa/sandbox/MAEU/v2/events`);
  // The status follows the test, and the key is in no answer.
  await expect(status).toContainText("Credentials refused");
  await expect(status).toContainText("Checked");
  await expect(page.getByText("not-the-key")).toHaveCount(0);

  // The key is stored, not shown: blank keeps it; typing replaces it.
  const keyInput = page.getByRole("textbox", { name: "API key", exact: true });
  await expect(keyInput).toHaveValue("");
  await expect(keyInput).toHaveAccessibleDescription(/Set — leave blank to keep it/);
  await keyInput.fill(SANDBOX_KEY);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Connection saved")).toBeVisible();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(result).toContainText("The carrier answered.");
  await expect(result).toContainText("Working");
  await expect(result).toContainText("HTTP 200");
  await expect(status).toContainText("Working");

  // An edit of something else leaves the key as it was: the test still works.
  await page.getByLabel("Label (optional)").fill("Maersk sandbox");
  await page.getByLabel("Ask the carrier to push events").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Maersk sandbox", { exact: true })).toBeVisible();
  // A saved change asks for a new test; the last result still reads "Working", so the status is what to wait on
  // (under load the API was read before the new test had finished, and said "untested").
  await expect(status).toContainText("Not tested yet");
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(status).toContainText("Working");
  await expect(result).toContainText("Working");
  const saved = await apiGet(page.request, account, "/v2/carrier_connections");
  expect(saved.data).toHaveLength(1);
  expect(saved.data[0].attributes).toMatchObject({
    scac: "MAEU",
    name: "Maersk sandbox",
    auth_type: "api_key",
    api_key_header: "API-Key",
    api_key_set: true,
    push_enabled: true,
    internal: true,
    status: "ok",
  });
  expect(JSON.stringify(saved)).not.toContain(SANDBOX_KEY);

  // The list shows it with its status.
  await page.getByRole("link", { name: "← Carrier connections" }).click();
  const table = page.getByRole("table", { name: "Carrier connections" });
  const row = table.getByRole("row").filter({ hasText: "MAEU" });
  await expect(row).toContainText("Maersk sandbox");
  await expect(row).toContainText(`${baseURL}/dcsa/sandbox/MAEU`);
  await expect(row).toContainText("API key");
  await expect(row).toContainText("Working");

  // Delete, after a confirmation that Cancel (the focused choice) can refuse.
  await row.getByRole("link", { name: /Maersk/ }).click();
  await page.getByRole("button", { name: "Delete connection" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this carrier connection?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Carrier connections" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No carrier connections yet" })).toBeVisible();
  expect((await apiGet(page.request, account, "/v2/carrier_connections")).data).toHaveLength(0);
});

test("a connection to a closed port tests as not reachable, on its page and in the list", async ({
  page,
  account,
}) => {
  const port = await closedPort();
  await signIn(page, account, "/settings/carrier-connections/new");
  await page.getByLabel("Shipping line").selectOption("MSCU");
  await page.getByLabel("Base address").fill(`http://127.0.0.1:${port}/tnt`);
  await page.getByLabel("Internal address").check();
  await page.getByRole("button", { name: "Create connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /\(MSCU\)/ })).toBeVisible();

  await page.getByRole("button", { name: "Test connection" }).click();
  const result = page.getByRole("region", { name: "Test result" });
  await expect(result).toContainText("The test failed.");
  await expect(result).toContainText("Not reachable");
  await expect(result).toContainText("No answer");
  await expect(page.getByRole("region", { name: "Status" })).toContainText("Not reachable");

  await page.getByRole("link", { name: "← Carrier connections" }).click();
  const row = page
    .getByRole("table", { name: "Carrier connections" })
    .getByRole("row")
    .filter({ hasText: "MSCU" });
  await expect(row).toContainText("Not reachable");
  await expect(row).toContainText(`http://127.0.0.1:${port}/tnt`);
});

test("the form shows the chosen auth type's fields only, and the API's errors beside their fields", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/settings/carrier-connections/new");
  await expect(page.getByRole("heading", { level: 1, name: "New carrier connection" })).toBeVisible();

  // Only the chosen type's fields.
  await expect(page.getByRole("radio", { name: "None" })).toBeChecked();
  await expect(page.getByLabel("Header name")).toHaveCount(0);
  await expect(page.getByLabel("Client id")).toHaveCount(0);
  await page.getByRole("radio", { name: "OAuth 2.0 client credentials" }).check();
  await expect(page.getByLabel("Token address")).toBeVisible();
  await expect(page.getByLabel("Client secret")).toHaveAttribute("type", "password");
  await expect(page.getByLabel("Header name")).toHaveCount(0);
  await page.getByRole("radio", { name: "API key" }).check();
  await expect(page.getByLabel("Token address")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "API key", exact: true })).toHaveAttribute(
    "type",
    "password",
  );

  // The form's own checks: nothing is sent, the focus goes to the first field.
  await page.getByRole("button", { name: "Create connection" }).click();
  await expect(page.getByLabel("Shipping line")).toBeFocused();
  await expect(page.getByLabel("Shipping line")).toHaveAccessibleDescription(/Choose the shipping line/);

  // The API's: plain http to a private address without "internal", and the key beside its field.
  await page.getByLabel("Shipping line").selectOption("MAEU");
  await page.getByLabel("Base address").fill("http://127.0.0.1:9/tnt");
  await page.getByRole("textbox", { name: "API key", exact: true }).fill("a-key");
  await page.getByRole("button", { name: "Create connection" }).click();
  const base = page.getByLabel("Base address");
  await expect(base).toBeFocused();
  await expect(base).toHaveAttribute("aria-invalid", "true");
  await expect(base).toHaveAccessibleDescription(/https/);
  await expect(page.getByText("a-key")).toHaveCount(0);
  await expectNoViolations(page);

  // A second connection for the same line is refused at the line.
  await base.fill("https://carrier.example/tnt");
  await page.getByRole("button", { name: "Create connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /\(MAEU\)/ })).toBeVisible();
  await page.goto("/settings/carrier-connections/new");
  await page.getByLabel("Shipping line").selectOption("MAEU");
  await page.getByLabel("Base address").fill("https://other.example/tnt");
  await page.getByRole("button", { name: "Create connection" }).click();
  await expect(page.getByLabel("Shipping line")).toBeFocused();
  await expect(page.getByLabel("Shipping line")).toHaveAttribute("aria-invalid", "true");
});

test("a stored secret can be removed, and switching the auth type forgets the old one's fields", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/settings/carrier-connections/new");
  await page.getByLabel("Shipping line").selectOption("HLCU");
  await page.getByLabel("Base address").fill("https://carrier.example/tnt");
  await page.getByRole("radio", { name: "OAuth 2.0 client credentials" }).check();
  await page.getByLabel("Token address").fill("https://auth.carrier.example/token");
  await page.getByLabel("Client id").fill("client-1");
  await page.getByLabel("Client secret").fill("first-secret");
  await page.getByRole("button", { name: "Create connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /\(HLCU\)/ })).toBeVisible();
  await expectNoViolations(page);

  // Removing the secret leaves a connection the form will not save without a new one.
  const secret = page.getByLabel("Client secret");
  await expect(secret).toHaveAccessibleDescription(/Set — leave blank to keep it/);
  await page.getByRole("button", { name: "Remove client secret" }).click();
  await expect(secret).toHaveAccessibleDescription(/removed when you save/);
  await page.getByRole("button", { name: "Keep client secret" }).click();
  await expect(secret).toHaveAccessibleDescription(/Set — leave blank to keep it/);

  await page.getByRole("radio", { name: "None" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Connection saved")).toBeVisible();
  const [connection] = (await apiGet(page.request, account, "/v2/carrier_connections")).data;
  expect(connection.attributes).toMatchObject({
    auth_type: "none",
    oauth_client_id: null,
    oauth_token_url: null,
    oauth_client_secret_set: false,
  });
});

test("the list, the form and a connection's page pass axe, with keyboard-only creation", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/settings/carrier-connections");
  await expect(page.getByRole("heading", { name: "No carrier connections yet" })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("link", { name: "New connection" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New carrier connection" })).toBeVisible();
  await expectNoViolations(page);

  // Keyboard only: the line, the address, then to the auth type's radios and through them with the arrows.
  await page.getByLabel("Shipping line").focus();
  await page.keyboard.press("ArrowDown");
  const line = await page.getByLabel("Shipping line").inputValue();
  expect(line).not.toBe("");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Base address")).toBeFocused();
  await page.keyboard.type("https://carrier.example/tnt");
  await page.getByRole("radio", { name: "None" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "API key" })).toBeChecked();
  await expect(page.getByLabel("Header name")).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "OAuth 2.0 client credentials" })).toBeChecked();
  await expectNoViolations(page);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("radio", { name: "None" })).toBeChecked();
  await page.getByRole("button", { name: "Create connection" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`\\(${line}\\)`) })).toBeVisible();
  await expectNoViolations(page);
});

// The whole path: a number tracked for a line with a connection is looked up at the carrier (here the service's
// own DCSA publisher, through main.ts's composition: store, HttpDcsaClient, the DCSA adapter) and its container
// page shows what the carrier said, in DCSA's words.
test("a number tracked through a carrier connection shows its container page", async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account, "/settings/carrier-connections/new");
  await page.getByLabel("Shipping line").selectOption("MAEU");
  await page.getByLabel("Base address").fill(`${baseURL}/dcsa/sandbox/MAEU`);
  await page.getByRole("radio", { name: "API key" }).check();
  await page.getByRole("textbox", { name: "API key", exact: true }).fill(SANDBOX_KEY);
  await page.getByLabel("Internal address").check();
  await page.getByRole("button", { name: "Create connection" }).click();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("region", { name: "Test result" })).toContainText("Working");

  // Tracked in the dashboard's form, as a user would.
  const number = sandboxNumber("MAEU", 8_800);
  await page.goto("/tracking-requests/new");
  await page.getByRole("radio", { name: "Bill of lading" }).check();
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(number);
  const box = page.getByRole("combobox", { name: "Shipping line" });
  await box.fill("MAEU");
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(box).toHaveValue(/\(MAEU\)/);
  await page.getByRole("button", { name: "Track shipment" }).click();
  await expect(page).toHaveURL(/\/tracking-requests$/);

  // The engine looks it up at the carrier connection: the request becomes a shipment with its containers.
  let shipmentId = "";
  await expect
    .poll(async () => {
      const list = await apiGet(page.request, account, "/v2/tracking_requests");
      const request = list.data.find(
        (r: { attributes: { request_number: string } }) => r.attributes.request_number === number,
      );
      shipmentId = request?.relationships?.tracked_object?.data?.id ?? "";
      return request?.attributes.status;
    })
    .toBe("created");
  const shipment = await apiGet(page.request, account, `/v2/shipments/${shipmentId}`);
  const containerId: string = shipment.data.relationships.containers.data[0].id;
  const container = await apiGet(page.request, account, `/v2/containers/${containerId}`);
  await page.goto(`/containers/${containerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(container.data.attributes.number);

  // The carrier's lines came through DCSA: their wording is the DCSA code and its words ("LOAD Loaded"), and the
  // timeline shows them beside their milestones.
  const raw = await apiGet(page.request, account, `/v2/containers/${containerId}/raw_events`);
  const wordings: string[] = raw.data.map(
    (line: { attributes: { original_event: string } }) => line.attributes.original_event,
  );
  expect(wordings.length).toBeGreaterThan(0);
  for (const wording of wordings) expect(wording).toMatch(/^(GTOT|GTIN|LOAD|DEPA|ARRI|DISC|PICK|DROP) \S/);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`“${wordings[0]}”`);
  await expect(timeline).toContainText(/“(LOAD Loaded|DEPA Departed|DISC Discharged|ARRI Arrived)”/);
});

test("a teammate's change to a connection being edited never overwrites what is typed", async ({
  page,
  request,
  account,
}) => {
  // The page's clock is the test's to move: the connection's answer stays fresh for 30 s, after which coming
  // back to the tab (from the carrier's portal, say) asks the API again.
  await page.clock.install();
  const headers = { Authorization: `Token ${account.apiKey}`, "Content-Type": "application/vnd.api+json" };
  const created = await request.post("/v2/carrier_connections", {
    headers,
    data: {
      data: {
        type: "carrier_connection",
        attributes: { scac: "HLCU", base_url: "https://carrier.example/tnt", auth_type: "none" },
      },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const path = `/v2/carrier_connections/${id}`;

  await signIn(page, account, `/settings/carrier-connections/${id}`);
  const label = page.getByRole("textbox", { name: "Label (optional)" });
  const base = page.getByRole("textbox", { name: "Base address" });
  await expect(base).toHaveValue("https://carrier.example/tnt");
  await label.fill("Hapag production");

  const changeElsewhere = async (attributes: Record<string, unknown>) => {
    const patched = await request.patch(path, {
      headers,
      data: { data: { type: "carrier_connection", id, attributes } },
    });
    expect(patched.status()).toBe(200);
    const answer = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === "GET");
    await page.clock.fastForward("01:00");
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await answer;
  };
  const notice = page.getByRole("status").filter({ hasText: "changed while you were editing" });

  // The address, which the person left, follows a teammate's change; the label they typed stays.
  await changeElsewhere({ base_url: "https://carrier.example/tnt/v2" });
  await expect(base).toHaveValue("https://carrier.example/tnt/v2");
  await expect(label).toHaveValue("Hapag production");
  await expect(notice).toBeHidden();

  // The teammate labels it too: the person's label stays, the notice lets them choose.
  await changeElsewhere({ name: "Hapag (Lou's)" });
  await expect(notice).toBeVisible();
  await expect(label).toHaveValue("Hapag production");
  await page.getByRole("button", { name: "Discard my edits and show the saved settings" }).click();
  await expect(label).toHaveValue("Hapag (Lou's)");
  await expect(notice).toBeHidden();
});
