// Dashboard tracking requests: the form (with the API's errors beside its fields), the list and its filters in
// the URL, bulk entry from a CSV file with per-row outcomes and retries, and a request becoming a shipment.
// Every test works in an account of its own, so its numbers are never another test's duplicates.
import { sandboxNumber } from "../src/server/tracking/sandbox/network";
import { type Account, apiPost, expect, type Page, signIn, test } from "./fixtures";
import { underWayNumber } from "./sandbox-numbers";

/**
 * A well-formed bill of lading number of the line that the sandbox carrier network knows (so it always becomes a
 * shipment), one per seed: Maersk's nine digits, Hapag-Lloyd's port letters and seven digits, ONE's port letters,
 * a letter and six digits.
 */
function newNumber(scac: "MAEU" | "HLCU" | "ONEY" = "MAEU", seed = 1): string {
  return sandboxNumber(scac, 9_000 + seed);
}

/** Creates a tracking request through the API, as another client of the account would. */
async function track(page: Page, account: Account, number: string, scac: string, refNumbers: string[] = []) {
  const made = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: { request_type: "bill_of_lading", request_number: number, scac, ref_numbers: refNumbers },
    },
  });
  expect(made.status()).toBe(201);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const table = (page: Page) => page.getByRole("table", { name: "Tracking requests" });

/**
 * Holds the answers to infer_number until `release()`, which lets them through and resolves once one has been
 * answered: a slow machine or network, on cue.
 */
async function holdInferNumber(page: Page): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  let answered = false;
  await page.route("**/v2/tracking_requests/infer_number", async (route) => {
    await released;
    await route.continue();
    answered = true;
  });
  return {
    release: async () => {
      open();
      await expect.poll(() => answered).toBe(true);
    },
  };
}

/** Picks a shipping line in the combobox with the keyboard: type, arrow to it, Enter. */
async function chooseLine(page: Page, typed: string, option: RegExp) {
  const box = page.getByRole("combobox", { name: "Shipping line" });
  await box.fill(typed);
  const listbox = page.getByRole("listbox", { name: "Shipping line" });
  await expect(listbox).toBeVisible();
  const target = listbox.getByRole("option", { name: option });
  await expect(target).toBeVisible();
  // Arrow down until the wanted option is the active one, as a keyboard user would.
  for (let i = 0; i < 25; i++) {
    const active = await box.getAttribute("aria-activedescendant");
    if (active && active === (await target.getAttribute("id"))) break;
    await box.press("ArrowDown");
  }
  await box.press("Enter");
  await expect(listbox).toBeHidden();
}

