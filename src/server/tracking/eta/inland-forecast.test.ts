// The forecaster's inland predictions in the service: trains that came in from Los Angeles to Chicago teach it the
// route's transit; a shipment whose train has left is predicted from them, one still at the port follows the line's
// estimate; both lists' shipments and containers carry it, and it is gone once the boxes are in.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../api/durations";
import { portId } from "../../db/reference-data";
import { containers, shipments } from "../../db/schema";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import { EtaKnowledge } from "./eta-knowledge";
import { inlandWrite } from "./forecaster";

interface Attributes {
  destination_predicted_arrival_at: string | null;
  destination_predicted_arrival_window: { earliest_at: string; latest_at: string } | null;
  destination_predicted_arrival_reason: string | null;
}

describe("inland predictions", () => {
  let h: Harness;
  let accountId: string;
  let key: string;

  beforeEach(async () => {
    h = await createHarness();
    const made = await h.newAccount("Inland Co");
    accountId = made.account.id;
    key = made.apiKey;
  });
  afterEach(() => h.close());

  const now = () => h.clock.now().getTime();

  /** A shipment from Los Angeles on to Chicago by rail: its train left `departedDaysAgo` (null: not yet). */
  async function toChicago(options: {
    departedDaysAgo: number | null;
    etaInDays: number;
    arrivedAfterDays?: number;
  }) {
    const made = await insertShipment(h.db, accountId);
    const departed =
      options.departedDaysAgo === null ? null : new Date(now() - options.departedDaysAgo * DAY);
    const arrived =
      departed && options.arrivedAfterDays !== undefined
        ? new Date(departed.getTime() + options.arrivedAfterDays * DAY)
        : null;
    await h.db
      .update(shipments)
      .set({
        destinationId: portId("USCHI"),
        destinationEtaAt: new Date(now() + options.etaInDays * DAY),
        destinationAtaAt: arrived,
        podAtaAt: new Date(now() - 10 * DAY),
      })
      .where(eq(shipments.id, made.shipment.id));
    await h.db
      .update(containers)
      .set({ podRailDepartedAt: departed, indAtaAt: arrived })
      .where(eq(containers.shipmentId, made.shipment.id));
    return made.shipment.id;
  }

  const attributesOf = async (path: string) =>
    ((await (await h.request(key, path)).json()) as { data: { attributes: Attributes } }).data.attributes;

  it("moves the train's arrival as late as we expect the ship, while the ship is coming", () => {
    const base = {
      id: "s-1",
      portOfDischargeId: portId("USLAX"),
      destinationId: portId("USCHI"),
      destinationEtaAt: now() + 10 * DAY,
      railDepartedAt: null,
      current: null,
    };
    const shipLate = {
      ...base,
      pod: {
        etaAt: now() + 5 * DAY,
        predicted: { at: now() + 7 * DAY, p10: now() + 6 * DAY, p90: now() + 8.5 * DAY },
      },
    };
    expect(inlandWrite(shipLate, h.reference, new EtaKnowledge(), now())).toEqual({
      shipmentId: "s-1",
      at: now() + 12 * DAY,
      p10: now() + 11 * DAY,
      p90: now() + 13.5 * DAY,
      reason:
        "We expect the ship at Los Angeles 2.0 days after the line's ETA there, and the train after it as late.",
    });
    // A ship about on time, or none predicted: the line's estimate until the train leaves.
    for (const pod of [
      {
        etaAt: now() + 5 * DAY,
        predicted: { at: now() + 5 * DAY + HOUR, p10: now() + 4 * DAY, p90: now() + 6 * DAY },
      },
      { etaAt: now() + 5 * DAY, predicted: null },
      null,
    ]) {
      expect(inlandWrite({ ...base, pod }, h.reference, new EtaKnowledge(), now())).toMatchObject({
        at: base.destinationEtaAt,
        reason: "Following the line's estimate until the train leaves the port.",
      });
    }
  });

  it("predicts a train that left from the route's recent transits, and follows the line before it leaves", async () => {
    // Six trains came in lately, taking 4 days and 0 to 5 hours.
    const past: string[] = [];
    for (let i = 0; i < 6; i++) {
      past.push(await toChicago({ departedDaysAgo: 20 + i, etaInDays: -15, arrivedAfterDays: 4 + i / 24 }));
    }
    const onTrain = await toChicago({ departedDaysAgo: 1, etaInDays: 1 });
    const atPort = await toChicago({ departedDaysAgo: null, etaInDays: 6 });

    await h.service.forecaster.runOnce();
    const moving = await attributesOf(`/v2/shipments/${onTrain}`);
    const departedAt = now() - DAY;
    const predicted = Date.parse(moving.destination_predicted_arrival_at!);
    // The middle of 4 days and 0 to 5 hours (4 days 3 hours), from the train's departure: not the line's 2 days.
    expect(predicted - departedAt).toBeGreaterThan(4 * DAY + 2 * HOUR);
    expect(predicted - departedAt).toBeLessThanOrEqual(4 * DAY + 3 * HOUR);
    expect(Date.parse(moving.destination_predicted_arrival_window!.earliest_at)).toBeLessThanOrEqual(
      predicted,
    );
    expect(Date.parse(moving.destination_predicted_arrival_window!.latest_at)).toBeGreaterThanOrEqual(
      predicted,
    );
    expect(moving.destination_predicted_arrival_reason).toMatch(
      /^Trains from Los Angeles to Chicago took 4\.\d days lately \(4\.\d–4\.\d for 8 in 10 of 6\)\.$/,
    );
    const waiting = await attributesOf(`/v2/shipments/${atPort}`);
    expect(waiting.destination_predicted_arrival_at).toBe(new Date(now() + 6 * DAY).toISOString());
    expect(waiting.destination_predicted_arrival_reason).toBe(
      "Following the line's estimate until the train leaves the port.",
    );
    // Its containers carry their shipment's.
    const [box] = await h.db.select().from(containers).where(eq(containers.shipmentId, onTrain));
    expect((await attributesOf(`/v2/containers/${box!.id}`)).destination_predicted_arrival_at).toBe(
      moving.destination_predicted_arrival_at,
    );
    // The trains that came in show none: their arrival is a fact.
    expect((await attributesOf(`/v2/shipments/${past[0]}`)).destination_predicted_arrival_at).toBeNull();

    // Once in, the prediction is gone from the shipment.
    await h.db
      .update(shipments)
      .set({ destinationAtaAt: new Date(now()) })
      .where(eq(shipments.id, onTrain));
    await h.service.forecaster.runOnce();
    expect((await attributesOf(`/v2/shipments/${onTrain}`)).destination_predicted_arrival_at).toBeNull();
    const [row] = await h.db.select().from(shipments).where(eq(shipments.id, onTrain));
    expect(row!.destinationPredictedArrivalAt).toBeNull();
  });
});
