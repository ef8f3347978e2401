// Custom fields as people use them: a member defines a short text (with a maximum length) and an enum (its options
// put in order by buttons) in Settings → Custom fields, sets both on a shipment's page, reads their display values
// after a reload, and is shown the server's own words for a value too long; a viewer reads the same values and
// the same definitions but is offered no control that writes them. A new tracking request takes its own fields and
// its shipment's, checked before it is sent.
import { sandboxNumber } from "../src/server/tracking/sandbox/network";
import { apiGet, apiPost, expect, type Page, signIn, signInWithPassword, signOut, test } from "./fixtures";
import { addPerson } from "./people";

test.use({ shipmentsInAccount: 1 });

const RESULTS = "e2e/.results";

async function createShortText(page: Page) {
  await page.getByLabel("Display name").fill("PO owner");
  // The slug is suggested from the name.
  await expect(page.getByLabel("API slug")).toHaveValue("po_owner");
  await page.getByLabel("Kind of record").selectOption({ label: "Shipments" });
  await page.getByLabel("Data type").selectOption({ label: "Short text" });
  await page.getByLabel("Description (optional)").fill("Who owns the purchase order at the customer.");
  await page.getByLabel("Maximum length (characters)").fill("10");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“PO owner” was created." })).toBeVisible();
}

async function createEnum(page: Page) {
  await page.getByLabel("Display name").fill("Priority");
  await page.getByLabel("Data type").selectOption({ label: "One of a list" });
  for (const label of ["High", "Low"]) {
    await page.getByLabel("New option", { exact: true }).fill(label);
    await page.getByRole("button", { name: "Add option", exact: true }).click();
  }
  // Low first: moved up by its button.
  await page.getByRole("button", { name: "Move Low up" }).click();
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByRole("status").filter({ hasText: "“Priority” was created." })).toBeVisible();
}

test("a member defines fields in Settings and sets them on a shipment; a viewer only reads them", async ({
  page,
  account,
}) => {
  const member = await addPerson(page.request, account, "member", "Mina Member");
  const viewer = await addPerson(page.request, account, "viewer", "Victor Viewer");
  const shipments = await apiGet(page.request, account, "/v2/shipments?page[size]=1");
  const shipmentId: string = shipments.data[0].id;

  await signInWithPassword(page, member.email, member.password, "/settings/custom-fields");
  await expect(page.getByRole("heading", { level: 1, name: "Custom fields" })).toBeVisible();
  await createShortText(page);
  await createEnum(page);

  const shipmentFields = page.getByRole("region", { name: /^Shipments/ });
  await expect(shipmentFields.getByRole("heading", { name: "PO owner" })).toBeVisible();
  await expect(shipmentFields.getByText("max length 10")).toBeVisible();
  const options = shipmentFields.getByRole("group", { name: /Priority: Options/ });
  await expect(options.getByRole("listitem")).toHaveText([/^Low/, /^High/]);
  // Tall enough for the whole page, so that the sticky header is not drawn over it.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.getByRole("main").screenshot({ path: `${RESULTS}/custom-fields-settings.png` });

  // On the shipment: both fields listed, not set yet.
  await page.goto(`/shipments/${shipmentId}`);
  const section = page.getByRole("region", { name: "Custom fields" });
  await expect(section.getByRole("term")).toHaveText([/^PO owner/, "Priority"]);
  await expect(section.getByText("Not set")).toHaveCount(2);

  // Too long for its maximum: the server's 422, beside the field, and nothing saved.
  await section.getByRole("button", { name: "Edit PO owner" }).click();
  const owner = section.getByLabel("PO owner", { exact: true });
  await owner.fill("Anastasia Duarte");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText("value can be at most 10 characters.")).toBeVisible();
  await expect(owner).toHaveAttribute("aria-invalid", "true");
  await section.screenshot({ path: `${RESULTS}/custom-fields-shipment-error.png` });

  await owner.fill("Ana D.");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByRole("button", { name: "Edit PO owner" })).toBeFocused();
  await expect(section.getByRole("definition").first()).toContainText("Ana D.");

  await section.getByRole("button", { name: "Edit Priority" }).click();
  await section.getByLabel("Priority", { exact: true }).selectOption({ label: "High" });
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByRole("definition").nth(1)).toContainText("High");

  await page.reload();
  await expect(section.getByRole("definition").first()).toContainText("Ana D.");
  await expect(section.getByRole("definition").nth(1)).toContainText("High");
  await section.screenshot({ path: `${RESULTS}/custom-fields-shipment.png` });

  // The API holds what the page showed.
  const values = await apiGet(page.request, account, `/v2/shipments/${shipmentId}/custom_fields`);
  expect(
    values.data.map((v: { attributes: { api_slug: string; value: unknown } }) => [
      v.attributes.api_slug,
      v.attributes.value,
    ]),
  ).toEqual(
    expect.arrayContaining([
      ["po_owner", "Ana D."],
      ["priority", "high"],
    ]),
  );

  // Clearing a value takes it off the record.
  await section.getByRole("button", { name: "Edit PO owner" }).click();
  await section.getByRole("button", { name: "Clear PO owner" }).click();
  await expect(section.getByText("Not set")).toHaveCount(1);

  await signOut(page);
  await signInWithPassword(page, viewer.email, viewer.password, `/shipments/${shipmentId}`);
  await expect(section.getByRole("definition").nth(1)).toContainText("High");
  await expect(section.getByText("Editing custom fields is not available to you.")).toBeVisible();
  await expect(section.getByRole("button")).toHaveCount(0);

  // A container's page has its own kind of fields: none defined here, and it says where they are defined.
  const containerId: string = shipments.data[0].relationships.containers.data[0].id;
  await page.goto(`/containers/${containerId}`);
  await expect(section).toContainText("No custom fields are defined for containers yet.");
  await section.getByRole("link", { name: "Define them in Settings" }).click();
  await expect(page.getByRole("heading", { name: "PO owner" })).toBeVisible();
  await expect(page.getByText("Defining and changing custom fields is not available to you.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create field" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Edit|Delete|Remove|Move) / })).toHaveCount(0);
});

