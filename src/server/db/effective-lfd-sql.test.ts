// The effective last free day in SQL (the stored columns of migration 0020) against the TypeScript rule the
// dashboard and the MCP answers use (src/api/last-free-day.ts), case by case, through the API that serializes
// the stored columns; and a shipment's last free day, which only boxes still waiting set.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Container } from "../../api/containers";
import { effectiveLastFreeDay } from "../../api/last-free-day";
import type { Shipment } from "../../api/shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { at } from "../testing/triage-fixture";
import { portId, shippingLineId } from "./reference-data";
import { containers, shipments } from "./schema";

type ContainerInsert = typeof containers.$inferInsert;

let h: Harness;
let key: string;
let accountId: string;
let sequence = 0;

beforeAll(async () => {
  h = await createHarness();
  const made = await h.newAccount("Effective LFD Co");
  key = made.apiKey;
  accountId = made.account.id;
});
afterAll(() => h.close());

/** A shipment from Shanghai to Los Angeles, on to Chicago by rail, with these boxes. */
async function shipmentWith(boxes: Partial<ContainerInsert>[]) {
  sequence += 1;
  const bl = `MAEU${String(610_000_000 + sequence)}`;
  const [shipment] = await h.db
    .insert(shipments)
    .values({
      accountId,
      billOfLadingNumber: bl,
      normalizedNumber: bl,
      shippingLineId: shippingLineId("MAEU"),
      portOfLadingId: portId("CNSHA"),
      portOfDischargeId: portId("USLAX"),
      destinationId: portId("USCHI"),
    })
    .returning();
  for (const [i, box] of boxes.entries()) {
    await h.db.insert(containers).values({
      accountId,
      shipmentId: shipment!.id,
      number: `LFDU${String(1_000_000 + sequence * 10 + i)}`,
      ...box,
    });
  }
  return shipment!.id;
}

async function containersOf(shipmentId: string): Promise<Container[]> {
  const response = await h.request(key, `/v2/shipments/${shipmentId}?include=containers`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { included: Container[] };
  return body.included
    .filter((r) => r.type === "container")
    .sort((a, b) => a.attributes.number.localeCompare(b.attributes.number));
}

async function shipmentOf(shipmentId: string): Promise<Shipment> {
  const response = await h.request(key, `/v2/shipments/${shipmentId}`);
  return ((await response.json()) as { data: Shipment }).data;
}

const discharged = { podArrivedAt: at(-60), podDischargedAt: at(-50) };

/** Every case the rule tells apart: where the box is, which days are set, whether it still waits. */
const CASES: Record<string, Partial<ContainerInsert>> = {
  "at sea, no day": { currentStatus: "on_ship" },
  "at the terminal, terminal only": { ...discharged, currentStatus: "available", lfdTerminal: at(20) },
  "at the terminal, line earlier": {
    ...discharged,
    currentStatus: "not_available",
    lfdTerminal: at(40),
    lfdLine: at(10),
  },
  "at the terminal, a tie": {
    ...discharged,
    currentStatus: "available",
    lfdTerminal: at(10),
    lfdLine: at(10),
  },
  "picked up at the port": {
    ...discharged,
    currentStatus: "picked_up",
    podFullOutAt: at(-5),
    lfdTerminal: at(-30),
  },
  "empty returned": {
    ...discharged,
    currentStatus: "empty_returned",
    podFullOutAt: at(-20),
    emptyTerminatedAt: at(-2),
    lfdTerminal: at(-40),
  },
  "awaiting its rail move, no port day": { ...discharged, currentStatus: "awaiting_inland_transfer" },
  "awaiting its rail move, only the inland day reported": {
    ...discharged,
    currentStatus: "awaiting_inland_transfer",
    indFacilityLfdOn: at(90),
  },
  "on rail": {
    ...discharged,
    currentStatus: "on_rail",
    podRailLoadedAt: at(-40),
    podRailDepartedAt: at(-39),
    lfdTerminal: at(-20),
  },
  "at the rail ramp, passed": {
    ...discharged,
    currentStatus: "not_available",
    podRailDepartedAt: at(-39),
    indAtaAt: at(-30),
    indRailUnloadedAt: at(-29),
    indFacilityLfdOn: at(-24),
    lfdRail: at(-24),
  },
  "at the rail ramp, rail earlier than the facility": {
    ...discharged,
    currentStatus: "available",
    indAtaAt: at(-30),
    indFacilityLfdOn: at(30),
    lfdRail: at(6),
  },
  "picked up inland": {
    ...discharged,
    currentStatus: "picked_up",
    podRailDepartedAt: at(-39),
    indAtaAt: at(-30),
    finalDestinationFullOutAt: at(-3),
    lfdRail: at(-10),
  },
};

describe("the effective last free day in SQL", () => {
  it("agrees with src/api/last-free-day.ts in every case", async () => {
    const names = Object.keys(CASES);
    const id = await shipmentWith(Object.values(CASES));
    const boxes = await containersOf(id);
    expect(boxes).toHaveLength(names.length);
    for (const [i, box] of boxes.entries()) {
      const a = box.attributes;
      const rule = effectiveLastFreeDay(a);
      const stored = {
        at: a.last_free_day_at,
        source: a.last_free_day_source,
        timeZone: a.last_free_day_timezone,
        awaitingPickup: a.awaiting_pickup,
      };
      expect(stored, names[i]).toEqual(rule);
    }
    const byName = Object.fromEntries(names.map((n, i) => [n, boxes[i]!.attributes]));
    // The cases the issue named: a rail ramp's day is the effective one, counted in Chicago's zone.
    expect(byName["at the rail ramp, passed"]).toMatchObject({
      last_free_day_at: at(-24).toISOString(),
      last_free_day_source: "rail",
      last_free_day_timezone: "America/Chicago",
      awaiting_pickup: true,
    });
    expect(byName["on rail"]).toMatchObject({ last_free_day_at: null, awaiting_pickup: false });
    expect(byName["at the terminal, line earlier"]).toMatchObject({ last_free_day_source: "line" });
    expect(byName["at the terminal, a tie"]).toMatchObject({ last_free_day_source: "terminal" });
  });

  it("gives a shipment the earliest day of its boxes still waiting, and none once all are gone", async () => {
    const waiting = await shipmentWith([CASES["picked up at the port"]!, CASES["at the rail ramp, passed"]!]);
    expect((await shipmentOf(waiting)).attributes).toMatchObject({
      last_free_day_at: at(-24).toISOString(),
      last_free_day_timezone: "America/Chicago",
    });
    const gone = await shipmentWith([CASES["picked up at the port"]!, CASES["empty returned"]!]);
    expect((await shipmentOf(gone)).attributes).toMatchObject({
      last_free_day_at: null,
      last_free_day_timezone: null,
    });
    // The last waiting box leaves: the shipment's alarm goes with it.
    const [ramp] = await h.db
      .select({ id: containers.id })
      .from(containers)
      .where(eqShipment(waiting))
      .orderBy(containers.number)
      .offset(1);
    await h.db
      .update(containers)
      .set({ currentStatus: "picked_up", finalDestinationFullOutAt: at(-1) })
      .where(eqId(ramp!.id));
    expect((await shipmentOf(waiting)).attributes.last_free_day_at).toBeNull();
  });
});

const eqShipment = (id: string) => eq(containers.shipmentId, id);
const eqId = (id: string) => eq(containers.id, id);
