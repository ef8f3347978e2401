// "What arrives next, and where is everything?" on the lists: each shipment's Status says where its containers
// are, the quick filters (arriving in 7 days, on water, at port, at rail) press on and off over the same filters
// the chips show, and the ETA header puts what arrives next first, with shipments already arrived after every one
// still coming. Reads the demo account (paused clock), which no test changes, except where the demo may lack the
// case at some hours (a box on rail): there the test's own account has one.
//
//   npm run build && E2E_PORT=4963 npx playwright test --config e2e/playwright.config.ts what-arrives-next.spec.ts
import { apiGet, createTestAccount, expect, type Page, signIn, signInAsDemo, test } from "./fixtures";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;

const shipmentsTable = (page: Page) => page.getByRole("table", { name: "Shipments" });
const quick = (page: Page, name: string) =>
  page.getByRole("group", { name: "Quick filters" }).getByRole("button", { name, exact: true });

/** The bills of lading of the rows shown, in order. */
async function shownNumbers(page: Page): Promise<string[]> {
  return shipmentsTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.textContent?.trim() ?? ""));
}

test("the ETA header puts what arrives next first and the shipments already arrived last", async ({
  page,
  demo,
}) => {
  await signInAsDemo(page, "/shipments");
  const eta = shipmentsTable(page).getByRole("columnheader", { name: "ETA", exact: true });
  await eta.getByRole("button", { name: "ETA" }).click();
  await expect(page).toHaveURL(/[?&]sort=next_arrival(&|$)/);

  const body: Doc = await apiGet(page.request, demo, "/v2/shipments?sort=next_arrival&page[size]=100");
  const rows: Doc[] = body.data;
  const firstArrived = rows.findIndex((s) => s.attributes.pod_ata_at !== null);
  // The demo has both, and every one still coming is listed before the first that has arrived, soonest first.
  expect(firstArrived).toBeGreaterThan(0);
  expect(rows.slice(firstArrived).every((s) => s.attributes.pod_ata_at !== null)).toBe(true);
  const coming = rows.slice(0, firstArrived).map((s) => Date.parse(s.attributes.pod_eta_at));
  expect(coming).toEqual([...coming].sort((a, b) => a - b));

  await expect
    .poll(() => shownNumbers(page))
    .toEqual(rows.slice(0, 25).map((s) => s.attributes.bill_of_lading_number));
  // The first row is what arrives next, and its ETA says so.
  await expect(page.getByText("shipments tracked by this account, by ETA")).toBeVisible();
});

test("each shipment's Status says where its containers are", async ({ page, demo }) => {
  await signInAsDemo(page, "/shipments?sort=next_arrival");
  const body: Doc = await apiGet(page.request, demo, "/v2/shipments?sort=next_arrival&page[size]=25");
  const first = shipmentsTable(page).getByRole("row").nth(1);
  const statusIndex = await shipmentsTable(page)
    .getByRole("columnheader")
    .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.trim() === "Status"));
  expect(statusIndex).toBeGreaterThan(0);
  const phases = Object.entries(body.data[0].attributes.containers_by_phase as Record<string, number>);
  expect(phases.length).toBeGreaterThan(0);
  // A shipment still coming: all its boxes are aboard.
  expect(phases).toEqual([["on_water", expect.any(Number)]]);
  await expect(first.getByRole("cell").nth(statusIndex)).toHaveText("On water");
});

test("quick filters press on and off, one place at a time, and the list is the API's", async ({
  page,
  demo,
}) => {
  await signInAsDemo(page, "/shipments");
  const count = async (query: string) =>
    ((await apiGet(page.request, demo, `/v2/shipments?${query}&page[size]=1`)) as Doc).meta.total as number;
  const chips = page.getByRole("list", { name: "Active filters" }).getByRole("listitem");

  const arriving = quick(page, "Arriving in 7 days");
  await expect(arriving).toHaveAttribute("aria-pressed", "false");
  await arriving.click();
  await expect(page).toHaveURL(/filter\[arriving_within_days\]=7/);
  await expect(arriving).toHaveAttribute("aria-pressed", "true");
  await expect(chips).toHaveText([/Arriving within: 7 days/]);
  const week = await count("filter[arriving_within_days]=7");
  expect(week).toBeGreaterThan(0);
  await expect(page.getByText(`${week} shipment${week === 1 ? "" : "s"} match`)).toBeVisible();

  // A place: added to the week, and a second place replaces the first.
  await quick(page, "On water").click();
  await expect(page).toHaveURL(/filter\[phase\]=on_water/);
  await quick(page, "At rail").click();
  await expect(page).toHaveURL(/filter\[phase\]=on_rail%2Cat_rail_ramp|filter\[phase\]=on_rail,at_rail_ramp/);
  await expect(quick(page, "On water")).toHaveAttribute("aria-pressed", "false");
  await expect(quick(page, "At rail")).toHaveAttribute("aria-pressed", "true");
  // In the filters' order, as every chip is.
  await expect(chips).toHaveText([/Where: On rail or At rail ramp/, /Arriving within: 7 days/]);

  // Pressed again, each goes; the keyboard presses them as well.
  await quick(page, "At rail").click();
  await expect(page).not.toHaveURL(/filter\[phase\]/);
  await arriving.focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/arriving_within_days/);
  await expect(chips).toHaveCount(0);

  await quick(page, "At port").click();
  const atPort = await count("filter[phase]=at_port");
  expect(atPort).toBeGreaterThan(0);
  await expect(page.getByText(`${atPort} shipment${atPort === 1 ? "" : "s"} match`)).toBeVisible();
  // Every shipment listed has a box at the port, and its Status says so.
  await expect(shipmentsTable(page).getByRole("row").nth(1)).toContainText(/at port/i);
});

test("the containers list has the same quick filters", async ({ page, request }) => {
  // An account with a box on a train whatever the hour: the demo's shipments had none at some hours (CI failed so
  // on 3 December 2026), and a test that asks for a box on rail must have one.
  const account = await createTestAccount(request, { company_name: "E2E at rail", on_rail: true });
  await signIn(page, account, "/containers");
  await quick(page, "At rail").click();
  await expect(page).toHaveURL(/filter\[phase\]=on_rail(%2C|,)at_rail_ramp/);
  const body: Doc = await apiGet(
    page.request,
    account,
    "/v2/containers?filter[phase]=on_rail,at_rail_ramp&page[size]=100",
  );
  expect(body.meta.total).toBeGreaterThan(0);
  await expect(
    page.getByText(`${body.meta.total} container${body.meta.total === 1 ? "" : "s"} match`),
  ).toBeVisible();
  const numbers = body.data.map((c: Doc) => c.attributes.number as string);
  for (const number of numbers.slice(0, 5)) {
    await expect(
      page.getByRole("table", { name: "Containers" }).getByRole("link", { name: number }),
    ).toBeVisible();
  }
});
