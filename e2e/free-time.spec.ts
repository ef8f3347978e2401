// Free time and charges (issue 29 items 6 and 7): a container's page shows its demurrage and detention days and
// amounts from the line's published tariff; Settings → Free time adds the account's own tariff, which the container
// then counts by. The account is the test's own (its sandbox shipments), read as the API has them.
//
//   npm run build && E2E_PORT=5810 npx playwright test --config e2e/playwright.config.ts free-time.spec.ts
import { expectAccessible } from "./axe";
import {
  type Account,
  apiGet,
  createTestAccount,
  expect,
  type Page,
  signIn,
  signInWithPassword,
  test,
} from "./fixtures";
import { addPerson } from "./people";

test.use({ shipmentsInAccount: 4 });

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;

/** A container whose demurrage clock has started (discharged at the port), with its line. */
async function dischargedBox(page: Page, account: Account): Promise<Doc> {
  const list: Doc = await apiGet(page.request, account, "/v2/containers?page[size]=100");
  const box = list.data.find(
    (c: Doc) => c.attributes.demurrage && c.attributes.demurrage.status !== "not_started",
  );
  expect(box, "the test account has a container discharged at its port").toBeTruthy();
  return box;
}

const freeTimeTable = (page: Page) =>
  page.getByRole("table", { name: "Demurrage and detention: days and charges" });
const rowOf = (page: Page, label: string) =>
  freeTimeTable(page).getByRole("row", { name: new RegExp(`^${label}`) });

