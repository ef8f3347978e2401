// Checks the demo data set: reproducible to the id, and covering every stage of a journey with valid codes.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTAINER_STATUSES } from "../../api/containers";
import { isValidContainerNumber } from "../tracking/container-number";
import { isValidImo } from "../tracking/vessel-ids";
import { createAccount } from "./accounts";
import { type Database, openDatabase } from "./connection";
import { seedDemoData } from "./demo-data";
import { SHIPPING_LINES } from "./reference/shipping-lines";
import { seedReferenceData } from "./reference-data";
import { containers, rawEvents, shipments, shippingLines, transportEvents, vessels } from "./schema";

const NOW = new Date("2025-06-15T15:30:00Z");
// A fixed account id: ids of demo rows derive from the account, and the two databases must agree.
const ACCOUNT_ID = "0b7c2d3e-4f50-4a61-8b72-9c83d4e5f607";
const DAY = 24 * 60 * 60 * 1000;

async function seededDatabase() {
  const database = await openDatabase({ memory: true });
  await seedReferenceData(database.db);
  await createAccount(database.db, "Demo", { id: ACCOUNT_ID });
  const counts = await seedDemoData(database.db, ACCOUNT_ID, NOW);
  return { database, counts };
}

async function readAll(database: Database) {
  const { db } = database;
  const [shipmentRows, containerRows, transportRows, rawRows, vesselRows] = await Promise.all([
    db.select().from(shipments).where(eq(shipments.accountId, ACCOUNT_ID)).orderBy(asc(shipments.id)),
    db.select().from(containers).where(eq(containers.accountId, ACCOUNT_ID)).orderBy(asc(containers.id)),
    db
      .select()
      .from(transportEvents)
      .where(eq(transportEvents.accountId, ACCOUNT_ID))
      .orderBy(asc(transportEvents.id)),
    db.select().from(rawEvents).where(eq(rawEvents.accountId, ACCOUNT_ID)).orderBy(asc(rawEvents.id)),
    db.select().from(vessels).orderBy(asc(vessels.id)),
  ]);
  return { shipmentRows, containerRows, transportRows, rawRows, vesselRows };
}

type Rows = Awaited<ReturnType<typeof readAll>>;

