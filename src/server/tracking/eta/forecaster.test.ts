// The arrival forecaster in the service: a sandbox shipment followed from its tracking request to its arrival on a
// hand-driven clock, the predictions it writes onto the shipment and its containers, their history beside the
// line's ETA, what it learns once the ships are in, and the `predicted_late` filter of both lists.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../api/durations";
import { pastArrivals, pastMisses } from "../../db/arrival-predictions";
import { arrivalPredictions, shipments, trackingRequests } from "../../db/schema";
import {
  findSandboxBillOfLading,
  requestSandboxBillOfLading,
  sandboxEngine,
} from "../../testing/sandbox-shipments";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import { anchorWaitMs, learnFromRecords } from "./learned-from-records";

interface Doc {
  data: { id: string; attributes: Record<string, unknown> };
  errors?: { source?: { parameter?: string } }[];
}
const json = async (r: Response) => (await r.json()) as Doc;
const listOf = async (r: Response) =>
  (await r.json()) as { data: { id: string; attributes: Record<string, string> }[] };

describe("the arrival forecaster", () => {
  let h: Harness;
  let accountId: string;
  let key: string;

  beforeEach(async () => {
    h = await createHarness();
    const created = await h.newAccount();
    accountId = created.account.id;
    key = created.apiKey;
  });
  afterEach(() => h.close());

  it("predicts a coming shipment's arrival from its ship's track, keeps the history, and learns once it is in", async () => {
    // A Maersk bill of lading that has not sailed when it is tracked, straight to its port of discharge.
    const number = findSandboxBillOfLading("MAEU", h.clock.now(), 0, (s) =>
      s.containers.every((c) =>
        c.events.every(
          (e) => e.estimated && !e.event?.startsWith("transshipment") && !e.event?.startsWith("rail"),
        ),
      ),
    );
    const engine = sandboxEngine(h);
    const request = await requestSandboxBillOfLading(h, accountId, "MAEU", number);
    await engine.runUntilIdle();
    const [tracked] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, request.id));
    const shipmentId = tracked!.shipmentId!;
    const shipmentNow = async () =>
      (await h.db.select().from(shipments).where(eq(shipments.id, shipmentId)))[0]!;

    // Before it sails: the line's estimate is all there is to go on.
    expect(await h.service.forecaster.runOnce()).toBe(1);
    const before = await shipmentNow();
    expect(before.podPredictedArrivalAt).not.toBeNull();
    expect(before.podPredictedArrivalP10At!.getTime()).toBeLessThanOrEqual(
      before.podPredictedArrivalAt!.getTime(),
    );
    expect(before.podPredictedArrivalP90At!.getTime()).toBeGreaterThanOrEqual(
      before.podPredictedArrivalAt!.getTime(),
    );
    expect(before.podPredictedArrivalReason).toMatch(/^Following the line's estimate/);
    expect(before.polOriginalEtdAt).toEqual(before.polEtdAt);
    // Nothing moved: a second pass at the same time writes nothing.
    expect(await h.service.forecaster.runOnce()).toBe(0);

    // Half a day at a time until the ships are in, as the engine and the forecaster would run.
    const reasons: string[] = [];
    for (let step = 0; step < 120 && !(await shipmentNow()).podAtaAt; step++) {
      h.clock.advance(12 * HOUR);
      await engine.runUntilIdle();
      await h.service.forecaster.runOnce();
      const s = await shipmentNow();
      if (!s.podAtaAt) reasons.push(s.podPredictedArrivalReason ?? "");
    }
    const arrived = await shipmentNow();
    expect(arrived.podAtaAt).not.toBeNull();
    // Its last prediction is history now: the shipment keeps none, so the sort by it holds only those coming.
    expect(arrived.podPredictedArrivalAt).toBeNull();
    // At sea it read the ship's own fixes: its speed and the sea route's miles left.
    expect(reasons.some((r) => /is sailing \d+\.\d kn with [\d,]+ nm to go/.test(r))).toBe(true);

    // The history: oldest first, each beside the line's ETA of its time, all made before the arrival.
    const rows = (await listOf(await h.request(key, `/v2/shipments/${shipmentId}/arrival_predictions`))).data;
    expect(rows.length).toBeGreaterThan(5);
    const made = rows.map((r) => Date.parse(r.attributes.made_at!));
    expect(made).toEqual([...made].sort((a, b) => a - b));
    expect(made.every((t) => t < arrived.podAtaAt!.getTime())).toBe(true);
    expect(new Set(rows.map((r) => r.attributes.carrier_eta_at)).size).toBeGreaterThan(1);
    for (const r of rows) {
      expect(Date.parse(r.attributes.earliest_at!)).toBeLessThanOrEqual(
        Date.parse(r.attributes.predicted_arrival_at!),
      );
      expect(Date.parse(r.attributes.latest_at!)).toBeGreaterThanOrEqual(
        Date.parse(r.attributes.predicted_arrival_at!),
      );
    }

    // Once in, the arrival is a fact: the shipment and its containers show no prediction.
    const shipment = await json(await h.request(key, `/v2/shipments/${shipmentId}`));
    expect(shipment.data.attributes).toMatchObject({
      pod_predicted_arrival_at: null,
      pod_predicted_arrival_window: null,
      pod_predicted_arrival_reason: null,
    });

    // What it learns: each recorded prediction's miss, and the ship's call with its wait (from its fixes).
    const now = h.clock.now().getTime();
    const misses = await pastMisses(h.db, now - 120 * DAY, now);
    expect(misses).toHaveLength(rows.length);
    expect(misses.every((m) => m.arrivedAt === arrived.podAtaAt!.getTime())).toBe(true);
    expect(await pastArrivals(h.db, now - 120 * DAY, now)).toHaveLength(1);
    const knowledge = await learnFromRecords(h.db, h.reference, now);
    const pod = h.reference.ports.get(arrived.portOfDischargeId!)!;
    expect(knowledge.portQueue(pod.locode, now).calls).toBe(1);
  }, 120_000);

  it("predicts a shipment just tracked at once when woken, and only those without a prediction", async () => {
    const engine = sandboxEngine(h);
    const first = findSandboxBillOfLading("HLCU", h.clock.now(), 0, (s) => s.podEta !== null && !s.podAta);
    await requestSandboxBillOfLading(h, accountId, "HLCU", first);
    await engine.runUntilIdle();
    expect(await h.service.forecaster.predictNew()).toBe(1);
    // Predicted already: a second wake has nothing to do, and two at once are one pass.
    expect(await Promise.all([h.service.forecaster.predictNew(), h.service.forecaster.predictNew()])).toEqual(
      [0, 0],
    );
    const [predicted] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(predicted!.podPredictedArrivalAt).not.toBeNull();

    // Half a day later the first one's prediction may move, but only a full pass looks at it again.
    h.clock.advance(12 * HOUR);
    const second = findSandboxBillOfLading("MSCU", h.clock.now(), 0, (s) => s.podEta !== null && !s.podAta);
    await requestSandboxBillOfLading(h, accountId, "MSCU", second);
    await engine.runUntilIdle();
    expect(await h.service.forecaster.predictNew()).toBe(1);
    const rows = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(rows.every((r) => r.podPredictedArrivalAt !== null)).toBe(true);
  });

  it("shows a coming shipment's prediction on it and its containers, and lists those predicted late", async () => {
    const late = await insertShipment(h.db, accountId, { containerNumbers: ["MSKU1234565"] });
    const onTime = await insertShipment(h.db, accountId, { containerNumbers: ["MSKU7654321"] });
    const eta = new Date(h.clock.now().getTime() + 5 * DAY);
    const predict = async (id: string, lateBy: number, reason: string) =>
      h.db
        .update(shipments)
        .set({
          podEtaAt: eta,
          podPredictedArrivalAt: new Date(eta.getTime() + lateBy),
          podPredictedArrivalP10At: new Date(eta.getTime() + lateBy - 6 * HOUR),
          podPredictedArrivalP90At: new Date(eta.getTime() + lateBy + 12 * HOUR),
          podPredictedArrivalReason: reason,
        })
        .where(eq(shipments.id, id));
    await predict(late.shipment.id, 30 * HOUR, "Ships wait 2.1 days at anchor off Los Angeles this week.");
    await predict(onTime.shipment.id, 2 * HOUR, "Following the line's estimate.");

    const shipment = await json(await h.request(key, `/v2/shipments/${late.shipment.id}`));
    const at = new Date(eta.getTime() + 30 * HOUR).toISOString();
    expect(shipment.data.attributes).toMatchObject({
      pod_eta_at: eta.toISOString(),
      pod_predicted_arrival_at: at,
      pod_predicted_arrival_window: {
        earliest_at: new Date(eta.getTime() + 24 * HOUR).toISOString(),
        latest_at: new Date(eta.getTime() + 42 * HOUR).toISOString(),
      },
      pod_predicted_arrival_reason: "Ships wait 2.1 days at anchor off Los Angeles this week.",
    });
    const container = await json(await h.request(key, `/v2/containers/${late.containers[0]!.id}`));
    expect(container.data.attributes.pod_predicted_arrival_at).toBe(at);

    const ids = async (path: string) => (await listOf(await h.request(key, path))).data.map((d) => d.id);
    expect(await ids("/v2/shipments?filter[predicted_late]=24")).toEqual([late.shipment.id]);
    expect(await ids("/v2/shipments?filter[predicted_late]=1")).toHaveLength(2);
    expect(await ids("/v2/containers?filter[predicted_late]=24")).toEqual([late.containers[0]!.id]);
    expect(await ids("/v2/shipments?sort=-pod_predicted_arrival_at")).toEqual([
      late.shipment.id,
      onTime.shipment.id,
    ]);
    // Once arrived it is not late any more, whatever was last predicted.
    await h.db.update(shipments).set({ podAtaAt: h.clock.now() }).where(eq(shipments.id, late.shipment.id));
    expect(await ids("/v2/shipments?filter[predicted_late]=24")).toEqual([]);

    const bad = await h.request(key, "/v2/shipments?filter[predicted_late]=soon");
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors![0]).toMatchObject({ source: { parameter: "filter[predicted_late]" } });

    // Another account's shipment has no history here.
    const other = await h.newAccount("Other");
    const missing = await h.request(other.apiKey, `/v2/shipments/${late.shipment.id}/arrival_predictions`);
    expect(missing.status).toBe(404);
    expect(await h.db.select().from(arrivalPredictions)).toEqual([]);
  });
});

