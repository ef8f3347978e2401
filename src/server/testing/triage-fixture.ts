// Test fixture for the triage lists and summary: an account whose shipments and containers differ in every sorted
// and filtered column (with ties and missing values), beside a second account holding rows that every filter
// would match, so that a test sees at once when another account's data is listed or counted.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/connection";
import { portId, shippingLineId } from "../db/reference-data";
import { containers, shipments, trackingRequests, vessels } from "../db/schema";
import { TEST_NOW } from "./service-harness";

type ShipmentInsert = typeof shipments.$inferInsert;
type ContainerInsert = typeof containers.$inferInsert;
type Hold = ContainerInsert["holdsAtPodTerminal"];

const now = Date.parse(TEST_NOW);
/** TEST_NOW moved by hours. */
export const at = (hours: number) => new Date(now + hours * 3_600_000);

export interface FixtureShipment {
  shipment: typeof shipments.$inferSelect;
  containers: (typeof containers.$inferSelect)[];
}

let sequence = 0;

async function addShipment(
  db: Db,
  accountId: string,
  values: Partial<ShipmentInsert>,
  boxes: Partial<ContainerInsert>[],
): Promise<FixtureShipment> {
  sequence += 1;
  const createdAt = values.createdAt ?? at(-100 - sequence);
  const bl = values.billOfLadingNumber ?? `TRGE${String(700_000 + sequence)}`;
  const [shipment] = await db
    .insert(shipments)
    .values({
      accountId,
      createdAt,
      // Milliseconds, as a client compares them (now() would differ from another row by microseconds).
      updatedAt: at(-sequence * 3),
      billOfLadingNumber: bl,
      normalizedNumber: bl,
      shippingLineId: shippingLineId("MAEU"),
      portOfLadingId: portId("CNSHA"),
      portOfDischargeId: portId("USLAX"),
      ...values,
    })
    .returning();
  const rows = [];
  for (const [i, box] of boxes.entries()) {
    const [row] = await db
      .insert(containers)
      .values({
        accountId,
        shipmentId: shipment!.id,
        // Containers of one shipment share its creation time: ties that the id breaks.
        createdAt,
        updatedAt: at(-sequence * 2 - i),
        number: `TRGU${String(1_000_000 + sequence * 10 + i)}`,
        ...box,
      })
      .returning();
    rows.push(row!);
  }
  // As stored after the triggers ran (copies, the shipment's last free day).
  const [stored] = await db.select().from(shipments).where(eqId(shipment!.id));
  return { shipment: stored!, containers: await containersOf(db, shipment!.id) };
}

const eqId = (id: string) => eq(shipments.id, id);
const containersOf = (db: Db, shipmentId: string) =>
  db.select().from(containers).where(eq(containers.shipmentId, shipmentId)).orderBy(asc(containers.number));

const customs: Hold = [{ name: "customs", status: "hold", description: "CBP exam" }];
const freightAndUsda: Hold = [
  { name: "freight", status: "hold", description: "Freight unpaid" },
  { name: "USDA", status: "hold", description: null },
  { name: "customs", status: "pending", description: null },
];

/** At the terminal of discharge, discharged, not yet out. */
const discharged = (status: string, extra: Partial<ContainerInsert> = {}): Partial<ContainerInsert> => ({
  currentStatus: status,
  podArrivedAt: at(-30),
  podDischargedAt: at(-28),
  availableForPickup: status === "available",
  ...extra,
});

export interface TriageFixture {
  /** The account's shipments, by name. */
  s: Record<"savannah" | "losAngeles" | "shanghai" | "later" | "noEta" | "sameEta", FixtureShipment>;
  vessel: { imo: string; name: string; id: string };
  /** Every container and shipment id of the other account. */
  otherIds: Set<string>;
  other: FixtureShipment;
}

/**
 * Builds the fixture in `accountId`, and the same kinds of rows in `otherAccountId`. Times are relative to
 * TEST_NOW (2026-11-20T12:00Z): 07:00 in Savannah, 04:00 in Los Angeles, 20:00 in Shanghai.
 */
