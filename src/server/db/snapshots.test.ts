// The engine's stored state of containers, read back from a real database: every column a refresh compares must
// come back exactly as the containers table holds it, or every refresh would rewrite every container.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSandboxBillOfLading, trackSandboxShipment } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { ABOARD_EVENTS } from "../tracking/journey";
import { refreshAboardColumns } from "./cargo-aboard";
import { containers } from "./schema";
import { readStoredContainers } from "./snapshots";

const DAY = 86_400_000;
let h: Harness;
let accountId: string;
let shipmentId: string;

beforeAll(async () => {
  h = await createHarness();
  accountId = (await h.newAccount("Snapshots Test Co")).account.id;
  // A shipment that has arrived and been discharged, with terminal data: most kept columns are set.
  const number = findSandboxBillOfLading("MSCU", h.clock.now(), 40 * DAY, (s) =>
    s.containers.some(
      (c) => c.terminal !== null && c.events.some((e) => e.event === "vessel_discharged" && !e.estimated),
    ),
  );
  shipmentId = (await trackSandboxShipment(h, accountId, "MSCU", number, 40 * DAY)).shipmentId;
  // And one at sea now, on a vessel.
  const sailing = findSandboxBillOfLading("CMDU", h.clock.now(), 10 * DAY, (s) =>
    s.containers.some((c) => c.events.filter((e) => !e.estimated).at(-1)?.event === "vessel_departed"),
  );
  await trackSandboxShipment(h, accountId, "CMDU", sailing, 10 * DAY);
});
afterAll(() => h.close());

describe("readStoredContainers", () => {
  it("reads back every compared column as the table holds it", async () => {
    const rows = await h.db.select().from(containers).where(eq(containers.shipmentId, shipmentId));
    const stored = await readStoredContainers(h.db, [{ accountId, id: shipmentId }]);
    expect(stored).toHaveLength(rows.length);
    const set = new Set<string>();
    for (const box of stored) {
      const row = rows.find((r) => r.id === box.id)!;
      const { raw, transport, ...columns } = box;
      expect(raw.length).toBeGreaterThan(0);
      expect(transport.length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(columns)) {
        expect(value, key).toEqual(row[key as keyof typeof row]);
        if (value !== null) set.add(key);
      }
    }
    // The sandbox set the kinds of columns that could be misread: times, numbers, text, a flag.
    for (const key of [
      "podArrivedAt",
      "terminalCheckedAt",
      "weightInLbs",
      "sealNumber",
      "availabilityKnown",
    ]) {
      expect(set, key).toContain(key);
    }
  });

  it("keeps the aboard columns as their definition from the stored carrier lines gives them", async () => {
    const aboard = () =>
      h.db
        .select({ id: containers.id, vessel: containers.aboardVesselId, port: containers.aboardPortId })
        .from(containers)
        .where(eq(containers.accountId, accountId))
        .orderBy(containers.id);
    const kept = await aboard();
    expect(kept.some((c) => c.vessel !== null && c.port !== null)).toBe(true);
    expect(kept.some((c) => c.vessel === null)).toBe(true);
    await refreshAboardColumns(h.db, accountId, ABOARD_EVENTS);
    expect(await aboard()).toEqual(kept);
  });

  it("reads only the shipments of the account named with them", async () => {
    const other = (await h.newAccount("Another Co")).account.id;
    expect(await readStoredContainers(h.db, [{ accountId: other, id: shipmentId }])).toEqual([]);
  });
});
