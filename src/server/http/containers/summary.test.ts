// Service tests: GET /v2/containers/summary counts what needs attention, by the service clock, in the account's
// own rows only, and every count's filters list exactly that many rows; the X-Service-Clock header.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttentionCount, containerSummarySchema, SERVICE_CLOCK_HEADER } from "../../../api/triage";
import { createHarness, type Harness } from "../../testing/service-harness";
import { at, buildTriageFixture, type TriageFixture } from "../../testing/triage-fixture";

let h: Harness;
let key: string;
let otherKey: string;
let accountId: string;
let f: TriageFixture;

beforeAll(async () => {
  h = await createHarness({ responseCache: true });
  const mine = await h.newAccount("Summary Co");
  const other = await h.newAccount("Other Summary Co");
  key = mine.apiKey;
  otherKey = other.apiKey;
  accountId = mine.account.id;
  f = await buildTriageFixture(h.db, mine.account.id, other.account.id);
  await h.dataChanges?.poll();
});
afterAll(() => h.close());

async function summary(apiKey = key) {
  await h.dataChanges?.poll();
  const response = await h.request(apiKey, "/v2/containers/summary");
  expect(response.status).toBe(200);
  const body = await response.json();
  containerSummarySchema.parse(body.data);
  return body.data as ReturnType<typeof containerSummarySchema.parse>;
}

/** Every count of a summary, named. */
function countsOf(s: Awaited<ReturnType<typeof summary>>): [string, AttentionCount][] {
  const { as_of: _asOf, total: _total, holds, ...named } = s.attributes;
  return [...Object.entries(named), ...holds.map((h) => [`hold ${h.name}`, h] as [string, AttentionCount])];
}

/** How many rows the list a count names lists with its filters. */
async function listed(count: AttentionCount, apiKey = key): Promise<number> {
  const query = new URLSearchParams(count.filters).toString();
  const response = await h.request(apiKey, `/v2/${count.list}?${query}&page[size]=100`);
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.data.length).toBe(Math.min(body.meta.total, 100));
  for (const row of body.data) expect(f.otherIds.has(row.id)).toBe(false);
  return body.meta.total;
}

describe("GET /v2/containers/summary", () => {
  it("counts the account's containers that need attention, with the filters that list them", async () => {
    const s = await summary();
    expect(s.id).toBe(accountId);
    expect(s.type).toBe("container_summary");
    expect(s.attributes.as_of).toBe(h.clock.now().toISOString());
    const a = s.attributes;
    expect(a.total).toBe(9);
    expect(a.available_for_pickup).toEqual({
      count: 3,
      list: "containers",
      filters: { "filter[available]": "true" },
    });
    expect(a.on_hold.count).toBe(2);
    expect(a.holds.map((x) => [x.name, x.count])).toEqual([
      ["customs", 1],
      ["freight", 1],
      ["USDA", 1],
    ]);
    expect([a.lfd_passed.count, a.lfd_today.count, a.lfd_within_2_days.count]).toEqual([2, 1, 1]);
    // Savannah's ETA moved 48 hours and it has one container at sea; Shanghai's arrived.
    expect(a.eta_slipped.count).toBe(1);
    // We predict Savannah 26 hours after the line's ETA: both its containers.
    expect(a.predicted_late).toEqual({
      count: 2,
      list: "containers",
      filters: { "filter[predicted_late]": "24" },
    });
    expect(a.tracking_failed).toEqual({
      count: 1,
      list: "tracking_requests",
      filters: { "filter[status]": "failed" },
    });
    expect(a.tracking_stopped_by_line).toMatchObject({ count: 1, list: "shipments" });
  });

  it("lists exactly what each count counts when its filters are followed", async () => {
    for (const [name, count] of countsOf(await summary())) {
      expect(await listed(count), name).toBe(count.count);
    }
  });

  it("counts another account's rows for that account only, and those lists agree too", async () => {
    const mine = await summary();
    const theirs = await summary(otherKey);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.attributes.total).toBe(5);
    expect(theirs.attributes.on_hold.count).toBe(2);
    expect(theirs.attributes.tracking_failed.count).toBe(1);
    expect(theirs.attributes.tracking_stopped_by_line.count).toBe(1);
    for (const [name, count] of countsOf(theirs)) {
      const query = new URLSearchParams(count.filters).toString();
      const body = await (await h.request(otherKey, `/v2/${count.list}?${query}`)).json();
      expect(body.meta.total, name).toBe(count.count);
    }
  });

  it("counts by the service clock, and says which time it counted at", async () => {
    h.clock.set(at(24));
    try {
      const s = await summary();
      expect(s.attributes.as_of).toBe(at(24).toISOString());
      expect([s.attributes.lfd_passed.count, s.attributes.lfd_today.count]).toEqual([3, 1]);
      for (const [name, count] of countsOf(s)) expect(await listed(count), name).toBe(count.count);
    } finally {
      h.clock.set(at(0));
    }
  });

  it("is not read as a container id", async () => {
    const response = await h.request(key, "/v2/containers/summary?include=shipment");
    expect(response.status).toBe(200);
    expect((await h.request(key, `/v2/containers/${f.s.savannah.containers[0]!.id}`)).status).toBe(200);
  });
});

describe(SERVICE_CLOCK_HEADER, () => {
  it("carries the service clock's time on every /v2 answer, fresh even when the answer is kept", async () => {
    const first = await h.request(key, "/v2/containers?page[size]=1");
    expect(first.headers.get(SERVICE_CLOCK_HEADER)).toBe(h.clock.now().toISOString());
    h.clock.advance(90_000);
    const kept = await h.request(key, "/v2/containers?page[size]=1");
    expect(kept.headers.get(SERVICE_CLOCK_HEADER)).toBe(h.clock.now().toISOString());
    expect(await kept.text()).toBe(await first.text());
    for (const [apiKey, path, status] of [
      [key, "/v2/containers/00000000-0000-4000-8000-000000000000", 404],
      [null, "/v2/shipments", 401],
      [key, "/v2/shipments?sort=colour", 400],
      [key, "/v2/nothing-here", 404],
    ] as const) {
      const response = await h.request(apiKey, path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get(SERVICE_CLOCK_HEADER), path).toBe(h.clock.now().toISOString());
    }
  });

  it("is exposed to browsers across origins", async () => {
    const response = await h.request(key, "/v2/shipments", { headers: { Origin: "https://app.example" } });
    expect(response.headers.get("Access-Control-Expose-Headers")).toContain(SERVICE_CLOCK_HEADER);
  });
});
