// Service test of one batch of changes in an account of many people: 200 people whose rules take everything, and
// 25 arrivals read in one batch, are 5,000 alerts and their deliveries. The worker stores them about 1,000 to a
// transaction (a batch stops at the change that reaches that many, and the cursor with it): every one is stored,
// once, none is skipped by a cursor moved past changes not yet told.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlertRule } from "../db/alerts";
import { insertOutbox } from "../db/outbox";
import { addMember, createUser } from "../db/people";
import { alertDeliveries, alerts } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

const PEOPLE = 200;
const ARRIVALS = 25;

describe("a batch of changes told to many people", () => {
  let h: Harness;
  let accountId: string;

  beforeAll(async () => {
    h = await createHarness();
    accountId = (await h.newAccount("Crowd Co")).account.id;
    const now = h.clock.now();
    for (let i = 0; i < PEOPLE; i++) {
      const user = await createUser(h.db, {
        email: `p${i}@crowd.example`,
        name: `P ${i}`,
        emailVerified: true,
        now,
      });
      await addMember(h.db, accountId, user.id, "member", now);
      await createAlertRule(
        h.db,
        accountId,
        user.id,
        {
          name: "Arrivals",
          kind: "vessel_arrived",
          threshold: null,
          holdName: null,
          scope: { type: "all" },
          channels: ["in_app"],
        },
        50,
        now,
      );
    }
  });
  afterAll(() => h.close());

  it("stores every alert and delivery of the batch", async () => {
    await h.service.alerts.runOnce();
    const rows = [];
    for (let i = 0; i < ARRIVALS; i++) {
      const { shipment, containers } = await insertShipment(h.db, accountId, {
        containerNumbers: [`CRWU${String(1_000_000 + i).slice(-7)}`],
      });
      rows.push({
        accountId,
        shipmentId: shipment.id,
        containerId: containers[0]!.id,
        createdAt: h.clock.now(),
        event: "container.transport.vessel_arrived",
        referenceType: "transport_event",
        referenceId: containers[0]!.id,
      });
    }
    await insertOutbox(h.db, rows);
    await h.service.webhookDelivery.fanOut();
    expect(await h.service.alerts.runOnce()).toBe(PEOPLE * ARRIVALS);
    const [stored] = await h.db.select({ n: count() }).from(alerts).where(eq(alerts.accountId, accountId));
    const [delivered] = await h.db
      .select({ n: count() })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.accountId, accountId));
    expect([stored!.n, delivered!.n]).toEqual([PEOPLE * ARRIVALS, PEOPLE * ARRIVALS]);
  });
});