describe("a ship's wait at anchor, from its fixes", () => {
  const port = { lat: 33.74, lon: -118.26 };
  const arrivedAt = Date.UTC(2026, 10, 20, 12);
  /** A fix `hoursBefore` the arrival, `nmSouth` nautical miles south of the port. */
  const fix = (hoursBefore: number, nmSouth: number, speedKnots: number) => ({
    at: arrivedAt - hoursBefore * HOUR,
    lat: port.lat - nmSouth / 60,
    lon: port.lon,
    speedKnots,
    headingDegrees: 0,
  });

  it("is the run of still fixes off the port before the approach", () => {
    const fixes = [
      fix(60, 200, 16),
      fix(50, 40, 14),
      fix(40, 15, 0.2),
      fix(30, 15, 0.1),
      fix(20, 15, 0.3),
      fix(10, 15, 0.2),
      fix(2, 8, 9),
      fix(1, 3, 6),
    ];
    expect(anchorWaitMs(fixes, port, arrivedAt)).toBe(30 * HOUR);
  });

  it("is nothing for a ship that came straight in, and unknown without fixes near the port", () => {
    expect(anchorWaitMs([fix(20, 300, 17), fix(3, 40, 15), fix(1, 10, 12)], port, arrivedAt)).toBe(0);
    expect(anchorWaitMs([fix(20, 600, 17), fix(10, 400, 17)], port, arrivedAt)).toBeNull();
    expect(anchorWaitMs([], port, arrivedAt)).toBeNull();
    // Fixes after the arrival (alongside) are not a wait before it.
    expect(anchorWaitMs([fix(3, 40, 15), fix(-5, 0, 0), fix(-10, 0, 0)], port, arrivedAt)).toBe(0);
  });
});
