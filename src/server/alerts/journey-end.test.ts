// Service tests of the alerts at a journey's end, from events recorded as the engine records them: a box's rail
// arrival at its inland destination (told once, though the line sends the ramp's and the destination's event), an
// empty returned, and a pickup appointment made, then moved.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutbox } from "../db/outbox";
import { portId } from "../db/reference-data";
import { alerts, shipments } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

describe("alerts at a journey's end", () => {
  let h: Harness;
  let accountId: string;
  let ana: string;

  beforeAll(async () => {
    h = await createHarness();
    accountId = (await h.newAccount("Rail Co")).account.id;
    ana = await personCookie(h, accountId, "ana@rail.example", "member");
  });
  afterAll(() => h.close());

  it("tells of a rail arrival once, an empty returned, and an appointment made and moved", async () => {
    for (const kind of ["inland_arrived", "empty_returned", "pickup_appointment_changed"]) {
      const made = await asPerson(h, ana, "/v2/alert_rules", {
        method: "POST",
        json: { data: { attributes: { name: kind, kind, channels: ["in_app"] } } },
      });
      expect(made.status).toBe(201);
    }
    await h.service.alerts.runOnce();
    const { shipment, containers } = await insertShipment(h.db, accountId, {
      containerNumbers: ["MSCU7654321"],
    });
    await h.db
      .update(shipments)
      .set({ destinationId: portId("USCHI") })
      .where(eq(shipments.id, shipment.id));
    const box = containers[0]!;
    const at = h.clock.now();
    const scope = { accountId, shipmentId: shipment.id, containerId: box.id, createdAt: at };
    const transport = (event: string) => ({
      ...scope,
      event: `container.transport.${event}`,
      referenceType: "transport_event",
      referenceId: box.id,
    });
    const appointment = (from: string | null, to: string | null) => ({
      ...scope,
      event: "container.updated",
      referenceType: "container",
      referenceId: box.id,
      changes: { pickup_appointment_at: { from, to } },
    });
    await insertOutbox(h.db, [
      transport("rail_arrived"),
      transport("arrived_at_inland_destination"),
      appointment(null, "2026-12-02T15:00:00.000Z"),
    ]);
    await insertOutbox(h.db, [
      appointment("2026-12-02T15:00:00.000Z", "2026-12-03T13:30:00.000Z"),
      transport("empty_in"),
    ]);
    await h.service.webhookDelivery.fanOut();
    expect(await h.service.alerts.runOnce()).toBe(4);

    const rows = await h.db
      .select({ kind: alerts.kind, title: alerts.title })
      .from(alerts)
      .where(eq(alerts.accountId, accountId));
    expect(rows.map((r) => `${r.kind}: ${r.title}`).sort()).toEqual([
      "empty_returned: Empty returned: MSCU7654321",
      "inland_arrived: Arrived by rail: MSCU7654321 at Chicago",
      "pickup_appointment_changed: Pickup appointment made: MSCU7654321 at Los Angeles, 2 Dec 2026, 07:00 (America/Los_Angeles)",
      "pickup_appointment_changed: Pickup appointment moved: MSCU7654321 at Los Angeles, 3 Dec 2026, 05:30 (America/Los_Angeles)",
    ]);
  });
});