test("a container's free time from the published tariff, then from the account's own added in Settings", async ({
  page,
  request,
}) => {
  // With a box held at its terminal: discharged, whatever day it is. Some days none of the four sandbox shipments
  // had a box at its port (CI failed so on 3 December 2026).
  const account = await createTestAccount(request, {
    company_name: "E2E free time",
    shipments: 4,
    held_box: true,
  });
  const box = await dischargedBox(page, account);
  const d = box.attributes.demurrage;
  const scac = box.attributes.shipping_line_scac;

  await signIn(page, account, `/containers/${box.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Free time and charges" })).toBeVisible();
  await expect(freeTimeTable(page).getByRole("columnheader", { name: "Demurrage" })).toBeVisible();
  await expect(freeTimeTable(page).getByRole("columnheader", { name: "Detention" })).toBeVisible();
  // A published tariff's free time ends on the last free day the terminal or line reports, when there is one.
  const freeDays = rowOf(page, "Free days").getByRole("cell").first();
  if (d.free_days_source === "reported") {
    await expect(freeDays).toHaveText(`${d.free_days}to the reported last free day`);
  } else {
    await expect(freeDays).toHaveText(String(d.free_days));
  }
  await expect(rowOf(page, "Days used").getByRole("cell").first()).toHaveText(String(d.days_used));
  await expect(rowOf(page, "Tariff").getByRole("cell").first()).toHaveText("Published");
  await expect(rowOf(page, "Charges so far").getByRole("cell").first()).toContainText("$");
  await expectAccessible(page, "the container page with its free time table");

  // Settings → Free time: the line's published tariffs, read-only, and an own one added.
  await page.goto("/settings/free-time");
  await expect(page.getByRole("heading", { level: 1, name: "Free time" })).toBeVisible();
  await page.getByLabel("Line (SCAC)").fill(scac);
  await expect(page.getByRole("table", { name: "Published tariffs" }).getByRole("row").nth(1)).toContainText(
    scac,
  );
  await page.getByRole("button", { name: "Add a tariff" }).click();
  const form = page.getByRole("form", { name: "Add a tariff" });
  await form.getByLabel("Shipping line (SCAC)").fill(scac);
  await form.getByLabel("Kind").selectOption("demurrage");
  await form.getByLabel("Free days").fill("30");
  await form.getByLabel("Tier 1: per day").fill("99");
  await form.getByRole("button", { name: "Save tariff" }).click();
  const own = page.getByRole("table", { name: "Your tariffs" });
  await expect(own.getByRole("row")).toHaveCount(2);
  await expect(own).toContainText("30 free days, then $99.00/day");
  await expectAccessible(page, "Settings → Free time with an own tariff");

  // The container now counts by the account's own tariff.
  await page.goto(`/containers/${box.id}`);
  await expect(rowOf(page, "Tariff").getByRole("cell").first()).toHaveText("Your own");
  await expect(rowOf(page, "Free days").getByRole("cell").first()).toHaveText("30");
  const after: Doc = await apiGet(page.request, account, `/v2/containers/${box.id}`);
  expect(after.data.attributes.demurrage).toMatchObject({ tariff_source: "account", free_days: 30 });

  // A bad tariff is refused with the service's words, and nothing is saved.
  await page.goto("/settings/free-time");
  await page.getByRole("button", { name: "Add a tariff" }).click();
  await form.getByLabel("Shipping line (SCAC)").fill("M1");
  await form.getByLabel("Free days").fill("3");
  await form.getByLabel("Tier 1: per day").fill("10");
  await form.getByRole("button", { name: "Save tariff" }).click();
  await expect(form.getByRole("alert")).toContainText("scac must be a shipping line's SCAC");
  await expect(own.getByRole("row")).toHaveCount(2);
});

test("the containers list's Charges column sorts by money at risk, and Needs attention adds it up", async ({
  page,
  account,
}) => {
  const ranked: Doc = await apiGet(page.request, account, "/v2/containers?sort=-charges&page[size]=100");
  const summary: Doc = (await apiGet(page.request, account, "/v2/containers/summary")).data.attributes;

  await signIn(page, account, "/containers");
  const table = page.getByRole("table", { name: "Containers" });
  await expect(table.getByRole("columnheader", { name: /Detention/ })).toBeVisible();
  const header = table.getByRole("columnheader", { name: /Charges/ });
  await header.getByRole("button").click();
  await expect(page).toHaveURL(/sort=-charges/);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("row").nth(1).getByRole("link").first()).toHaveText(
    ranked.data[0].attributes.number,
  );

  // The Columns menu offers Demurrage, hidden until chosen.
  await expect(table.getByRole("columnheader", { name: /Demurrage/ })).toHaveCount(0);

  // The quick filter lists the containers with money at risk, as the API counts them.
  const atRisk: Doc = await apiGet(page.request, account, "/v2/containers?filter[charges]=at_risk");
  const quick = page
    .getByRole("group", { name: "Quick filters" })
    .getByRole("button", { name: "Money at risk" });
  await quick.click();
  await expect(quick).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/filter\[charges\]=at_risk/);
  if (atRisk.meta.total > 0) {
    await expect(table.getByRole("row")).toHaveCount(Math.min(atRisk.meta.total, 25) + 1);
  }
  await quick.click();
  await expect(quick).toHaveAttribute("aria-pressed", "false");

  await expectAccessible(page, "the containers list sorted by charges");

  await page.goto("/attention");
  const money = page.getByRole("region", { name: "Money at risk" });
  await expect(money).toBeVisible();
  await expectAccessible(page, "Needs attention with its money at risk");
  if (summary.money_at_risk.count > 0) {
    await expect(money.getByRole("link", { name: /Charges at risk/ })).toContainText(
      `${summary.money_at_risk.count} container`,
    );
    await money.getByRole("link", { name: /Charges at risk/ }).click();
    await expect(page).toHaveURL(/filter\[charges\]=at_risk/);
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Charges: money at risk");
  } else {
    await expect(money).toContainText("No container is charged demurrage or detention");
  }
});

test("a member reads the tariffs but is told why adding one is not for their role", async ({
  page,
  request,
  account,
}) => {
  const member = await addPerson(request, account, "member", "Mia Member");
  await signInWithPassword(page, member.email, member.password, "/settings/free-time");
  await expect(page.getByRole("heading", { level: 1, name: "Free time" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Published tariffs" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a tariff" })).toHaveCount(0);
  await expect(page.getByText(/Adding free time tariffs is not available to you/)).toBeVisible();
});

test("an own tariff of three tiers for one box type and length is added by keyboard, listed, and edited down to two", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/settings/free-time");
  await page.getByRole("button", { name: "Add a tariff" }).click();
  const form = page.getByRole("form", { name: "Add a tariff" });
  await form.getByLabel("Shipping line (SCAC)").fill("HLCU");
  await form.getByLabel("Kind").selectOption("detention");
  await form.getByLabel("Box length").selectOption("40");
  await form.getByLabel("Box type").selectOption("reefer");
  await form.getByLabel("Free days").fill("4");
  await form.getByLabel("Tier 1: per day").fill("100");
  // The first tier starts on the first charged day: only its rate is asked for, and it cannot be removed.
  await expect(form.getByLabel("Tier 1: from charged day")).toHaveCount(0);
  await expect(form.getByRole("button", { name: "Remove tier 1" })).toHaveCount(0);

  // "Add a tier" by keyboard puts the cursor in the new tier's first day.
  await form.getByRole("button", { name: "Add a tier" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("Tier 2: from charged day")).toBeFocused();
  await page.keyboard.type("4");
  await form.getByLabel("Tier 2: per day").fill("200");
  await form.getByRole("button", { name: "Add a tier" }).click();
  await form.getByLabel("Tier 3: from charged day").fill("8");
  await form.getByLabel("Tier 3: per day").fill("300");
  await form.getByRole("button", { name: "Save tariff" }).click();

  const own = page.getByRole("table", { name: "Your tariffs" });
  const row = own.getByRole("row").filter({ hasText: "HLCU" });
  await expect(row).toContainText("Detention (from pickup)");
  await expect(row).toContainText("every port, 40 ft reefer");
  await expect(row).toContainText(
    "4 free days, then $100.00/day, $200.00/day from charged day 4, $300.00/day from charged day 8",
  );
  const saved: Doc = await apiGet(page.request, account, "/v2/free_time_tariffs");
  const tariff = saved.data.find(
    (t: Doc) => t.attributes.source === "account" && t.attributes.scac === "HLCU",
  );
  expect(tariff.attributes).toMatchObject({
    equipment_length: 40,
    equipment_type: "reefer",
    tiers: [
      { from_day: 1, per_day: 100 },
      { from_day: 4, per_day: 200 },
      { from_day: 8, per_day: 300 },
    ],
  });
  await expectAccessible(page, "Settings → Free time with a three-tier tariff");

  // Edited: the form shows the three tiers; the middle one removed, the last becomes tier 2.
  await own.getByRole("button", { name: "Edit HLCU detention" }).click();
  const edit = page.getByRole("form", { name: "Edit tariff" });
  await expect(edit.getByLabel("Tier 3: per day")).toHaveValue("300");
  await expect(edit.getByLabel("Box type")).toHaveValue("reefer");
  await edit.getByRole("button", { name: "Remove tier 2" }).click();
  await expect(edit.getByRole("button", { name: "Add a tier" })).toBeFocused();
  await expect(edit.getByLabel("Tier 2: from charged day")).toHaveValue("8");
  await expect(edit.getByLabel("Tier 3: per day")).toHaveCount(0);
  await edit.getByLabel("Box type").selectOption("");
  await edit.getByRole("button", { name: "Save tariff" }).click();
  await expect(row).toContainText("every port, 40 ft");
  await expect(row).toContainText("4 free days, then $100.00/day, $300.00/day from charged day 8");

  // Six tiers at most: the form stops offering another.
  await own.getByRole("button", { name: "Edit HLCU detention" }).click();
  for (let n = 3; n <= 6; n++) await edit.getByRole("button", { name: "Add a tier" }).click();
  await expect(edit.getByLabel("Tier 6: per day")).toBeVisible();
  await expect(edit.getByRole("button", { name: "Add a tier" })).toHaveCount(0);
  await expect(edit).toContainText("6 tiers at most");
});
