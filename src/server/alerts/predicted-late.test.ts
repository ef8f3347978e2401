// Service test of the forecast's alert: a shipment we predict more than a rule's hours later than its line's ETA is
// told of once, again when the line moves its ETA and is still too optimistic, and not when it is late by less.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HOUR } from "../../api/durations";
import { alerts, containers, shipments } from "../db/schema";
import { asPerson, personCookie } from "../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

describe("a shipment predicted late", () => {
  let h: Harness;
  let accountId: string;
  let ana: string;

  beforeAll(async () => {
    h = await createHarness();
    accountId = (await h.newAccount("Forecast Co")).account.id;
    ana = await personCookie(h, accountId, "ana@forecast.example", "member");
  });
  afterAll(() => h.close());

  /** Sets the line's ETA `etaInHours` from now and our prediction `lateBy` hours after it. */
  const predict = (id: string, etaInHours: number, lateBy: number) => {
    const eta = h.clock.now().getTime() + etaInHours * HOUR;
    return h.db
      .update(shipments)
      .set({
        podEtaAt: new Date(eta),
        podPredictedArrivalAt: new Date(eta + lateBy * HOUR),
        podPredictedArrivalReason: "Ships wait 2.1 days at anchor off Los Angeles this week.",
      })
      .where(eq(shipments.id, id));
  };
  const titles = async () => (await h.db.select().from(alerts).orderBy(alerts.createdAt)).map((a) => a.title);

  it("is told once per line's ETA, when it is later by more than the rule's hours", async () => {
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: {
        data: { attributes: { name: "Late", kind: "predicted_late", threshold: 24, channels: ["in_app"] } },
      },
    });
    expect(made.status).toBe(201);
    const late = await insertShipment(h.db, accountId, { billOfLading: "MAEU900000001" });
    const nearly = await insertShipment(h.db, accountId, { billOfLading: "MAEU900000002" });
    const stopped = await insertShipment(h.db, accountId, { billOfLading: "MAEU900000003", stopped: true });
    await predict(late.shipment.id, 72, 30);
    await predict(nearly.shipment.id, 72, 20);
    await predict(stopped.shipment.id, 72, 48);

    await h.service.alerts.runOnce();
    expect(await titles()).toEqual([
      "Predicted 30 h later than the line's ETA: MAEU900000001 at Los Angeles",
    ]);
    const [alert] = await h.db.select().from(alerts);
    expect(alert!.shipmentId).toBe(late.shipment.id);
    expect(alert!.details).toContain("Why: Ships wait 2.1 days at anchor off Los Angeles this week.");

    // Nothing new: the same shipment and line's ETA are told of once.
    await h.service.alerts.runOnce();
    expect(await titles()).toHaveLength(1);

    // The line moves its ETA two hours later; we still expect it 28 hours after that.
    await predict(late.shipment.id, 74, 28);
    await h.service.alerts.runOnce();
    expect((await titles()).at(-1)).toBe(
      "Predicted 28 h later than the line's ETA: MAEU900000001 at Los Angeles",
    );

    // Arrived: not late any more, whatever was last predicted.
    await h.db.update(shipments).set({ podAtaAt: h.clock.now() }).where(eq(shipments.id, late.shipment.id));
    await predict(late.shipment.id, 80, 40);
    await h.service.alerts.runOnce();
    expect(await titles()).toHaveLength(2);
  });

  it("tells once per container and kind of an expected event missing", async () => {
    await h.db.delete(alerts);
    // The box is set up whole before the rule is made: making a rule checks at once, and a check between the
    // fixture's insert (sailed, ETA passed: its arrival overdue) and the update below would rightly tell of that.
    const stuck = await insertShipment(h.db, accountId, {
      billOfLading: "MAEU900000004",
      containerNumbers: ["STUK1234565"],
    });
    const now = h.clock.now().getTime();
    // Still at Shanghai 30 hours after the line said it would sail.
    await h.db
      .update(shipments)
      .set({ polEtdAt: new Date(now - 30 * HOUR), polAtdAt: null, podAtaAt: null })
      .where(eq(shipments.id, stuck.shipment.id));
    await h.db
      .update(containers)
      .set({ currentStatus: "new", podDischargedAt: null })
      .where(eq(containers.id, stuck.containers[0]!.id));
    const made = await asPerson(h, ana, "/v2/alert_rules", {
      method: "POST",
      json: {
        data: { attributes: { name: "Missing", kind: "expected_event_missing", channels: ["in_app"] } },
      },
    });
    expect(made.status).toBe(201);
    await h.service.alerts.runOnce();
    await h.service.alerts.runOnce();
    const stored = await h.db.select().from(alerts).where(eq(alerts.containerId, stuck.containers[0]!.id));
    expect(stored.map((a) => a.title)).toEqual(["Departure overdue: STUK1234565 at Los Angeles"]);
    expect(stored[0]!.details[0]).toMatch(/^The line's estimated departure passed more than a day ago/);
  });

  it("is told at once when the rule's check is asked for while another pass runs", async () => {
    await h.db.delete(alerts);
    const late = await insertShipment(h.db, accountId, { billOfLading: "MAEU900000009" });
    await predict(late.shipment.id, 72, 30);
    // A pass for new events is under way when a rule is made (an account's events flow all day long): the rule's
    // check must run all the same, not wait for the next timed one (CI's end-to-end test waited 30 s for it).
    h.service.alerts.wake();
    h.service.alerts.wake(true);
    await vi.waitFor(
      async () =>
        expect((await titles()).filter((t) => t.startsWith("Predicted"))).toEqual([
          "Predicted 30 h later than the line's ETA: MAEU900000009 at Los Angeles",
        ]),
      { timeout: 15_000, interval: 100 },
    );
    await h.service.alerts.runOnce();
  });
});
