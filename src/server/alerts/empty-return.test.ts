// Service tests of the empty-return alert (`empty_return_within`): the daily check raises it by the service clock
// for a box picked up and not yet returned whose detention deadline (the shared free time rule's, with the
// account's tariffs) is within the rule's days or passed, once per container and deadline, in the bell; never for
// a box already returned.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, containers } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely, each check naming what it is about.
type Doc = any;

let h: Harness;
let accountId: string;
let dana: string;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount("Empty Return Co");
  accountId = created.account.id;
  dana = await personCookie(h, accountId, "dana@empty-return.example", "member");
  const made = await asPerson(h, dana, "/v2/alert_rules", {
    method: "POST",
    json: { data: { attributes: { name: "Returns soon", kind: "empty_return_within", threshold: 2 } } },
  });
  expect(made.status).toBe(201);
});
afterAll(() => h.close());

/** A MAEU 40 ft box at Los Angeles, discharged on the 15th, picked up and returned when told. */
async function box(number: string, dates: { out: string; returned?: string }): Promise<string> {
  const { containers: boxes } = await insertShipment(h.db, accountId, { containerNumbers: [number] });
  const id = boxes[0]!.id;
  await h.db
    .update(containers)
    .set({
      podDischargedAt: new Date("2026-11-15T18:00:00Z"),
      podFullOutAt: new Date(dates.out),
      emptyTerminatedAt: dates.returned ? new Date(dates.returned) : null,
      currentStatus: dates.returned ? "empty_returned" : "picked_up",
    })
    .where(eq(containers.id, id));
  return id;
}

const titlesOf = async (containerId: string) =>
  (await h.db.select().from(alerts).where(eq(alerts.containerId, containerId))).map((a) => a.title).sort();

describe("empty return alerts", () => {
  it("takes a number of days, as the last free day's rule does", async () => {
    const refused = await asPerson(h, dana, "/v2/alert_rules", {
      method: "POST",
      json: { data: { attributes: { name: "x", kind: "empty_return_within" } } },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Doc).errors[0].source).toEqual({
      pointer: "/data/attributes/threshold",
    });
  });

  it("tells once per box and deadline when the empty return is due within the days, and not of a box returned", async () => {
    // The published MAEU tariff gives 4 free days from pickup; TEST_NOW is 04:00 on the 20th in Los Angeles.
    // Out on the 19th: free until the 22nd, 2 days from today.
    const due = await box("MSKU3000001", { out: "2026-11-19T18:00:00Z" });
    // Out today: free until the 23rd, 3 days away: not yet.
    const later = await box("MSKU3000002", { out: "2026-11-20T10:00:00Z" });
    // Out on the 19th and already back.
    const returned = await box("MSKU3000003", {
      out: "2026-11-19T18:00:00Z",
      returned: "2026-11-20T09:00:00Z",
    });
    await h.service.alerts.runOnce();
    await h.service.alerts.runOnce();
    expect(await titlesOf(due)).toEqual(["Empty return due in 2 days: MSKU3000001 at Los Angeles"]);
    expect(await titlesOf(later)).toEqual([]);
    expect(await titlesOf(returned)).toEqual([]);
    // In the bell, with the deadline in its zone.
    const bell = (await (await asPerson(h, dana, "/v2/notifications")).json()) as Doc;
    const told = bell.data.find((n: Doc) => n.relationships.container.data?.id === due);
    expect(told.attributes).toMatchObject({
      kind: "empty_return_within",
      rule_name: "Returns soon",
      container_number: "MSKU3000001",
      details: [
        "Empty return deadline: 2026-11-22 (America/Los_Angeles)",
        "The box is out and not yet returned empty; detention runs after this day.",
      ],
    });

    // The next day in Los Angeles: the box out today comes within 2 days; the first was told of its deadline.
    h.clock.set(new Date("2026-11-21T12:00:00Z"));
    await h.service.alerts.runOnce();
    expect(await titlesOf(due)).toEqual(["Empty return due in 2 days: MSKU3000001 at Los Angeles"]);
    expect(await titlesOf(later)).toEqual(["Empty return due in 2 days: MSKU3000002 at Los Angeles"]);

    // Passed: still once for that deadline.
    h.clock.set(new Date("2026-11-24T12:00:00Z"));
    await h.service.alerts.runOnce();
    expect(await titlesOf(due)).toHaveLength(1);
    expect(await titlesOf(returned)).toEqual([]);
  });

  it("tells of a deadline passed, with the detention so far, for a box picked up after it", async () => {
    h.clock.set(new Date("2026-11-20T12:00:00Z"));
    // Out on the 12th: free until the 15th; the 20th is the 9th day, 5 charged.
    const late = await box("MSKU3000004", { out: "2026-11-12T18:00:00Z" });
    await h.service.alerts.runOnce();
    const [alert] = await h.db.select().from(alerts).where(eq(alerts.containerId, late));
    expect(alert?.title).toBe("Empty return passed 5 days ago: MSKU3000004 at Los Angeles");
    expect(alert?.details[0]).toBe("Empty return deadline: 2026-11-15 (America/Los_Angeles)");
    expect(alert?.details[1]).toMatch(/^Detention so far: [\d,]+ USD, [\d,]+ USD by tomorrow\.$/);
  });
});
