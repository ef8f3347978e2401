// Service tests of free time in the lists: `sort=-charges` (most money at risk first, then the rest newest first,
// page after page), `filter[detention]` and `filter[charges]` on containers and shipments, the attention summary's
// money at risk and passed detention, and bad values answered with a 400 naming the parameter.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containers } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

let h: Harness;
let key: string;
const ids: Record<string, string> = {};
const numbers: Record<string, string> = {};
const shipmentOf: Record<string, string> = {};

/** The boxes, inserted newest first; the harness's now is 04:00 on 20 November in Los Angeles (MAEU, 40 ft). */
const BOXES: Record<string, { discharged?: string; out?: string; returned?: string }> = {
  // Day 11 at the terminal: 7 days charged (1,920), 2,755 by the day after tomorrow.
  A: { discharged: "2026-11-10T18:00:00Z" },
  // Day 3: free until the 21st; one charged day (225) by the day after tomorrow.
  B: { discharged: "2026-11-18T18:00:00Z" },
  // Out on the 12th, not returned: detention day 9 of 4 free (passed); 1,275 by the day after tomorrow.
  C: { discharged: "2026-11-10T18:00:00Z", out: "2026-11-12T18:00:00Z" },
  // Out yesterday: detention day 2 of 4 (due within 2 days), nothing charged by the day after tomorrow.
  D: { discharged: "2026-11-15T18:00:00Z", out: "2026-11-19T18:00:00Z" },
  // Still on the water.
  E: {},
  // Returned: both clocks stopped.
  F: { discharged: "2026-11-17T18:00:00Z", out: "2026-11-18T18:00:00Z", returned: "2026-11-19T18:00:00Z" },
};

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Free Time Lists Co");
  key = created.apiKey;
  let n = 0;
  for (const [name, dates] of Object.entries(BOXES)) {
    n += 1;
    const number = `MSKU${String(2_000_000 + n).slice(-7)}`;
    const { shipment, containers: boxes } = await insertShipment(h.db, created.account.id, {
      containerNumbers: [number],
    });
    const id = boxes[0]!.id;
    ids[name] = id;
    numbers[name] = number;
    shipmentOf[name] = shipment.id;
    await h.db
      .update(containers)
      .set({
        podDischargedAt: dates.discharged ? new Date(dates.discharged) : null,
        podFullOutAt: dates.out ? new Date(dates.out) : null,
        emptyTerminatedAt: dates.returned ? new Date(dates.returned) : null,
        currentStatus: dates.returned ? "empty_returned" : dates.out ? "picked_up" : "available",
        // No last free day reported: the published tariffs' own counts apply (a reported day's rule is tested
        // in free-time-tariffs.test.ts and src/api/free-time.test.ts).
        lfdLine: null,
        lfdTerminal: null,
        lfdRail: null,
        indFacilityLfdOn: null,
      })
      .where(eq(containers.id, id));
  }
});
afterAll(() => h.close());

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each test checking what it is about.
type Doc = any;
async function list(path: string): Promise<Doc> {
  const response = await h.request(key, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
const names = (body: Doc) =>
  body.data.map((c: Doc) => Object.keys(numbers).find((k) => numbers[k] === c.attributes.number));

describe("free time in the lists", () => {
  it("sorts by money at risk (most first descending), then the rest newest first, page after page", async () => {
    const all = await list("/v2/containers?sort=-charges");
    expect(names(all)).toEqual(["A", "C", "B", "D", "E", "F"]);
    expect(all.meta.total).toBe(6);
    expect(all.data[0].attributes.demurrage).toMatchObject({ charges_so_far: 1920, charges_at_risk: 2755 });
    const second = await list("/v2/containers?sort=-charges&page[size]=2&page[number]=2");
    expect(names(second)).toEqual(["B", "D"]);
    const third = await list("/v2/containers?sort=-charges&page[size]=2&page[number]=3");
    expect(names(third)).toEqual(["E", "F"]);
    // Ascending: the least money at risk first, and those with none still last.
    expect(names(await list("/v2/containers?sort=charges"))).toEqual(["B", "C", "A", "D", "E", "F"]);
    // With another filter: only what it keeps, in the same order.
    const discharged = await list("/v2/containers?sort=-charges&filter[status]=available");
    expect(names(discharged)).toEqual(["A", "B", "E"]);
  });

  it("filters by the empty return deadline, and by money at risk", async () => {
    expect(names(await list("/v2/containers?filter[detention]=passed"))).toEqual(["C"]);
    expect(names(await list("/v2/containers?filter[detention]=due_soon"))).toEqual(["D"]);
    const running = await list("/v2/containers?filter[detention]=running");
    expect(names(running).sort()).toEqual(["C", "D"]);
    expect(running.meta.total).toBe(2);
    const atRisk = await list("/v2/containers?filter[charges]=at_risk");
    expect(names(atRisk).sort()).toEqual(["A", "B", "C"]);
    expect(atRisk.meta.total).toBe(3);
    const d = (await list(`/v2/containers/${ids.D}`)).data.attributes;
    expect(d.detention).toMatchObject({
      status: "running",
      awaiting_return: true,
      last_free_day: "2026-11-22",
    });
    // Out on its fifth day at the terminal: one day charged, and no more.
    expect(d.demurrage).toMatchObject({ status: "stopped", charges_so_far: 225, charges_tomorrow: 225 });
    // Shipments: one of its containers matches.
    const shipments = await list("/v2/shipments?filter[detention]=passed");
    expect(shipments.data.map((s: Doc) => s.id)).toEqual([shipmentOf.C]);
  });

  it("counts money at risk and passed detention on the attention summary, with the list that shows them", async () => {
    const summary = (await list("/v2/containers/summary")).data.attributes;
    expect(summary.money_at_risk).toEqual({
      count: 3,
      list: "containers",
      filters: { "filter[charges]": "at_risk" },
      amounts: [{ currency: "USD", amount: 4255 }],
    });
    expect(summary.detention_passed).toMatchObject({ count: 1, filters: { "filter[detention]": "passed" } });
  });

  it("refuses bad values with a 400 naming the parameter", async () => {
    for (const [path, parameter] of [
      ["/v2/containers?filter[detention]=soon", "filter[detention]"],
      ["/v2/containers?filter[charges]=all", "filter[charges]"],
      ["/v2/containers?sort=charges,number", "sort"],
      ["/v2/shipments?sort=charges", "sort"],
    ] as const) {
      const response = await h.request(key, path);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as Doc;
      expect(body.errors[0].source, path).toEqual({ parameter });
    }
  });
});