test("a tracking request made in the form appears in the list, pending", async ({ page, account }) => {
  await signIn(page, account, "/tracking-requests");
  // A new account's empty list says what to do first, as the page's own button does.
  await expect(page.getByRole("heading", { name: "No tracking requests yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Track a shipment" })).toHaveCount(2);
  await page.getByRole("link", { name: "Track a shipment" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Track a shipment" })).toBeVisible();

  const number = newNumber();
  await page.getByRole("radio", { name: "Bill of lading" }).check();
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(number);

  // The combobox: Escape closes the list and keeps what was chosen before; typing filters by name or SCAC.
  const box = page.getByRole("combobox", { name: "Shipping line" });
  await box.focus();
  await box.press("ArrowDown");
  await expect(page.getByRole("listbox", { name: "Shipping line" })).toBeVisible();
  await box.press("Escape");
  await expect(page.getByRole("listbox", { name: "Shipping line" })).toBeHidden();
  await chooseLine(page, "maersk", /Maersk/);
  await expect(box).toHaveValue(/\(MAEU\)/);

  await page.getByRole("textbox", { name: /Reference numbers/ }).fill("PO-E2E-1, SO-E2E-2");
  await page.getByRole("textbox", { name: /Tags/ }).fill("e2e");
  await page.getByRole("button", { name: "Track shipment" }).click();

  await expect(page).toHaveURL(/\/tracking-requests$/);
  const row = table(page).getByRole("row", { name: new RegExp(number) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Just added");
  await expect(row).toContainText("PO-E2E-1, SO-E2E-2");
  // Pending at first; the tracking engine may already have moved it on.
  await expect(row).toContainText(/Pending|Created|Tracking stopped|Failed/);
  await expect(row).toContainText("Maersk");
  await expect(row).toContainText("UTC");

  // The request's own page says the same.
  await row.getByRole("link", { name: number, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Tracking request ${number}` })).toBeVisible();
  await expect(page.getByText("PO-E2E-1")).toBeVisible();
});

test("a late infer_number answer never changes the line box while the person is typing in it", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/new");
  // Hold infer_number's answer until the person has started typing a line of their own, as a slow machine or a
  // slow network would: the guess it brings (Maersk, by the MAEU prefix) lands in the middle of their typing.
  const answer = await holdInferNumber(page);

  const number = newNumber("MAEU", 7);
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(number);
  await page.waitForRequest("**/v2/tracking_requests/infer_number");
  const box = page.getByRole("combobox", { name: "Shipping line" });
  await box.fill("hapag");
  const listbox = page.getByRole("listbox", { name: "Shipping line" });
  await expect(listbox).toBeVisible();
  await answer.release();
  // The answer is in (its words under the number may say so), yet what they typed and the list they opened stay.
  await expect(box).toHaveValue("hapag");
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole("option", { name: /Hapag-Lloyd/ })).toBeVisible();
  await box.press("Enter");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveValue(/\(HLCU\)/);
  // The line chosen by hand stands against the guess from then on.
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(newNumber("MAEU", 8));
  await expect(box).toHaveValue(/\(HLCU\)/);
});

test("a late infer_number answer never fills the line box once the person has opened its list", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/new");
  // Hold infer_number's answer until the person has opened the line's list and closed it again (on a busy
  // machine the answer came between that and their typing, and their "maersk" was appended to its guess).
  const answer = await holdInferNumber(page);
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(newNumber("MAEU", 11));
  await page.waitForRequest("**/v2/tracking_requests/infer_number");
  const box = page.getByRole("combobox", { name: "Shipping line" });
  await box.focus();
  await box.press("ArrowDown");
  const listbox = page.getByRole("listbox", { name: "Shipping line" });
  await expect(listbox).toBeVisible();
  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await answer.release();
  // The answer is in, and the box is still the person's: empty, for them to type in.
  await expect(box).toHaveValue("");
  await box.pressSequentially("maersk");
  await expect(box).toHaveValue("maersk");
});

test("the API's validation errors are shown beside the fields they are about", async ({ page, account }) => {
  await signIn(page, account, "/tracking-requests/new");

  // The form's own check first: nothing typed.
  await page.getByRole("button", { name: "Track shipment" }).click();
  const number = page.getByRole("textbox", { name: "Bill of lading number" });
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toBeFocused();
  await expect(number).toHaveAccessibleDescription(/Enter the bill of lading number/);

  // A number not in the chosen line's format is stopped before it is sent, in the line's words.
  await number.fill("12");
  await chooseLine(page, "MAEU", /Maersk/);
  await page.getByRole("button", { name: "Track shipment" }).click();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription(
    /12 is not a Maersk bill of lading: they look like MAEU\d{9}/,
  );
  await expect(page).toHaveURL(/\/tracking-requests\/new$/);

  // A line this dashboard has no format for is left to the API, whose errors appear beside their fields.
  await number.fill("NOT-A-NUMBER!?#");
  const line = page.getByRole("combobox", { name: "Shipping line" });
  await line.fill("QQQQ");
  await line.press("Tab");
  const answer = page.waitForResponse(
    (r) => r.url().includes("/v2/tracking_requests") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Track shipment" }).click();
  const response = await answer;
  expect(response.status()).toBe(422);
  const { errors } = (await response.json()) as {
    errors: { detail: string; source?: { pointer?: string } | null }[];
  };
  const aboutNumber = errors.find((e) => e.source?.pointer === "/data/attributes/request_number");
  expect(aboutNumber, "the API points at request_number").toBeTruthy();

  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription(new RegExp(escapeRegExp(aboutNumber?.detail ?? "")));
  await expect(number).toBeFocused();
  // The unknown SCAC typed by hand was sent as it is, and the API's word on it appears under the line.
  await expect(line).toHaveAttribute("aria-invalid", "true");
  await expect(line).toHaveAccessibleDescription(/QQQQ/);
  await expect(page).toHaveURL(/\/tracking-requests\/new$/);
});

test("bulk entry from a CSV file shows each row's outcome, and failed rows can be sent again", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/bulk");
  await expect(page.getByRole("heading", { level: 1, name: "Track many shipments" })).toBeVisible();

  // One number is tracked already, so the API refuses it as a duplicate.
  const existing = underWayNumber();
  await track(page, account, existing, "MAEU");

  const ok1 = newNumber("MAEU", 4);
  const ok2 = newNumber("HLCU", 5);
  const flaky = newNumber("ONEY", 6);
  const csv = [
    "Type,Number,SCAC,References",
    `bol,${ok1},maeu,PO-B1;PO-B2`,
    `bill of lading,${ok2},HLCU,PO-B3|PO-B4`,
    `BOL,${flaky},ONEY,`,
    "bol,NOT-A-NUMBER!?#,MAEU,",
    `bol,${existing},MAEU,`,
    "truck,ABC123,MAEU,",
  ].join("\n");

  // The API is briefly unreachable for one row, and once asks us to slow down.
  let failedOnce = false;
  let limitedOnce = false;
  await page.route("**/v2/tracking_requests", async (route) => {
    const body = route.request().postData() ?? "";
    if (route.request().method() === "POST" && body.includes(flaky) && !failedOnce) {
      failedOnce = true;
      return route.fulfill({
        status: 503,
        contentType: "application/vnd.api+json",
        body: JSON.stringify({
          errors: [
            {
              status: "503",
              code: "unavailable",
              title: "Service Unavailable",
              detail: "The service is briefly unavailable.",
              source: null,
            },
          ],
        }),
      });
    }
    if (route.request().method() === "POST" && body.includes(ok2) && !limitedOnce) {
      limitedOnce = true;
      return route.fulfill({
        status: 429,
        headers: { "Retry-After": "1" },
        contentType: "application/vnd.api+json",
        body: JSON.stringify({
          errors: [
            {
              status: "429",
              code: "rate_limited",
              title: "Too Many Requests",
              detail: "Too many tracking requests.",
              source: null,
            },
          ],
        }),
      });
    }
    return route.fallback();
  });

  await page
    .getByLabel("Or upload a CSV or Excel file")
    .setInputFiles({ name: "to-track.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("textbox", { name: "Paste lines" })).toHaveValue(/Type,Number,SCAC/);

  const rows = page.getByRole("table", { name: "Rows to send" }).getByRole("row");
  await expect(rows).toHaveCount(7);
  // A number not in its line's format is stopped before sending, like a type that does not exist.
  await expect(page.getByText("4 rows ready, 2 rows with problems (not sent)")).toBeVisible();
  await expect(rows.filter({ hasText: "ABC123" })).toContainText("Row 7, column type: “truck” is not a type");
  await expect(rows.filter({ hasText: "NOT-A-NUMBER" })).toContainText(
    "Row 5, column number: NOT-A-NUMBER!?# is not a Maersk bill of lading",
  );

  await page.getByRole("button", { name: "Send 4 tracking requests" }).click();
  const progress = page.getByRole("progressbar", { name: /tracking requests/i });
  await expect(progress).toHaveAttribute("aria-valuemax", "4");
  await expect(progress).toHaveAttribute("aria-valuenow", "4");

  const row = (text: string) => rows.filter({ hasText: text });
  await expect(row(ok1)).toContainText("Tracked");
  await expect(row(ok2)).toContainText("Tracked"); // sent again after the 429's Retry-After
  await expect(row(flaky)).toContainText("Error");
  await expect(row(flaky)).toContainText("The service is briefly unavailable.");
  await expect(row("NOT-A-NUMBER")).toContainText("Not sent");
  await expect(row(existing)).toContainText("Already tracked");
  await expect(row("ABC123")).toContainText("Not sent");
  expect(limitedOnce).toBe(true);

  await page.getByRole("button", { name: "Retry failed rows (1)" }).click();
  await expect(row(flaky)).toContainText("Tracked");
  await expect(page.getByRole("button", { name: /Retry failed rows/ })).toHaveCount(0);
  await expect(progress).toHaveAttribute("aria-valuenow", "4");

  // They are in the list.
  await page.getByRole("link", { name: "See them in the list" }).click();
  await expect(table(page).getByRole("row", { name: new RegExp(ok1) })).toBeVisible();
  await expect(table(page).getByRole("row", { name: new RegExp(flaky) })).toBeVisible();
});

test("the list's search and filters live in the URL, and bad URLs still open", async ({ page, account }) => {
  // Two requests, so that the search has one to leave out.
  const number = newNumber("HLCU", 7);
  await track(page, account, number, "HLCU", ["FILTER-REF-1"]);
  await track(page, account, newNumber("MAEU", 8), "MAEU");
  await signIn(page, account, "/tracking-requests");

  await page.getByRole("searchbox", { name: "Search tracking requests" }).fill(number);
  await expect(page).toHaveURL(new RegExp(`q=${number}`));
  await expect(table(page).getByRole("row")).toHaveCount(2);

  await chooseLine(page, "hapag", /Hapag/);
  await expect(page).toHaveURL(/scac=HLCU/);
  await expect(table(page).getByRole("row", { name: new RegExp(number) })).toBeVisible();

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("Created from").fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(table(page).getByRole("row", { name: new RegExp(number) })).toBeVisible();

  // Only bookings wait for a manifest; a bill of lading never does.
  await page.getByLabel("Status").selectOption("awaiting_manifest");
  await expect(page).toHaveURL(/status=awaiting_manifest/);
  await expect(page.getByRole("heading", { name: `No tracking requests match “${number}”` })).toBeVisible();

  // Everything is in the URL: a reload keeps it, Back undoes the last filter.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("awaiting_manifest");
  await expect(page.getByRole("searchbox", { name: "Search tracking requests" })).toHaveValue(number);
  await expect(page.getByRole("combobox", { name: "Shipping line" })).toHaveValue(/HLCU/);
  await expect(page.getByLabel("Created from")).toHaveValue(today);
  await page.goBack();
  await expect(page).not.toHaveURL(/status=/);
  await expect(table(page).getByRole("row", { name: new RegExp(number) })).toBeVisible();

  // A reference number finds the request too.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/tracking-requests$/);
  await page.getByRole("searchbox", { name: "Search tracking requests" }).fill("FILTER-REF-1");
  await page.getByRole("searchbox", { name: "Search tracking requests" }).press("Enter");
  await expect(table(page).getByRole("row", { name: new RegExp(number) })).toBeVisible();

  await page.goto("/tracking-requests?status=exploded&scac=12&from=2025-02-30&to=soon&page=-2&size=7");
  await expect(page.getByRole("heading", { level: 1, name: "Tracking requests" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("all");
  await expect(table(page).getByRole("row").nth(1)).toBeVisible();
});

test("a new tracking request becomes a shipment, which opens from the list", async ({ page, account }) => {
  // The tracking engine looks the request up within a second or two; the list refreshes by itself meanwhile.
  await signIn(page, account, "/tracking-requests/new");
  const number = newNumber("MAEU", 9);
  await page.getByRole("textbox", { name: "Bill of lading number" }).fill(number);
  await chooseLine(page, "MAEU", /Maersk/);
  await page.getByRole("button", { name: "Track shipment" }).click();

  const row = table(page).getByRole("row", { name: new RegExp(number) });
  await expect(row).toBeVisible();
  // "Tracking stopped" is a shipment made too: one the sandbox dates so far back that it is already over.
  await expect(row).toContainText(/Created|Tracking stopped/);
  const shipment = row.getByRole("link", { name: /^Shipment/ });
  await expect(shipment).toBeVisible();
  await shipment.click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
});

test("the form fills in the line a number names, and asks when several lines' numbers look like it", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/new");
  const number = page.getByRole("textbox", { name: "Bill of lading number" });
  const line = page.getByRole("combobox", { name: "Shipping line" });

  // Hapag-Lloyd's bills of lading start with HLCU: the line is filled in, and said so.
  await number.fill(newNumber("HLCU", 11));
  await expect(line).toHaveValue("Hapag-Lloyd (HLCU)");
  await expect(page.getByText("A Hapag-Lloyd bill of lading, by its number: filled in below.")).toBeVisible();

  // Nine bare digits fit several lines' formats: the form offers them instead of guessing.
  const bare = newNumber("MAEU", 12).slice(4);
  await number.fill(bare);
  await expect(page.getByText("This number fits several shipping lines. Which is it?")).toBeVisible();
  await expect(line).toHaveValue("");
  await page.getByRole("button", { name: "Maersk (MAEU)" }).click();
  await expect(line).toHaveValue("Maersk (MAEU)");
  await page.getByRole("button", { name: "Track shipment" }).click();
  const row = table(page).getByRole("row", { name: new RegExp(`MAEU${bare}|${bare}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Maersk");
});
