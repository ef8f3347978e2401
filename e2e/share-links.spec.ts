// Sharing a shipment with a customer (issue 29 item 10): a link made on the shipment page opens in a fresh browser
// without a session and shows the shipment, its containers and the map, never the account's tags or customer; a
// changed token opens nothing; a revoked link stops opening; the page is never indexed.
import { expectAccessible } from "./axe";
import { apiGet, expect, signIn, test } from "./fixtures";

test.use({ shipmentsInAccount: 1 });

interface ShipmentResource {
  id: string;
  attributes: { bill_of_lading_number: string };
  relationships: { containers: { data: { id: string }[] } };
}

test("a shared shipment opens without a session, shows nothing the account keeps, and stops when revoked", async ({
  page,
  account,
  browser,
  baseURL,
}) => {
  const [shipment] = (await apiGet<{ data: ShipmentResource[] }>(page.request, account, "/v2/shipments"))
    .data;
  if (!shipment) throw new Error("the account has no shipment");
  const number = shipment.attributes.bill_of_lading_number;
  // What the account keeps to itself: a tag and a customer.
  const patched = await page.request.patch(`/v2/shipments/${shipment.id}`, {
    headers: { Authorization: `Token ${account.apiKey}`, "Content-Type": "application/vnd.api+json" },
    data: { data: { attributes: { tags: ["margin-watch"], customer_name: "Acme Secret Imports" } } },
  });
  expect(patched.ok()).toBe(true);
  const container = await apiGet(
    page.request,
    account,
    `/v2/containers/${shipment.relationships.containers.data[0]!.id}`,
  );

  await signIn(page, account, `/shipments/${shipment.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  const share = page.getByRole("region", { name: "Share with a customer" });
  await expect(share.getByText("This shipment has not been shared.")).toBeVisible();
  await share.getByRole("combobox", { name: "Works for" }).selectOption("7");
  await share.getByRole("button", { name: "Make share link" }).click();
  const url = await share.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const links = share.getByRole("table", { name: "Share links of this shipment" });
  await expect(links.getByRole("row")).toHaveCount(2);
  await expect(links.getByRole("row").nth(1)).toContainText(`…${url.slice(-4)}`);
  await expect(links.getByRole("row").nth(1)).toContainText("Active");
  await expectAccessible(page, "the shipment page with a share link made");

  // A customer's browser: no session, no key.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const path = new URL(url).pathname;
  const opened = await guest.goto(path);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  // The page's address holds the token: no other site is sent it.
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(guest.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  const containers = guest.getByRole("region", { name: "Containers" });
  await expect(containers.getByRole("heading", { name: container.data.attributes.number })).toBeVisible();
  await expect(guest.getByRole("figure", { name: "Map of the journey" })).toBeVisible();
  await expect(guest.getByRole("region", { name: "Journey" })).toBeVisible();
  // It says whose the dates are.
  await expect(
    guest
      .getByRole("region", { name: "Journey" })
      .getByText(/^Dates from .+: what has happened as it reported it/),
  ).toBeVisible();
  await expect(guest.getByText("margin-watch")).toHaveCount(0);
  await expect(guest.getByText("Acme Secret Imports")).toHaveCount(0);
  await expect(guest.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectAccessible(guest, "the shared shipment page");
  // On a customer's phone, in the dark theme.
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.emulateMedia({ colorScheme: "dark" });
  await expect(guest.getByRole("figure", { name: "Map of the journey" })).toBeVisible();
  await expectAccessible(guest, "the shared shipment page on a phone, dark");

  // The link opens this shipment's page and nothing else: the API itself still asks who is asking.
  expect((await guest.request.get(`/v2/shipments/${shipment.id}`)).status()).toBe(401);

  // A token with its last characters changed opens nothing.
  const other = `${path.slice(0, -4)}${path.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  await guest.goto(other);
  await expect(
    guest.getByRole("heading", { level: 1, name: "This link no longer opens a shipment" }),
  ).toBeVisible();

  // Revoked on the shipment page: the customer's page says so on its next load.
  await links.getByRole("button", { name: `Revoke the link ending ${url.slice(-4)}` }).click();
  await expect(links.getByRole("row").nth(1)).toContainText("Revoked by");
  await guest.goto(path);
  await expect(
    guest.getByRole("heading", { level: 1, name: "This link no longer opens a shipment" }),
  ).toBeVisible();
  await guestContext.close();
});
