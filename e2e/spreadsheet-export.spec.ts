// The lists' "Download Excel": an .xlsx of the list as it is filtered and sorted, with the columns the person chose
// in the list's order, every time a real date cell reading the place's own clock with the zone in the next column,
// and, for shipments, a row per container on request. Each file is read back with a maintained reader
// (read-excel-file), which reads a cell as a Date only when the file marks it as a date.
import { readSheet } from "read-excel-file/node";
import { type Account, apiGet, expect, type Page, signInAsDemo, test } from "./fixtures";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;

/** Every resource of a list (and what it included), page after page, as the API lists them. */
async function allOf(page: Page, demo: Account, path: string): Promise<{ data: Doc[]; included: Doc[] }> {
  const data: Doc[] = [];
  const included: Doc[] = [];
  let next: string | undefined = `${path}&page[size]=100`;
  while (next) {
    const body: Doc = await apiGet(page.request, demo, next);
    data.push(...body.data);
    included.push(...(body.included ?? []));
    next = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : undefined;
  }
  return { data, included };
}

/**
 * "2026-11-27T08:30": each instant as its zone's clock shows it, to the minute, asked of the browser: its zone
 * database is the one the dashboard wrote the file with, and may be newer than Node's (British Columbia's
 * permanent daylight time is in Chromium's and not yet in Node 20's).
 */
async function clocksIn(page: Page, instants: readonly (readonly [string, string])[]): Promise<string[]> {
  return page.evaluate(
    (pairs) =>
      pairs.map(([iso, zone]) => {
        const p = Object.fromEntries(
          new Intl.DateTimeFormat("en-US", {
            timeZone: zone,
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
          })
            .formatToParts(new Date(iso))
            .map((part) => [part.type, part.value]),
        );
        return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
      }),
    instants as [string, string][],
  );
}

/**
 * A cell read back as a date, to the second: a date cell holds days as a fraction, which the reader turns back into
 * milliseconds a hair off (07:21:59.999 for 07:22).
 */
function dateCell(cell: unknown, what: string): Date {
  expect(cell, `${what} is a date cell`).toBeInstanceOf(Date);
  return new Date(Math.round((cell as Date).getTime() / 1000) * 1000);
}

/** Downloads the spreadsheet the action starts, checks its name, and reads its first sheet back. */
async function spreadsheetOf(page: Page, start: () => Promise<void>, name: RegExp) {
  const download = page.waitForEvent("download");
  await start();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const [header, ...rows] = await readSheet(await file.path());
  const at = (column: string) => {
    const index = (header ?? []).indexOf(column);
    expect(index, `the sheet has a "${column}" column`).toBeGreaterThanOrEqual(0);
    return index;
  };
  return { header: (header ?? []) as string[], rows, at };
}

const excelMenu = (page: Page) => page.getByRole("dialog", { name: "Download an Excel spreadsheet" });

