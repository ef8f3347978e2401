// Service test of a last free day told as soon as it is published: the running worker checks the day of a box that
// just changed (its `container.updated` read from the log) in its next pass, not at the next check of every waiting
// box (5 minutes away).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOutbox } from "../db/outbox";
import { alerts, containers } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

describe("a last free day published by the line", () => {
  let h: Harness;
  let accountId: string;
  let ana: string;

  beforeAll(async () => {
    h = await createHarness();
    accountId = (await h.newAccount("Soon Co")).account.id;
    ana = await personCookie(h, accountId, "ana@soon.example", "member");
  });
  afterAll(async () => {
    await h.service.alerts.stop();
    await h.close();
  });

  it("is told in the running worker's next pass after the change is logged", async () => {
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: {
        data: { attributes: { name: "LFD soon", kind: "lfd_within", threshold: 2, channels: ["in_app"] } },
      },
    });
    expect(made.status).toBe(201);
    const { shipment, containers: boxes } = await insertShipment(h.db, accountId, {
      containerNumbers: ["SOON1234565"],
    });
    const box = boxes[0]!;
    // Running as in production (a pass a second, every waiting box's day every 5 minutes); the first pass, which
    // checks every day, is over before anything changes.
    h.service.alerts.start();
    await h.service.alerts.runOnce();

    // The line publishes the day: discharged at Los Angeles, the last free day the 22nd there (now is the 20th).
    await h.db
      .update(containers)
      .set({ podDischargedAt: new Date("2026-11-19T10:00:00Z"), lfdLine: new Date("2026-11-22T08:00:00Z") })
      .where(eq(containers.id, box.id));
    await insertOutbox(h.db, [
      {
        accountId,
        shipmentId: shipment.id,
        containerId: box.id,
        createdAt: h.clock.now(),
        event: "container.updated",
        referenceType: "container",
        referenceId: box.id,
        changes: { pickup_lfd_line: { from: null, to: "2026-11-22T08:00:00.000Z" } },
      },
    ]);
    await h.service.webhookDelivery.fanOut();
    await expect
      .poll(
        async () =>
          (await h.db.select().from(alerts).where(eq(alerts.containerId, box.id))).map((a) => a.title),
        {
          timeout: 10_000,
        },
      )
      .toEqual(["LFD in 2 days: SOON1234565 at Los Angeles"]);
  });
});
