// Live dashboard: an event the service records for an account (its sandbox world moved on through test control)
// shows on an open container page and on the shipments list without a reload; and when the stream drops,
// the header says so, and once it is back every change recorded meanwhile is shown. Each test works on an account
// of its own: the demo account, which other tests read, never moves.
import type { APIRequestContext, Request } from "@playwright/test";
import type { ContainerStatus } from "../src/api/containers";
import { containerStatusWords } from "../src/web/lib/format";
import { boxes, statusNow } from "./account-boxes";
import { type Account, advanceAccount, apiGet, expect, type Page, signIn, test } from "./fixtures";

test.use({ shipmentsInAccount: 3 });

/** How far each step moves the account's world on: a day brings a voyage's next events. */
const STEP_HOURS = 24;
/** Enough days for a box to move on, however far along its journey it starts (a voyage takes weeks). */
const MAX_STEPS = 60;
/** Statuses a box leaves within days (at its terminal, on its way out), so the test picks such a box first. */
const SOON_CHANGED = ["not_available", "available", "grounded", "picked_up", "off_dock", "on_rail"];

/** Bill of lading numbers by shipment id. */
async function billsOfLading(request: APIRequestContext, account: Account): Promise<Map<string, string>> {
  const document = await apiGet(request, account, "/v2/shipments?page[size]=100");
  // biome-ignore lint/suspicious/noExplicitAny: a JSON:API document read loosely, as fixtures.ts reads them.
  return new Map(document.data.map((s: any) => [s.id, s.attributes.bill_of_lading_number]));
}

/**
 * From now on, notes the rows of the list's page that say "(updated since you looked)" (its mark, in words),
 * whenever the page changes.
 */