test("shipments: the columns chosen, in order, with dates as date cells of the port's clock, one row per shipment or per container", async ({
  page,
  demo,
}) => {
  const sort = "bill_of_lading_number";
  await signInAsDemo(page, `/shipments?sort=${sort}`);
  await page.getByRole("button", { name: "Columns", exact: true }).click();
  await page.getByRole("checkbox", { name: "Line" }).uncheck();
  await page.getByRole("checkbox", { name: "Arrived" }).check();
  await page.keyboard.press("Escape");

  const sheet = await spreadsheetOf(
    page,
    async () => {
      await page.getByRole("button", { name: "Download Excel" }).click();
      await excelMenu(page).getByRole("button", { name: "One row per shipment" }).click();
    },
    /^shipments-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  // The list's columns as shown, in its order; a hidden one is not there.
  expect(sheet.header[0]).toBe("Bill of lading");
  expect(sheet.header).not.toContain("Line");
  expect(sheet.at("Status")).toBeLessThan(sheet.at("ETA"));
  expect(sheet.at("ETA")).toBeLessThan(sheet.at("Arrived"));
  expect(sheet.at("Arrived")).toBeLessThan(sheet.at("Last free day"));
  expect(sheet.header[sheet.at("ETA") + 1]).toBe("ETA time zone");
  await expect(page.getByRole("status").filter({ hasText: "Downloaded" })).toContainText(
    `${sheet.rows.length} row`,
  );

  const api = await allOf(page, demo, `/v2/shipments?sort=${sort}&include=containers`);
  expect(sheet.rows.map((r) => r[0])).toEqual(api.data.map((s) => s.attributes.bill_of_lading_number));
  const etaZone = (a: Doc) => a.pod_timezone ?? "UTC";
  const lfdZone = (a: Doc) => a.last_free_day_timezone ?? etaZone(a);
  const withEta = api.data.map((s) => s.attributes).filter((a) => a.pod_eta_at);
  const withLfd = api.data.map((s) => s.attributes).filter((a) => a.last_free_day_at);
  const etaClocks = await clocksIn(
    page,
    withEta.map((a) => [a.pod_eta_at, etaZone(a)] as const),
  );
  const lfdClocks = await clocksIn(
    page,
    withLfd.map((a) => [a.last_free_day_at, lfdZone(a)] as const),
  );
  const etas = withEta.length;
  const days = withLfd.length;
  for (const [i, shipment] of api.data.entries()) {
    const a = shipment.attributes;
    const row = sheet.rows[i]!;
    if (a.pod_eta_at) {
      const cell = dateCell(row[sheet.at("ETA")], `${a.bill_of_lading_number}'s ETA`);
      expect(cell.toISOString().slice(0, 16)).toBe(etaClocks[withEta.indexOf(a)]);
      expect(row[sheet.at("ETA time zone")]).toBe(etaZone(a));
    } else {
      expect(row[sheet.at("ETA")]).toBeNull();
    }
    if (a.last_free_day_at) {
      const cell = dateCell(row[sheet.at("Last free day")], `${a.bill_of_lading_number}'s last free day`);
      expect(cell.toISOString()).toBe(`${lfdClocks[withLfd.indexOf(a)]!.slice(0, 10)}T00:00:00.000Z`);
      expect(row[sheet.at("Last free day time zone")]).toBe(lfdZone(a));
    }
  }
  expect(etas, "the demo has shipments with an ETA").toBeGreaterThan(0);
  expect(days, "the demo has shipments with a last free day").toBeGreaterThan(0);

  // One row per container: each of a shipment's boxes, in the shipment's order, with its number and status.
  const perBox = await spreadsheetOf(
    page,
    async () => {
      await page.getByRole("button", { name: "Download Excel" }).click();
      await excelMenu(page).getByRole("button", { name: "One row per container" }).click();
    },
    /^shipments-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const numberOf = new Map(
    api.included.filter((r) => r.type === "container").map((c) => [c.id, c.attributes.number]),
  );
  const expected = api.data.flatMap((s) => {
    const ids: string[] = s.relationships.containers.data.map((c: Doc) => c.id);
    return ids.length === 0
      ? [[s.attributes.bill_of_lading_number, null]]
      : ids.map((id) => [s.attributes.bill_of_lading_number, numberOf.get(id)]);
  });
  expect(perBox.rows.map((r) => [r[0], r[perBox.at("Container")]])).toEqual(expected);
  expect(perBox.rows.length).toBeGreaterThan(sheet.rows.length);
  for (const row of perBox.rows)
    if (row[perBox.at("Container")]) expect(row[perBox.at("Container status")]).toBeTruthy();
});

test("containers: one click writes the filtered list with its last free days as date cells", async ({
  page,
  demo,
}) => {
  const query = "filter[lfd]=within_2_days&sort=last_free_day_at";
  await signInAsDemo(page, `/containers?${query}`);
  const sheet = await spreadsheetOf(
    page,
    () => page.getByRole("button", { name: "Download Excel" }).click(),
    /^containers-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const api = await allOf(page, demo, `/v2/containers?${query}`);
  expect(api.data.length, "the demo has boxes whose last free day is near").toBeGreaterThan(0);
  expect(sheet.rows.map((r) => r[sheet.at("Container")])).toEqual(api.data.map((c) => c.attributes.number));
  const zoneOf = (a: Doc) => a.last_free_day_timezone ?? a.pod_timezone ?? "UTC";
  const days = await clocksIn(
    page,
    api.data.map((c) => [c.attributes.last_free_day_at, zoneOf(c.attributes)] as const),
  );
  for (const [i, container] of api.data.entries()) {
    const a = container.attributes;
    const cell = dateCell(sheet.rows[i]![sheet.at("Last free day")], `${a.number}'s last free day`);
    expect(cell.toISOString()).toBe(`${days[i]!.slice(0, 10)}T00:00:00.000Z`);
    expect(sheet.rows[i]![sheet.at("Last free day time zone")]).toBe(zoneOf(a));
  }
});
