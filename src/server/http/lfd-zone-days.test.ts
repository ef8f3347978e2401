// Service tests: `filter[lfd]` and the attention summary's last-free-day counts put a box on the day the dashboard
// words it ("today", "in 3 days": src/api/calendar-days.ts), by Node's time zone data, not the database's. PGlite's
// data puts America/Vancouver at UTC−7 in December 2026 where Node and Chromium say UTC−8, so for an hour a day the
// two disagreed on which day it is there.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysUntil } from "../../api/calendar-days";
import { LFD_WINDOWS, type LfdWindow } from "../../api/triage";
import { portId, shippingLineId } from "../db/reference-data";
import { containers, shipments } from "../db/schema";
import { createHarness, type Harness } from "../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;

interface Box {
  id: string;
  lfd: Date;
  zone: string;
}
const boxes: Box[] = [];
let sequence = 0;

/** A box discharged and waiting at a port, whose last free day is `lfd`, counted in `zone`. */
async function addBox(locode: string | null, lfd: Date, zone?: string): Promise<Box> {
  sequence += 1;
  const bl = `ZDAY${String(500_000 + sequence)}`;
  const [shipment] = await h.db
    .insert(shipments)
    .values({
      accountId,
      billOfLadingNumber: bl,
      normalizedNumber: bl,
      shippingLineId: shippingLineId("MAEU"),
      portOfDischargeId: locode ? portId(locode) : null,
    })
    .returning();
  const [box] = await h.db
    .insert(containers)
    .values({
      accountId,
      shipmentId: shipment!.id,
      number: `ZDAU${String(1_000_000 + sequence)}`,
      currentStatus: "available",
      availableForPickup: true,
      podArrivedAt: new Date("2026-10-01T00:00:00Z"),
      podDischargedAt: new Date("2026-10-01T06:00:00Z"),
      lfdTerminal: lfd,
    })
    .returning();
  // No reference port is in +05:45: the zone is set on the box's copy of its port's, as a port there would give it
  // (under the name Node lists: db/zone-days.ts counts the zones of the ports and those Node lists).
  if (zone)
    await h.db.update(containers).set({ shipmentPodTimeZone: zone }).where(eq(containers.id, box!.id));
  const [stored] = await h.db
    .select({ zone: containers.lastFreeDayTimeZone, lfd: containers.lastFreeDayAt })
    .from(containers)
    .where(eq(containers.id, box!.id));
  const added = { id: box!.id, lfd: stored!.lfd!, zone: stored!.zone ?? "UTC" };
  boxes.push(added);
  return added;
}

/** The window the dashboard's rule puts a box in at `now`, if any. */
function windowByRule(box: Box, now: Date): LfdWindow | null {
  const days = daysUntil(box.lfd.toISOString(), box.zone, now);
  if (days < 0) return "passed";
  if (days === 0) return "today";
  return days <= 2 ? "within_2_days" : null;
}

/** Every container id a list gives, all pages. */
async function listed(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n < 20; n++) {
    const response = await h.request(key, `/v2/containers?${query}&page[size]=100&page[number]=${n}`);
    const body = (await response.json()) as { data: { id: string }[]; links: { next?: string } };
    expect(response.status, query).toBe(200);
    ids.push(...body.data.map((d) => d.id));
    if (!body.links.next) break;
  }
  return ids.sort();
}

type Counts = Record<`lfd_${LfdWindow}`, { count: number }>;

async function summaryCounts(): Promise<Record<LfdWindow, number>> {
  const response = await h.request(key, "/v2/containers/summary");
  const { data } = (await response.json()) as { data: { attributes: Counts } };
  return {
    passed: data.attributes.lfd_passed.count,
    today: data.attributes.lfd_today.count,
    within_2_days: data.attributes.lfd_within_2_days.count,
  };
}

/** The instants tested, and the zones boxes around each are counted in. */
const INSTANTS: [now: string, why: string][] = [
  ["2026-12-02T07:30:00Z", "23:30 on 1 December in Vancouver by Node, 00:30 on the 2nd by PGlite's data"],
  ["2026-11-01T05:30:00Z", "New York's day clocks go back, an hour before they do"],
  ["2026-11-01T12:00:00Z", "New York's day clocks go back, after"],
  [
    "2026-12-01T18:20:00Z",
    "ten minutes before midnight in Kolkata (+05:30), five after in Kathmandu (+05:45)",
  ],
];
/** Hours from each instant at which boxes' last free days fall: on and beside the days' edges of the zones. */
const HOURS = [
  -31, -24.5, -18.25, -7.5, -5.5, -0.5, 0.25, 4.5, 10, 16.5, 23.5, 28.5, 40, 47.5, 52.5, 64, 71.5,
];
const PLACES: [locode: string | null, zone?: string][] = [
  ["CAVAN"],
  ["USNYC"],
  ["INCCU"],
  ["INCCU", "Asia/Katmandu"],
  [null],
];

beforeAll(async () => {
  h = await createHarness();
  const mine = await h.newAccount("Zone Days Co");
  key = mine.apiKey;
  accountId = mine.account.id;
  for (const [now] of INSTANTS) {
    for (const hours of HOURS) {
      for (const [locode, zone] of PLACES)
        await addBox(locode, new Date(Date.parse(now) + hours * 3_600_000), zone);
    }
  }
}, 120_000);
afterAll(() => h.close());

describe("filter[lfd] counts the days of the box's place as the dashboard does", () => {
  it("holds the Vancouver box due at 00:00 on 4 December out of within_2_days at 23:30 on 1 December", async () => {
    const now = new Date("2026-12-02T07:30:00Z");
    h.clock.set(now);
    const vancouver = await addBox("CAVAN", new Date("2026-12-04T08:00:00Z"));
    try {
      expect(vancouver.zone).toBe("America/Vancouver");
      // The page words it "in 3 days".
      expect(daysUntil(vancouver.lfd.toISOString(), vancouver.zone, now)).toBe(3);
      expect(await listed("filter[lfd]=within_2_days")).not.toContain(vancouver.id);
    } finally {
      boxes.splice(boxes.indexOf(vancouver), 1);
      await h.db.delete(containers).where(eq(containers.id, vancouver.id));
    }
  });

  it("starts from boxes counted in the zones they were meant for", async () => {
    const zones = new Set(boxes.map((b) => b.zone));
    expect([...zones].sort()).toEqual(
      ["America/New_York", "America/Vancouver", "Asia/Katmandu", "Asia/Kolkata", "UTC"].sort(),
    );
  });

  for (const [now, why] of INSTANTS) {
    it(`lists and counts each window at ${now} (${why})`, async () => {
      h.clock.set(new Date(now));
      const expected = Object.fromEntries(
        LFD_WINDOWS.map((w) => [
          w,
          boxes
            .filter((b) => windowByRule(b, new Date(now)) === w)
            .map((b) => b.id)
            .sort(),
        ]),
      ) as Record<LfdWindow, string[]>;
      for (const w of LFD_WINDOWS) {
        // Every window holds some of the boxes: a test that nothing matches would prove little.
        expect(expected[w].length, w).toBeGreaterThan(0);
        expect(await listed(`filter[lfd]=${w}`), w).toEqual(expected[w]);
      }
      expect(await summaryCounts()).toEqual({
        passed: expected.passed.length,
        today: expected.today.length,
        within_2_days: expected.within_2_days.length,
      });
    });
  }
});
