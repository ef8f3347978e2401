// Service test of the carrier data-quality figures: shipments of known milestones, record delays and ETA history,
// and the numbers GET /v2/carrier_data_quality makes of them; the window, the account and the movements that
// happened before tracking are kept out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, MINUTE } from "../../api/durations";
import { arrivalPredictions, shipments, transportEvents } from "../db/schema";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";

interface Quality {
  id: string;
  attributes: {
    scac: string;
    containers: number;
    milestones: { expected: number; received: number; share: number | null; missing: Record<string, number> };
    latency: { events: number; median_minutes: number | null; p90_minutes: number | null };
    eta_error: Record<string, number | null>;
  };
}

describe("GET /v2/carrier_data_quality", () => {
  let h: Harness;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    h = await createHarness();
    const made = await h.newAccount("Quality Co");
    key = made.apiKey;
    accountId = made.account.id;
  });
  afterAll(() => h.close());

  const now = () => h.clock.now().getTime();

  /** A shipment tracked 40 days ago that arrived `daysAgo`, with its box's movements recorded `late` minutes after. */
  async function arrived(daysAgo: number, moves: [string, number][], account = accountId) {
    const made = await insertShipment(h.db, account, { createdAt: new Date(now() - 40 * DAY) });
    const ata = new Date(now() - daysAgo * DAY);
    await h.db.update(shipments).set({ podAtaAt: ata }).where(eq(shipments.id, made.shipment.id));
    const box = made.containers[0]!;
    for (const [i, [event, late]] of moves.entries()) {
      const at = new Date(ata.getTime() - (moves.length - i) * DAY);
      await h.db.insert(transportEvents).values({
        accountId: account,
        shipmentId: made.shipment.id,
        containerId: box.id,
        event: `container.transport.${event}`,
        timestamp: at,
        createdAt: new Date(at.getTime() + late * MINUTE),
      });
    }
    return { id: made.shipment.id, ata: ata.getTime() };
  }

  const predicted = (shipmentId: string, madeAt: number, carrierEta: number, ours: number) =>
    h.db.insert(arrivalPredictions).values({
      accountId,
      shipmentId,
      madeAt: new Date(madeAt),
      predictedAt: new Date(ours),
      p10At: new Date(ours - DAY),
      p90At: new Date(ours + DAY),
      carrierEtaAt: new Date(carrierEta),
      reason: "test",
      basis: "at_sea",
      rawAt: new Date(ours),
      bucket: "test",
    });

  it("counts each line's milestones received, the delay to our record, and its ETA a week out against ours", async () => {
    const a = await arrived(10, [
      ["vessel_loaded", 30],
      ["vessel_departed", 60],
      ["vessel_arrived", 90],
      ["vessel_discharged", 120],
    ]);
    const b = await arrived(20, [
      ["vessel_loaded", 600],
      ["vessel_departed", 600],
      ["vessel_arrived", 600],
    ]);
    // Arrived before the window, too lately to judge, and another account's: none counts.
    await arrived(100, [["vessel_loaded", 5]]);
    await arrived(1, [["vessel_loaded", 5]]);
    const other = await h.newAccount("Other Co");
    await arrived(10, [["vessel_loaded", 5]], other.account.id);
    // A week before each arrival: the line 2 days early and ours half a day late; the line half a day late and ours
    // 3 days. A later row (3 days out) is not the week-out one.
    await predicted(a.id, a.ata - 7.5 * DAY, a.ata - 2 * DAY, a.ata + 0.5 * DAY);
    await predicted(a.id, a.ata - 3 * DAY, a.ata, a.ata);
    await predicted(b.id, b.ata - 7.2 * DAY, b.ata + 0.5 * DAY, b.ata + 3 * DAY);

    const response = await h.request(key, "/v2/carrier_data_quality");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Quality[];
      meta: { days: number; from: string; to: string };
    };
    expect(body.meta.days).toBe(90);
    expect(Date.parse(body.meta.to) - Date.parse(body.meta.from)).toBe(87 * DAY);
    expect(Date.parse(body.meta.to)).toBe(now() - 3 * DAY);
    expect(body.data).toHaveLength(1);
    const [maersk] = body.data;
    expect(maersk!.id).toBe("MAEU");
    expect(maersk!.attributes.containers).toBe(2);
    expect(maersk!.attributes.milestones).toEqual({
      expected: 8,
      received: 7,
      share: 0.88,
      missing: { vessel_loaded: 0, vessel_departed: 0, vessel_arrived: 0, vessel_discharged: 1 },
    });
    // 30, 60, 90, 120, 600, 600, 600 minutes.
    expect(maersk!.attributes.latency).toEqual({ events: 7, median_minutes: 120, p90_minutes: 600 });
    expect(maersk!.attributes.eta_error).toEqual({
      days_out: 7,
      shipments: 2,
      carrier_mean_absolute_days: 1.25,
      carrier_within_1_day: 0.5,
      predicted_mean_absolute_days: 1.75,
      predicted_within_1_day: 0.5,
    });
  });

  it("leaves out movements that happened before the box was tracked", async () => {
    const h2 = await createHarness();
    try {
      const made = await h2.newAccount("Late Co");
      const shipment = await insertShipment(h2.db, made.account.id, { createdAt: new Date(now() - DAY) });
      await h2.db
        .update(shipments)
        .set({ podAtaAt: new Date(now() - 4 * DAY) })
        .where(eq(shipments.id, shipment.shipment.id));
      await h2.db.insert(transportEvents).values({
        accountId: made.account.id,
        shipmentId: shipment.shipment.id,
        containerId: shipment.containers[0]!.id,
        event: "container.transport.vessel_loaded",
        timestamp: new Date(now() - 20 * DAY),
        createdAt: new Date(now() - DAY),
      });
      const body = (await (await h2.request(made.apiKey, "/v2/carrier_data_quality")).json()) as {
        data: Quality[];
      };
      expect(body.data[0]!.attributes.latency).toEqual({
        events: 0,
        median_minutes: null,
        p90_minutes: null,
      });
      expect(body.data[0]!.attributes.milestones.received).toBe(1);
      expect(body.data[0]!.attributes.eta_error.shipments).toBe(0);
    } finally {
      await h2.close();
    }
  });
});
