// Bulk tracking that tells the truth: bare numbers get their shipping line from infer_number (a number several
// lines fit asks which), numbers not in their line's format are stopped before sending with the row and column
// named, and the page follows every created request until the line has answered, ending with the counts the API
// itself gives. CSV and Excel files read the same way. Every test works in an account of its own.
import { sandboxNumber } from "../src/server/tracking/sandbox/network";
import { isUnknownBillOfLading } from "../src/server/tracking/sandbox/number-formats";
import { type Account, apiGet, expect, type Page, signIn, test } from "./fixtures";
import { xlsxOf } from "./xlsx";

const LINES = ["MAEU", "HLCU", "CMDU", "COSU", "ONEY"] as const;

/** A well-formed Maersk bill of lading that the sandbox line does not know: it is sent, then fails at the line. */
function unknownMaerskNumber(): string {
  for (let n = 400_000_000; ; n++) {
    if (isUnknownBillOfLading("MAEU", `MAEU${n}`)) return `MAEU${n}`;
  }
}

const rowsTable = (page: Page) => page.getByRole("table", { name: "Rows to send" });
const rowOf = (page: Page, text: string) => rowsTable(page).getByRole("row").filter({ hasText: text });

interface RequestList {
  data: { attributes: { status: string; request_number: string } }[];
  meta: { total: number };
}

/** The account's requests as the API lists them: how many, and how many became shipments or failed. */
async function apiCounts(page: Page, account: Account) {
  const list = await apiGet<RequestList>(page.request, account, "/v2/tracking_requests?page[size]=100");
  const statuses = list.data.map((r) => r.attributes.status);
  return {
    total: list.meta.total,
    tracked: statuses.filter((s) => s === "created" || s === "tracking_stopped").length,
    failed: statuses.filter((s) => s === "failed").length,
    pending: statuses.filter((s) => s === "pending").length,
  };
}

test("20 bare numbers of 5 lines, some not in their line's format, end with the counts the API gives", async ({
  page,
  account,
}) => {
  // Three valid numbers of each line, as each line prints them (COSCO's start CCMJ)…
  const valid = LINES.flatMap((scac) => [1, 2, 3].map((seed) => sandboxNumber(scac, 500 + seed)));
  // …a Maersk number without its prefix (several lines' numbers look like it: the row asks), one the line does
  // not know (sent, then failed at the line), and three not in their line's format.
  const bareMaersk = sandboxNumber("MAEU", 510).slice(4);
  const unknown = unknownMaerskNumber();
  const badFormats = ["HLCU12345678", "CMDU12345", "COSU12345"];
  const numbers = [...valid, bareMaersk, unknown, ...badFormats];
  expect(numbers).toHaveLength(20);

  await signIn(page, account, "/tracking-requests/bulk");
  await page.getByRole("textbox", { name: "Paste lines" }).fill(numbers.join("\n"));

  // The lines are looked up; the rows not in their line's format say so, naming the row and column.
  await expect(
    page.getByText("16 rows ready, 1 row to choose a line for, 3 rows with problems (not sent)."),
  ).toBeVisible();
  await expect(rowOf(page, "CMDU12345")).toContainText(
    "Row 19, column number: CMDU12345 is not a CMA CGM bill of lading: they look like CMDUSHA1234567.",
  );
  await expect(rowOf(page, "HLCU12345678")).toContainText(
    "column number: HLCU12345678 is not a Hapag-Lloyd bill of lading",
  );
  await expect(rowOf(page, "COSU12345")).toContainText("column number");
  await expect(rowOf(page, valid[0] ?? "")).toContainText("Ready");
  await expect(rowOf(page, valid[0] ?? "")).toContainText("from the number");

  // The bare number asks which line it is.
  await page.getByRole("combobox", { name: `Shipping line of row 16 (${bareMaersk})` }).selectOption("MAEU");
  await expect(page.getByText("17 rows ready, 3 rows with problems (not sent).")).toBeVisible();

  await page.getByRole("button", { name: "Send 17 tracking requests" }).click();

  // The page follows each request until its line has answered: only then do the totals stand.
  const progress = page.getByRole("progressbar", { name: /tracking requests/i });
  await expect(progress).toHaveAttribute("aria-valuenow", "17");
  await expect(page.getByText("16 tracked, 1 failed.")).toBeVisible();
  await expect(rowOf(page, unknown)).toContainText("Failed");
  await expect(rowOf(page, unknown)).toContainText("The shipping line doesn't know this number");
  await expect(rowOf(page, bareMaersk)).toContainText("Tracked");
  for (const bad of badFormats) await expect(rowOf(page, bad)).toContainText("Not sent");

  // The API says the same.
  expect(await apiCounts(page, account)).toEqual({ total: 17, tracked: 16, failed: 1, pending: 0 });
});

