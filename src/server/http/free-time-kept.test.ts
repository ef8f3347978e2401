// Service tests of the kept free time figures (db/free-time.ts, migration 0045): the charges sort, the free time
// filters and the summary's money at risk read figures counted once and kept, and must stay the figures the rule
// gives at the clock's now when a box's dates change, the day turns, the clock is set back, the account's tariffs
// change, a box's empty is returned, or the published tariffs change at start-up. Each step compares the lists with
// what each container's own page counts afresh.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../api/durations";
import { seedReferenceData } from "../db/reference-data";
import { containerFreeTime, containers, settings } from "../db/schema";
import { createHarness, type Harness, insertShipment, TEST_NOW } from "../testing/service-harness";

let h: Harness;
let key: string;
let accountId: string;
const ids: Record<string, string> = {};

/** Discharged in Los Angeles (MAEU, 40 ft; the harness's now is 04:00 on 20 November there). */
const DISCHARGED: Record<string, string> = {
  // Day 11 at the terminal: charged, and more by the day after tomorrow.
  P: "2026-11-10T18:00:00Z",
  // Day 3: free for now, one charged day by the day after tomorrow.
  Q: "2026-11-18T18:00:00Z",
  // Day 1: nothing at risk yet.
  R: "2026-11-19T18:00:00Z",
};

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Kept Free Time Co");
  key = created.apiKey;
  accountId = created.account.id;
  let n = 0;
  for (const [name, discharged] of Object.entries(DISCHARGED)) {
    n += 1;
    const { containers: boxes } = await insertShipment(h.db, accountId, {
      containerNumbers: [`MSKU${String(3_000_000 + n).slice(-7)}`],
    });
    ids[name] = boxes[0]!.id;
    await setBox(name, { podDischargedAt: new Date(discharged), currentStatus: "available" });
  }
});
afterAll(() => h.close());

async function setBox(name: string, values: Partial<typeof containers.$inferInsert>) {
  await h.db
    .update(containers)
    .set({ lfdLine: null, lfdTerminal: null, lfdRail: null, indFacilityLfdOn: null, ...values })
    .where(eq(containers.id, ids[name]!));
}

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;
async function read(path: string): Promise<Doc> {
  const response = await h.request(key, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
const nameOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id);

/** Each box's money at risk and charges so far, as its own page counts them afresh at the clock's now. */
async function afresh(): Promise<{ name: string; atRisk: number; soFar: number }[]> {
  const out = [];
  for (const name of Object.keys(ids)) {
    const c = (await read(`/v2/containers/${ids[name]}`)).data.attributes;
    const running = [c.demurrage, c.detention].filter((s: Doc) => s?.status === "running");
    const sum = (k: string) => running.reduce((t: number, s: Doc) => t + s[k], 0);
    out.push({ name, atRisk: sum("charges_at_risk"), soFar: sum("charges_so_far") });
  }
  return out;
}

/** The lists and the summary agree with the boxes' own pages, and say what they say. */
async function expectListsTrue(): Promise<string[]> {
  const boxes = await afresh();
  const ranked = boxes
    .filter((b) => b.atRisk > 0)
    .sort((a, b) => b.atRisk - a.atRisk || b.soFar - a.soFar)
    .map((b) => b.name);
  const sorted = (await read("/v2/containers?sort=-charges")).data.map((c: Doc) => nameOf(c.id));
  expect(sorted.slice(0, ranked.length)).toEqual(ranked);
  const filtered = (await read("/v2/containers?filter[charges]=at_risk")).data.map((c: Doc) => nameOf(c.id));
  expect(filtered.sort()).toEqual([...ranked].sort());
  const money = (await read("/v2/containers/summary")).data.attributes.money_at_risk;
  expect(money.count).toBe(ranked.length);
  const total = boxes.reduce((t, b) => t + b.atRisk, 0);
  expect(money.amounts).toEqual(total > 0 ? [{ currency: "USD", amount: total }] : []);
  return ranked;
}

describe("kept free time figures", () => {
  it("are counted when first read, and again when a box's dates change", async () => {
    h.clock.set(TEST_NOW);
    expect(await expectListsTrue()).toEqual(["P", "Q"]);
    // Q discharged long before P: it now has the most at risk.
    await setBox("Q", { podDischargedAt: new Date("2026-11-05T18:00:00Z") });
    expect(await expectListsTrue()).toEqual(["Q", "P"]);
    await setBox("Q", { podDischargedAt: new Date(DISCHARGED.Q!) });
    expect(await expectListsTrue()).toEqual(["P", "Q"]);
  });

  it("are counted again when the day turns where the clocks count, and when the clock is set back", async () => {
    h.clock.set(TEST_NOW);
    const before = (await read("/v2/containers/summary")).data.attributes.money_at_risk.amounts[0].amount;
    // A day on: R's first charged day comes within the day after tomorrow, and P's charges grow.
    h.clock.set(new Date(Date.parse(TEST_NOW) + DAY));
    expect(await expectListsTrue()).toEqual(["P", "Q", "R"]);
    const after = (await read("/v2/containers/summary")).data.attributes.money_at_risk.amounts[0].amount;
    expect(after).toBeGreaterThan(before);
    // Back before Q and R were discharged: only P runs.
    h.clock.set("2026-11-15T12:00:00Z");
    expect(await expectListsTrue()).toEqual(["P"]);
    h.clock.set(TEST_NOW);
    expect(await expectListsTrue()).toEqual(["P", "Q"]);
  });

  it("are counted again when the account's tariffs change", async () => {
    h.clock.set(TEST_NOW);
    const created = await h.request(key, "/v2/free_time_tariffs", {
      method: "POST",
      json: {
        data: {
          type: "free_time_tariff",
          attributes: {
            scac: "MAEU",
            kind: "demurrage",
            free_days: 30,
            currency: "USD",
            tiers: [{ from_day: 1, per_day: 100 }],
          },
        },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // Thirty free days: nothing at risk anywhere.
    expect(await expectListsTrue()).toEqual([]);
    const id = ((await created.json()) as Doc).data.id;
    expect((await h.request(key, `/v2/free_time_tariffs/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await expectListsTrue()).toEqual(["P", "Q"]);
  });

  it("are marked again for every container when the published tariffs change at start-up", async () => {
    await read("/v2/containers?sort=-charges");
    const counted = () =>
      h.db
        .select({ n: sql<number>`count(*)::int` })
        .from(containerFreeTime)
        .where(
          sql`${containerFreeTime.accountId} = ${accountId} and ${containerFreeTime.validUntil} > '-infinity'`,
        );
    expect((await counted())[0]!.n).toBe(3);
    // Another start-up's lists (here: a hash that is not this code's).
    await h.db.update(settings).set({ value: "another" }).where(eq(settings.key, "reference_data_hash"));
    await seedReferenceData(h.db);
    expect((await counted())[0]!.n).toBe(0);
    expect(await expectListsTrue()).toEqual(["P", "Q"]);
  });

  it("let a box go once its empty is returned", async () => {
    h.clock.set(TEST_NOW);
    await setBox("P", {
      podFullOutAt: new Date("2026-11-18T18:00:00Z"),
      emptyTerminatedAt: new Date("2026-11-19T18:00:00Z"),
      currentStatus: "empty_returned",
    });
    expect(await expectListsTrue()).toEqual(["Q"]);
    const rows = await h.db
      .select({ id: containerFreeTime.containerId })
      .from(containerFreeTime)
      .where(eq(containerFreeTime.accountId, accountId));
    expect(rows.map((r) => nameOf(r.id)).sort()).toEqual(["Q", "R"]);
  });
});