export async function buildTriageFixture(
  db: Db,
  accountId: string,
  otherAccountId: string,
): Promise<TriageFixture> {
  const imo = String(9_700_000 + Math.floor(Math.random() * 99_999)).padStart(7, "9");
  const [vessel] = await db
    .insert(vessels)
    .values({ name: `TRIAGE STAR ${randomUUID().slice(0, 4)}`, imo, mmsi: "219000777" })
    .returning();
  const [otherVessel] = await db
    .insert(vessels)
    .values({ name: `OTHER STAR ${randomUUID().slice(0, 4)}`, mmsi: "219000778" })
    .returning();

  const savannah = await addShipment(
    db,
    accountId,
    {
      portOfDischargeId: portId("USSAV"),
      podVesselId: vessel!.id,
      podEtaAt: at(46),
      podOriginalEtaAt: at(-2),
      // We expect it 26 hours later than the line says.
      podPredictedArrivalAt: at(72),
      polEtdAt: at(-400),
      polAtdAt: at(-399),
      destinationEtaAt: at(80),
      tags: ["urgent", "reefer"],
      customerName: "Acme Corp",
      refNumbers: ["PO-TRIAGE-77"],
    },
    [
      // Last free day tomorrow in Savannah (2026-11-21 10:00 local).
      discharged("available", { holdsAtPodTerminal: customs, lfdTerminal: at(27), lfdLine: at(60) }),
      { currentStatus: "on_ship" },
    ],
  );
  const losAngeles = await addShipment(
    db,
    accountId,
    {
      shippingLineId: shippingLineId("MSCU"),
      podEtaAt: at(-22),
      podOriginalEtaAt: at(-22),
      podAtaAt: at(-21),
      polEtdAt: at(-300),
      destinationEtaAt: at(-10),
      destinationAtaAt: at(-9),
      tags: ["reefer"],
      customerName: "Beta LLC",
      lineTrackingStoppedAt: at(-1),
      lineTrackingStoppedReason: "no_updates_at_line",
    },
    [
      // Last free day today in Los Angeles (2026-11-20 12:00 local), the line's earlier than the terminal's.
      discharged("not_available", {
        holdsAtPodTerminal: freightAndUsda,
        lfdTerminal: at(40),
        lfdLine: at(8),
      }),
      // Picked up: its passed last free day no longer runs.
      discharged("picked_up", { podFullOutAt: at(-5), lfdTerminal: at(-50) }),
    ],
  );
  const shanghai = await addShipment(
    db,
    accountId,
    {
      shippingLineId: shippingLineId("CMDU"),
      portOfDischargeId: portId("CNSHA"),
      portOfLadingId: portId("USLAX"),
      podEtaAt: at(-40),
      podOriginalEtaAt: at(-70),
      podAtaAt: at(-40),
      customerName: "acme corp",
    },
    [
      // Passed in Shanghai: 2026-11-19 18:00 local, and today there is the 20th.
      discharged("available", { lfdTerminal: at(-26) }),
    ],
  );
  const later = await addShipment(
    db,
    accountId,
    {
      portOfDischargeId: portId("USSAV"),
      podEtaAt: at(120),
      podOriginalEtaAt: at(120),
      podPredictedArrivalAt: at(100),
      polEtdAt: at(-10),
      lineTrackingStoppedAt: at(-3),
      lineTrackingStoppedReason: "cancelled_by_user",
    },
    [{ currentStatus: "new" }, { currentStatus: "new" }],
  );
  const noEta = await addShipment(db, accountId, { podEtaAt: null, tags: ["urgent"] }, [
    { currentStatus: "new" },
  ]);
  // The same ETA as savannah: a tie that the default order (newest first) breaks.
  const sameEta = await addShipment(
    db,
    accountId,
    { podEtaAt: at(46), podOriginalEtaAt: at(46), shippingLineId: shippingLineId("MSCU") },
    [discharged("available", { lfdLine: at(-20) })],
  );

  await db.insert(trackingRequests).values([
    {
      accountId,
      requestType: "bill_of_lading",
      requestNumber: "TRGEFAILED1",
      normalizedNumber: "TRGEFAILED1",
      scac: "MAEU",
      status: "failed",
      failedReason: "not_found",
    },
    {
      accountId,
      requestType: "bill_of_lading",
      requestNumber: savannah.shipment.billOfLadingNumber,
      normalizedNumber: savannah.shipment.billOfLadingNumber,
      scac: "MAEU",
      status: "created",
      shipmentId: savannah.shipment.id,
    },
  ]);

  // The other account: rows that match every filter and every count above.
  const other = await addShipment(
    db,
    otherAccountId,
    {
      portOfDischargeId: portId("USSAV"),
      podVesselId: vessel!.id,
      podEtaAt: at(46),
      podOriginalEtaAt: at(-60),
      tags: ["urgent", "reefer"],
      customerName: "Acme Corp",
      lineTrackingStoppedAt: at(-1),
      lineTrackingStoppedReason: "no_updates_at_line",
      refNumbers: ["PO-TRIAGE-77"],
    },
    [
      discharged("available", { holdsAtPodTerminal: freightAndUsda, lfdTerminal: at(27) }),
      discharged("available", { holdsAtPodTerminal: customs, lfdTerminal: at(1) }),
      discharged("available", { lfdTerminal: at(-30) }),
      { currentStatus: "on_ship" },
    ],
  );
  const otherLater = await addShipment(db, otherAccountId, { podVesselId: otherVessel!.id }, [
    { currentStatus: "new" },
  ]);
  await db.insert(trackingRequests).values({
    accountId: otherAccountId,
    requestType: "bill_of_lading",
    requestNumber: "TRGEFAILED2",
    normalizedNumber: "TRGEFAILED2",
    scac: "MAEU",
    status: "failed",
    failedReason: "not_found",
  });
  const otherIds = new Set(
    [other, otherLater].flatMap((x) => [x.shipment.id, ...x.containers.map((c) => c.id)]),
  );
  return {
    s: { savannah, losAngeles, shanghai, later, noEta, sameEta },
    vessel: { imo, name: vessel!.name, id: vessel!.id },
    otherIds,
    other,
  };
}