describe("seedDemoData", () => {
  const databases: Database[] = [];
  let first: Rows;
  let second: Rows;
  let counts: { shipments: number; containers: number };
  let scacById: Map<string, string>;

  beforeAll(async () => {
    const a = await seededDatabase();
    const b = await seededDatabase();
    databases.push(a.database, b.database);
    counts = a.counts;
    first = await readAll(a.database);
    second = await readAll(b.database);
    const lines = await a.database.db.select().from(shippingLines);
    scacById = new Map(lines.map((l) => [l.id, l.scac]));
  });

  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
  });

  it("returns the counts of what it inserted", () => {
    expect(counts.shipments).toBe(first.shipmentRows.length);
    expect(counts.containers).toBe(first.containerRows.length);
  });

  it("produces the same rows, ids included, for the same account and time", () => {
    // The stopping user is each database's own (randomly identified) account owner; only its presence is comparable.
    const comparable = (rows: Rows["shipmentRows"]) =>
      rows.map((s) => ({ ...s, lineTrackingStoppedByUserId: s.lineTrackingStoppedByUserId !== null }));
    expect(comparable(second.shipmentRows)).toEqual(comparable(first.shipmentRows));
    expect(second.containerRows).toEqual(first.containerRows);
    expect(second.transportRows).toEqual(first.transportRows);
    expect(second.rawRows).toEqual(first.rawRows);
    expect(second.vesselRows).toEqual(first.vesselRows);
  });

  it("has enough shipments, lines and ports to fill the dashboard", () => {
    const { shipmentRows } = first;
    expect(shipmentRows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(shipmentRows.map((s) => s.shippingLineId)).size).toBeGreaterThanOrEqual(8);
    const ports = new Set(
      shipmentRows
        .flatMap((s) => [s.portOfLadingId, s.portOfDischargeId, s.destinationId])
        .filter((id) => id !== null),
    );
    expect(ports.size).toBeGreaterThanOrEqual(20);
  });

  it("numbers bills of lading with the line's prefix", () => {
    for (const s of first.shipmentRows) {
      const scac = scacById.get(s.shippingLineId)!;
      const prefix = SHIPPING_LINES.find((l) => l.scac === scac)?.bolPrefix ?? scac;
      expect(s.billOfLadingNumber).toBe(`${prefix}${s.normalizedNumber}`);
      expect(s.normalizedNumber).toMatch(/^[A-Z0-9]{8,10}$/);
    }
    expect(new Set(first.shipmentRows.map((s) => s.billOfLadingNumber)).size).toBe(first.shipmentRows.length);
  });

  it("creates shipments at distinct moments within the last 60 days", () => {
    const created = first.shipmentRows.map((s) => s.createdAt.getTime());
    expect(new Set(created).size).toBe(created.length);
    for (const t of created) {
      expect(t).toBeLessThanOrEqual(NOW.getTime());
      expect(t).toBeGreaterThan(NOW.getTime() - 60 * DAY);
    }
  });

  it("gives every shipment one to six containers with valid ISO 6346 numbers", () => {
    const perShipment = new Map<string, number>();
    for (const c of first.containerRows)
      perShipment.set(c.shipmentId, (perShipment.get(c.shipmentId) ?? 0) + 1);
    for (const s of first.shipmentRows) {
      const n = perShipment.get(s.id) ?? 0;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(6);
    }
    const invalid = first.containerRows.map((c) => c.number).filter((n) => !isValidContainerNumber(n));
    expect(invalid).toEqual([]);
    expect(new Set(first.containerRows.map((c) => c.number)).size).toBe(first.containerRows.length);
  });

  it("uses only known container statuses", () => {
    const known = new Set<string>(CONTAINER_STATUSES);
    expect(first.containerRows.filter((c) => !known.has(c.currentStatus))).toEqual([]);
  });

  it("indexes each container's raw events from 0 in time order", () => {
    const byContainer = new Map<string, Rows["rawRows"]>();
    for (const e of first.rawRows)
      byContainer.set(e.containerId, [...(byContainer.get(e.containerId) ?? []), e]);
    for (const events of byContainer.values()) {
      events.sort((a, b) => a.index - b.index);
      expect(events.map((e) => e.index)).toEqual(events.map((_, i) => i));
      const times = events.map((e) => e.timestamp!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("keeps actual events in the past and estimated ones in the future", () => {
    for (const e of first.transportRows) expect(e.timestamp!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    for (const e of first.rawRows) {
      if (e.estimated) expect(e.timestamp!.getTime()).toBeGreaterThan(NOW.getTime());
      else expect(e.timestamp!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(first.rawRows.some((e) => e.estimated)).toBe(true);
    expect(first.transportRows.every((e) => e.event.startsWith("container.transport."))).toBe(true);
  });

  it("covers every stage of a journey", () => {
    const { shipmentRows, containerRows } = first;
    const now = NOW.getTime();
    const statusesOf = (shipmentId: string) =>
      containerRows.filter((c) => c.shipmentId === shipmentId).map((c) => c.currentStatus);
    const some = (test: (s: Rows["shipmentRows"][number]) => boolean) => shipmentRows.some(test);

    expect(some((s) => s.polAtdAt === null && s.podEtaAt === null && s.polEtdAt !== null)).toBe(true); // booked
    expect(some((s) => s.polAtdAt === null && statusesOf(s.id).includes("loaded"))).toBe(true); // at origin
    expect(
      some(
        (s) =>
          !s.lineTrackingStoppedAt &&
          s.podEtaAt!.getTime() > now &&
          s.polAtdAt !== null &&
          s.polAtdAt.getTime() < now,
      ),
    ).toBe(true); // on the water
    expect(some((s) => s.podAtaAt !== null && statusesOf(s.id).includes("not_available"))).toBe(true); // arrived, held
    expect(some((s) => statusesOf(s.id).includes("on_rail"))).toBe(true);
    expect(some((s) => statusesOf(s.id).includes("available"))).toBe(true);
    expect(some((s) => statusesOf(s.id).includes("picked_up"))).toBe(true);
    expect(some((s) => statusesOf(s.id).includes("empty_returned"))).toBe(true);
    const reasons = new Set(shipmentRows.map((s) => s.lineTrackingStoppedReason).filter((r) => r !== null));
    expect(reasons).toEqual(
      new Set(["cancelled_by_user", "all_containers_terminated", "past_arrival_window"]),
    );
    expect(
      shipmentRows
        .filter((s) => s.lineTrackingStoppedReason === "cancelled_by_user")
        .every((s) => s.lineTrackingStoppedByUserId),
    ).toBe(true);
    expect(
      some((s) => s.podEtaAt !== null && s.podOriginalEtaAt !== null && s.podEtaAt > s.podOriginalEtaAt),
    ).toBe(true); // slipped
    expect(some((s) => s.destinationId !== null && s.destinationEtaAt !== null)).toBe(true); // inland by rail
  });

  it("shows holds on held boxes and demurrage on overdue ones", () => {
    const held = first.containerRows.filter(
      (c) => c.currentStatus === "not_available" && c.holdsAtPodTerminal.length > 0,
    );
    expect(held.length).toBeGreaterThan(0);
    const available = first.containerRows.filter((c) => c.currentStatus === "available");
    expect(available.every((c) => c.availableForPickup === true && c.lfdTerminal !== null)).toBe(true);
    const overdue = available.filter((c) => c.lfdTerminal!.getTime() + DAY <= NOW.getTime());
    expect(overdue.length).toBeGreaterThan(0);
    expect(
      overdue.every((c) => c.feesAtPodTerminal.some((f) => f.type === "demurrage" && f.amount > 0)),
    ).toBe(true);
    const dueSoon = available.filter((c) => Math.abs(c.lfdTerminal!.getTime() - NOW.getTime()) < DAY);
    expect(dueSoon.length).toBeGreaterThan(0);
  });

  it("names ships with valid IMO and MMSI numbers, and places those at sea", () => {
    const { vesselRows, shipmentRows } = first;
    expect(vesselRows.length).toBeGreaterThanOrEqual(20);
    expect(vesselRows.length).toBeLessThanOrEqual(30);
    for (const v of vesselRows) {
      expect(isValidImo(v.imo!)).toBe(true);
      expect(v.mmsi).toMatch(/^[2-7][0-9]{8}$/);
    }
    const sailing = shipmentRows.filter((s) => !s.lineTrackingStoppedAt && s.polAtdAt && !s.podAtaAt);
    const positioned = vesselRows.filter((v) => v.latitude !== null);
    expect(positioned.length).toBeGreaterThan(0);
    for (const v of positioned) {
      expect(Math.abs(v.latitude!)).toBeLessThanOrEqual(90);
      expect(Math.abs(v.longitude!)).toBeLessThanOrEqual(180);
      expect(v.positionAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(sailing.some((s) => positioned.some((v) => v.id === s.podVesselId))).toBe(true);
  });
});