async function noteJustUpdated(list: Page) {
  await list.evaluate(() => {
    const page = window as unknown as { justUpdated: string[]; noting?: MutationObserver };
    page.justUpdated = [];
    page.noting ??= new MutationObserver(() => {
      for (const row of document.querySelectorAll('tr, [role="row"]'))
        if (row.textContent?.includes("(updated since you looked)")) page.justUpdated.push(row.textContent);
    });
    page.noting.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Whether the list said the row of this bill of lading was just updated since noteJustUpdated. */
const wasJustUpdated = (list: Page, bl: string) =>
  list.evaluate(
    (wanted) => (window as unknown as { justUpdated: string[] }).justUpdated.some((t) => t.includes(wanted)),
    bl,
  );

/** The container page showing this status (in the words its header uses, beside "Status"). */
const showsStatus = (page: Page, status: ContainerStatus) =>
  page
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${containerStatusWords(status)}$`) })
    .first();

/**
 * Notes how long a change took to show, for the report: tests check that it shows (with the suite's own timeouts,
 * sized for a busy machine), never how fast; `npx tsx src/server/bench/stream-bench.ts` measures the stream.
 */
function noteLatency(what: string, since: number) {
  test.info().annotations.push({ type: "latency", description: `${what}: ${Date.now() - since} ms` });
}

/** Records the stream requests the page makes, to read the id each one resumed from. */
function streamRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/v2/stream") seen.push(r);
  });
  return seen;
}

test("an event the service records shows on an open container page and on the shipments list without a reload", async ({
  page,
  context,
  request,
  account,
}) => {
  const streams = streamRequests(page);
  await signIn(page, account, "/shipments");
  const before = await boxes(request, account);
  const bills = await billsOfLading(request, account);
  // A box whose journey is not over, so that moving its world on changes it; one that changes soon, if any.
  const moving = before.filter((b) => b.status !== "empty_returned");
  const box = moving.find((b) => SOON_CHANGED.includes(b.status)) ?? moving[0];
  expect(box, "the account has a container still on its way").toBeDefined();
  if (!box) return;
  const bl = bills.get(box.shipmentId) ?? "";
  await expect(page.getByRole("row", { name: new RegExp(bl) })).toBeVisible();

  // A key is kept for its tab only: the second tab signs in too.
  const boxPage = await context.newPage();
  await signIn(boxPage, account, `/containers/${box.id}`);
  await expect(showsStatus(boxPage, box.status)).toBeVisible();
  // Both tabs are connected before anything is recorded (each opens its own stream).
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  await expect(page.getByRole("status", { name: "Live updates" })).toHaveText("Live");

  let shown = box.status;
  for (let step = 0; step < MAX_STEPS && shown === box.status; step++) {
    await noteJustUpdated(page);
    const { events } = await advanceAccount(request, account, STEP_HOURS);
    const recorded = Date.now();
    if (events === 0) continue;
    const now = await statusNow(request, account, box.id);
    if (now === shown) continue;
    // The box changed: its page shows the new status, and its shipment's row on the list was refreshed and marked.
    await Promise.all([
      expect(showsStatus(boxPage, now)).toBeVisible(),
      expect.poll(() => wasJustUpdated(page, bl)).toBe(true),
    ]);
    noteLatency("recorded → shown on the container page and the list", recorded);
    shown = now;
  }
  expect(shown, "the box moved on within the steps taken").not.toBe(box.status);
  // Neither page was reloaded: the list's tab still has the stream it opened at sign-in.
  expect(streams).toHaveLength(1);

  // The row stays marked until the person looks: the list says how many are, and "Mark as seen" takes them off.
  const row = page.getByRole("row", { name: new RegExp(bl) });
  await expect(row).toContainText("(updated since you looked)");
  await expect(page.getByText(/^\d+ rows? updated since you looked/)).toBeVisible();
  await page.getByRole("button", { name: "Mark as seen" }).focus();
  await page.keyboard.press("Enter");
  await expect(row).not.toContainText("(updated since you looked)");
  // The button went with the note: the keyboard's place is the page's heading, not the document's start.
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Mark as seen" })).toHaveCount(0);
});

test("a dropped stream says so, comes back, and shows every change recorded while it was down", async ({
  page,
  context,
  request,
  account,
}) => {
  const streams = streamRequests(page);
  await signIn(page, account, "/shipments");
  const indicator = page.getByRole("status", { name: "Live updates" });
  await expect.poll(() => streams.length).toBe(1);
  await expect(indicator).toHaveText("Live");
  const before = await boxes(request, account);
  const bills = await billsOfLading(request, account);

  await context.setOffline(true);
  await expect(indicator).toHaveText("Offline: retrying…");

  // Events are recorded while the tab cannot hear them, until one moves a box on (a step's events may all be
  // of kinds that leave every box's status as it was: a ship's call elsewhere, an estimate).
  let events = 0;
  let moved: Awaited<ReturnType<typeof boxes>> = [];
  for (let step = 0; step < 12 && moved.length === 0; step++) {
    events += (await advanceAccount(request, account, STEP_HOURS)).events;
    const after = await boxes(request, account);
    moved = after.filter((b) => before.find((x) => x.id === b.id)?.status !== b.status);
  }
  expect(events).toBeGreaterThan(0);
  expect(moved.length, "some box changed while the stream was down").toBeGreaterThan(0);

  await noteJustUpdated(page);
  await context.setOffline(false);
  const back = Date.now();
  await expect(indicator).toHaveText("Live");
  noteLatency("back online → stream connected", back);
  // The stream resumed from the last event it had seen (the log's position when it first opened).
  const resumed = streams.at(-1);
  expect(streams.length).toBeGreaterThan(1);
  expect((await resumed?.allHeaders())?.["last-event-id"]).toMatch(/^\d+$/);
  // Every shipment whose box moved is refreshed from the events replayed to the stream (the highlight is set by
  // the stream's events only, not by the refetch the browser's coming back online starts).
  for (const shipmentId of new Set(moved.map((b) => b.shipmentId))) {
    await expect.poll(() => wasJustUpdated(page, bills.get(shipmentId) ?? "")).toBe(true);
  }

  // And a box that moved shows its new status on its page, opened now in the same tab without a reload.
  const box = moved[0];
  if (box) {
    await page
      .getByRole("link", { name: bills.get(box.shipmentId) })
      .first()
      .click();
    await page.getByRole("link", { name: box.number }).first().click();
    await expect(showsStatus(page, box.status)).toBeVisible();
    // Its shipment was looked at: back on the list, its row is no longer marked.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shipments" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await expect(
      page.getByRole("row", { name: new RegExp(bills.get(box.shipmentId) ?? "") }),
    ).not.toContainText("(updated since you looked)");
  }
});