test("the hosted API's test number is tracked from a bare line, and a word that is no number is told why", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/bulk");
  await page.getByRole("textbox", { name: "Paste lines" }).fill("TEST-TR-SUCCEEDED\nHELLO");
  await expect(rowOf(page, "HELLO")).toContainText(
    "“HELLO” is not a bill of lading, booking or container number: each of those has digits.",
  );
  await expect(rowOf(page, "TEST-TR-SUCCEEDED")).toContainText("Ready");
  await page.getByRole("button", { name: "Send 1 tracking request" }).click();
  await expect(page.getByText("1 tracked, 0 failed.")).toBeVisible();
});

test("a number or a box the account already tracks says so, in bulk and in the form, and opens its shipment", async ({
  page,
  account,
}) => {
  const number = sandboxNumber("HLCU", 520);
  await signIn(page, account, "/tracking-requests/bulk");
  await page.getByRole("textbox", { name: "Paste lines" }).fill(number);
  await page.getByRole("button", { name: "Send 1 tracking request" }).click();
  await expect(page.getByText("1 tracked, 0 failed.")).toBeVisible();
  const shipments = await apiGet(page.request, account, "/v2/shipments?include=containers");
  const shipment = shipments.data[0];
  const bill: string = shipment.attributes.bill_of_lading_number;
  const box: string = shipments.included.find((r: { type: string }) => r.type === "container").attributes
    .number;

  // Pasted again, bare: the number and a box of its shipment are said to be tracked, and nothing is sent.
  await page.goto("/tracking-requests/bulk");
  await page.getByRole("textbox", { name: "Paste lines" }).fill(`${number}\n${box}`);
  for (const pasted of [number, box]) {
    // The row whose Number cell is the one pasted (the box's row names the bill of lading too, in its link).
    const row = rowsTable(page)
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: pasted, exact: true }) });
    await expect(row).toContainText("Already tracked");
    await expect(row.getByRole("link", { name: `Open shipment ${bill}` })).toBeVisible();
  }
  await expect(page.getByText("0 rows ready, 2 rows already tracked (not sent).")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Send/ })).toBeDisabled();

  // The form says so under the number, and the link opens the shipment.
  await page.goto("/tracking-requests/new");
  await page.getByLabel("Bill of lading number").fill(box);
  await expect(page.getByText("This account already tracks this number.")).toBeVisible();
  await page.getByRole("link", { name: `Open shipment ${bill}` }).click();
  await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}`));
});

test("a CSV file and an Excel file are previewed, with each bad row's column named", async ({
  page,
  account,
}) => {
  await signIn(page, account, "/tracking-requests/bulk");
  const upload = page.getByLabel("Or upload a CSV or Excel file");

  // A semicolon-separated CSV, as a European Excel saves one: number and SCAC columns, one SCAC mistyped.
  const csvGood = sandboxNumber("HLCU", 601);
  const csv = ["Number;SCAC;References", `${csvGood};HLCU;PO-7`, `${sandboxNumber("MAEU", 602)};MA1U;`].join(
    "\n",
  );
  await upload.setInputFiles({ name: "numbers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByText("Read numbers.csv into the box on the left.")).toBeVisible();
  await expect(rowsTable(page).getByRole("row")).toHaveCount(3);
  await expect(rowOf(page, "MA1U")).toContainText(
    "Row 3, column scac: “MA1U” is not a SCAC: a SCAC is four letters.",
  );
  await expect(rowOf(page, csvGood)).toContainText("Ready");
  await expect(rowOf(page, csvGood)).toContainText("PO-7");

  // An Excel workbook: type, number and SCAC, one row of a type that does not exist, one bare number.
  const xlsxGood = sandboxNumber("ONEY", 603);
  const bare = sandboxNumber("CMDU", 604);
  const workbook = xlsxOf([
    ["Type", "Number", "SCAC"],
    ["bol", xlsxGood, "ONEY"],
    ["bol", bare, ""],
    ["truck", sandboxNumber("MAEU", 605), "MAEU"],
  ]);
  await upload.setInputFiles({
    name: "numbers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: workbook,
  });
  await expect(page.getByText("Read numbers.xlsx into the box on the left.")).toBeVisible();
  await expect(rowsTable(page).getByRole("row")).toHaveCount(4);
  await expect(rowOf(page, "truck")).toContainText("Row 4, column type: “truck” is not a type");
  await expect(rowOf(page, bare)).toContainText("CMA CGM");
  await expect(
    page.getByText("2 rows ready, 1 row with problems (not sent); the header line was skipped."),
  ).toBeVisible();

  await page.getByRole("button", { name: "Send 2 tracking requests" }).click();
  await expect(page.getByText("2 tracked, 0 failed.")).toBeVisible();
  expect(await apiCounts(page, account)).toEqual({ total: 2, tracked: 2, failed: 0, pending: 0 });
});
