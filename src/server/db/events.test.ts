// Transport events in time order, read for one container and for many at once: movements at the same instant
// follow the carrier's order of its lines, whichever was written first, and every read agrees, including the
// webhook fan-out's reads of containers and shipments across accounts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { containersByRefs, getContainers } from "./containers";
import { listTransportEvents, transportEventsOf } from "./events";
import { rawEvents, transportEvents } from "./schema";
import { getShipments, shipmentsByRefs } from "./shipments";

let h: Harness;
let accountId: string;
let shipmentId: string;
const boxes: { id: string; expected: string[] }[] = [];

beforeAll(async () => {
  h = await createHarness();
  accountId = (await h.newAccount("Events Order Co")).account.id;
  const shipment = await insertShipment(h.db, accountId, {
    containerNumbers: ["MSCU1234565", "TGHU7654321"],
  });
  shipmentId = shipment.shipment.id;
  const at = new Date("2026-11-10T08:00:00Z");
  for (const box of shipment.containers) {
    // The carrier lists "loaded" before "departed", both at 08:00; the service wrote "departed" first.
    await h.db.insert(rawEvents).values([
      {
        accountId,
        containerId: box.id,
        event: "full_in",
        index: 0,
        originalEvent: "Gate in",
        timestamp: new Date("2026-11-09T08:00:00Z"),
        estimated: false,
        carrierKey: `${box.id}/in`,
      },
      {
        accountId,
        containerId: box.id,
        event: "vessel_loaded",
        index: 1,
        originalEvent: "Loaded",
        timestamp: at,
        estimated: false,
        carrierKey: `${box.id}/load`,
      },
      {
        accountId,
        containerId: box.id,
        event: "vessel_departed",
        index: 2,
        originalEvent: "Departed",
        timestamp: at,
        estimated: false,
        carrierKey: `${box.id}/dep`,
      },
    ]);
    const [departed] = await h.db
      .insert(transportEvents)
      .values({
        accountId,
        shipmentId: shipment.shipment.id,
        containerId: box.id,
        event: "container.transport.vessel_departed",
        timestamp: at,
        carrierKey: `${box.id}/dep`,
        createdAt: new Date("2026-11-10T08:05:00Z"),
      })
      .returning();
    const [loaded] = await h.db
      .insert(transportEvents)
      .values({
        accountId,
        shipmentId: shipment.shipment.id,
        containerId: box.id,
        event: "container.transport.vessel_loaded",
        timestamp: at,
        carrierKey: `${box.id}/load`,
        createdAt: new Date("2026-11-10T08:06:00Z"),
      })
      .returning();
    const [gateIn] = await h.db
      .insert(transportEvents)
      .values({
        accountId,
        shipmentId: shipment.shipment.id,
        containerId: box.id,
        event: "container.transport.full_in",
        timestamp: new Date("2026-11-09T08:00:00Z"),
        carrierKey: `${box.id}/in`,
        createdAt: new Date("2026-11-10T08:07:00Z"),
      })
      .returning();
    boxes.push({ id: box.id, expected: [gateIn!.id, loaded!.id, departed!.id] });
  }
});
afterAll(() => h.close());

describe("transport events in time order", () => {
  it("puts movements at the same instant in the carrier's order, for one container", async () => {
    for (const box of boxes) {
      const { rows } = await listTransportEvents(h.db, accountId, box.id, { limit: 10, offset: 0 });
      expect(rows.map((r) => r.id)).toEqual(box.expected);
    }
  });

  it("reads the same order for many containers at once, as the rows and as the containers' relationships", async () => {
    const ids = boxes.map((b) => b.id);
    const rows = await transportEventsOf(h.db, accountId, ids);
    for (const box of boxes) {
      expect(rows.filter((r) => r.containerId === box.id).map((r) => r.id)).toEqual(box.expected);
    }
    const records = await getContainers(h.db, accountId, ids);
    for (const box of boxes) {
      expect(records.find((r) => r.container.id === box.id)?.transportEventIds).toEqual(box.expected);
    }
  });

  it("reads containers and shipments of several accounts at once as each account's own reads give them", async () => {
    const other = (await h.newAccount("Other Events Co")).account.id;
    const theirs = await insertShipment(h.db, other, { containerNumbers: ["CMAU1111112"] });
    const ids = boxes.map((b) => b.id);
    const theirIds = theirs.containers.map((c) => c.id);
    const containers = await containersByRefs(h.db, [
      ...ids.map((id) => ({ accountId, id })),
      ...theirIds.map((id) => ({ accountId: other, id })),
    ]);
    // The batch's order is by creation across accounts; what matters is each record, by id.
    const byContainer = (list: { container: { id: string } }[]) =>
      [...list].sort((a, b) => (a.container.id < b.container.id ? -1 : 1));
    expect(byContainer(containers)).toEqual(
      byContainer([
        ...(await getContainers(h.db, accountId, ids)),
        ...(await getContainers(h.db, other, theirIds)),
      ]),
    );
    expect(containers.find((c) => c.container.id === boxes[0]!.id)?.rawEventIds).toHaveLength(3);
    const shipments = await shipmentsByRefs(h.db, [
      { accountId, id: shipmentId },
      { accountId: other, id: theirs.shipment.id },
    ]);
    const byShipment = (list: { shipment: { id: string } }[]) =>
      [...list].sort((a, b) => (a.shipment.id < b.shipment.id ? -1 : 1));
    expect(byShipment(shipments)).toEqual(
      byShipment([
        ...(await getShipments(h.db, accountId, [shipmentId])),
        ...(await getShipments(h.db, other, [theirs.shipment.id])),
      ]),
    );
    // An id named with the wrong account is not found.
    expect(await containersByRefs(h.db, [{ accountId: other, id: ids[0]! }])).toEqual([]);
    expect(await shipmentsByRefs(h.db, [{ accountId: other, id: shipmentId }])).toEqual([]);
  });

  it("finds nothing of another account's containers", async () => {
    const other = (await h.newAccount("Someone Else")).account.id;
    expect(
      await transportEventsOf(
        h.db,
        other,
        boxes.map((b) => b.id),
      ),
    ).toEqual([]);
  });
});