test("a member renames a field and deletes one after confirming", async ({ page, account }) => {
  const member = await addPerson(page.request, account, "member", "Mo Member");
  await signInWithPassword(page, member.email, member.password, "/settings/custom-fields");
  await createShortText(page);

  await page.getByRole("button", { name: "Edit PO owner" }).click();
  await page
    .getByRole("form", { name: "Edit PO owner" })
    .getByLabel("Display name")
    .fill("Purchase order owner");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Purchase order owner" })).toBeVisible();

  await page.getByRole("button", { name: "Delete Purchase order owner" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Purchase order owner”?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete field" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Purchase order owner" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Shipments/ })).toContainText("No fields yet.");
});

test("a new tracking request takes its custom fields, checked by the field's rules before it is sent", async ({
  page,
  account,
}) => {
  for (const [entity_type, api_slug, display_name, validation] of [
    ["TrackingRequest", "booking_contact", "Booking contact", { max_length: 5 }],
    ["Shipment", "po_owner", "PO owner", null],
  ] as const) {
    const made = await apiPost(page.request, account, "/v2/custom_field_definitions", {
      data: {
        type: "custom_field_definition",
        attributes: { entity_type, api_slug, display_name, data_type: "short_text", validation },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  await signIn(page, account, "/tracking-requests/new");
  const number = sandboxNumber("MAEU", 9_700);
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(number);
  await page.getByRole("combobox", { name: "Shipping line" }).fill("MAEU");
  await page
    .getByRole("listbox", { name: "Shipping line" })
    .getByRole("option", { name: /Maersk/ })
    .click();
  const group = page.getByRole("group", { name: "Custom fields (optional)" });
  const contact = group.getByRole("textbox", { name: "Booking contact" });
  await contact.fill("Anastasia");
  await page.getByRole("button", { name: "Track shipment" }).click();
  await expect(contact).toHaveAttribute("aria-invalid", "true");
  await expect(contact).toHaveAccessibleDescription(/value can be at most 5 characters/);
  await expect(contact).toBeFocused();
  await group.screenshot({ path: `${RESULTS}/custom-fields-tracking-request.png` });

  await contact.fill("Ana");
  await group.getByRole("textbox", { name: "PO owner" }).fill("Bob");
  await page.getByRole("button", { name: "Track shipment" }).click();
  await expect(page).toHaveURL(/\/tracking-requests(\?|$)/);
  const requests = await apiGet(page.request, account, "/v2/tracking_requests?page[size]=10");
  const made = requests.data.find(
    (r: { attributes: { request_number: string } }) => r.attributes.request_number === number,
  );
  expect(made).toBeDefined();
  const values = await apiGet(page.request, account, `/v2/tracking_requests/${made.id}/custom_fields`);
  expect(
    values.data.map((v: { attributes: { api_slug: string; value: unknown } }) => [
      v.attributes.api_slug,
      v.attributes.value,
    ]),
  ).toEqual(
    expect.arrayContaining([
      ["booking_contact", "Ana"],
      ["po_owner", "Bob"],
    ]),
  );
});
