// The engine against a scripted carrier whose answers change with the hand-driven clock: request lifecycle,
// diffing (nothing written twice), the outbox, ETA changes, stopping, retries, leases and vessel positions.
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setSuspended } from "../db/accounts";
import {
  accountEvents,
  containers,
  customFieldDefinitions,
  customFieldValues,
  rawEvents,
  shipments,
  trackingRequests,
  transportEvents,
  vesselPositions,
  vessels,
} from "../db/schema";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import type {
  CarrierAdapter,
  CarrierEvent,
  CarrierLookup,
  CarrierQuery,
  CarrierSnapshot,
  CarrierVesselPosition,
  RawEventName,
  VesselPositionSource,
} from "./carrier-adapter";
import { TrackingEngine } from "./engine";
import { VesselTracker } from "./vessel-tracker";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VESSEL = { imo: "9811000", mmsi: "219000123", name: "SANDBOX SPIRIT" };

/** A carrier with one shipment whose plan is fixed in absolute time; what it shows depends on `now`. */
class ScriptedCarrier implements CarrierAdapter, VesselPositionSource {
  readonly name = "scripted";
  lookups = 0;
  failNext: CarrierLookup | null = null;
  /** Every lookup fails this way (the number has vanished from the carrier's system). */
  failAlways: CarrierLookup | null = null;
  etaDelay = 0;
  /** Whether the box leaves the terminal full, and comes back empty; some are never reported. */
  pickedUpReported = true;
  returnReported = true;
  /** A second box the carrier adds to the bill of lading once the shipment is tracked. */
  secondBox = false;
  constructor(readonly start: number) {}

  supports(scac: string) {
    return scac === "MAEU";
  }

  async lookup(query: CarrierQuery, now: Date): Promise<CarrierLookup> {
    this.lookups++;
    if (this.failNext) {
      const answer = this.failNext;
      this.failNext = null;
      return answer;
    }
    if (this.failAlways) return this.failAlways;
    if (query.number === "UNKNOWN1") return { outcome: "failed", reason: "not_found", retryable: false };
    return { outcome: "found", snapshot: this.snapshot(now.getTime()) };
  }

  snapshot(now: number): CarrierSnapshot {
    const t = (days: number) => this.start + days * DAY;
    const arrival = t(20) + this.etaDelay;
    const plan: [RawEventName, number, string, string][] = [
      ["empty_out", t(0), "CNSHA", "Gate out empty"],
      ["full_in", t(2), "CNSHA", "Gate in"],
      ["vessel_loaded", t(4), "CNSHA", "Loaded on vessel"],
      ["vessel_departed", t(4) + 6 * HOUR, "CNSHA", "Vessel departure"],
      ["vessel_arrived", arrival, "USLAX", "Vessel arrival"],
      ["vessel_discharged", arrival + 12 * HOUR, "USLAX", "Discharged"],
    ];
    const events: CarrierEvent[] = plan.map(([event, at, locode, wording]) => ({
      key: event,
      event,
      originalEvent: wording,
      at: new Date(at),
      estimated: at > now,
      place: { locode, name: locode },
      vesselImo: event.startsWith("vessel") ? VESSEL.imo : null,
      voyageNumber: event.startsWith("vessel") ? "001E" : null,
    }));
    const discharged = arrival + 12 * HOUR <= now;
    const pickedUp = t(24);
    if (this.pickedUpReported && pickedUp <= now) {
      events.push({
        key: "full_out",
        event: "full_out",
        originalEvent: "Gate out",
        at: new Date(pickedUp),
        estimated: false,
        place: { locode: "USLAX", name: "Los Angeles" },
      });
    }
    const returned = this.pickedUpReported && this.returnReported ? t(26) : Number.POSITIVE_INFINITY;
    if (returned <= now) {
      events.push({
        key: "empty_in",
        event: "empty_in",
        originalEvent: "Empty return",
        at: new Date(returned),
        estimated: false,
        place: { locode: "USLAX", name: "Los Angeles" },
      });
    }
    return {
      billOfLadingNumber: "MAEU123456789",
      scac: "MAEU",
      portOfLading: { locode: "CNSHA", name: "Shanghai" },
      portOfLadingTerminal: null,
      portOfDischarge: { locode: "USLAX", name: "Los Angeles" },
      portOfDischargeTerminal: { locode: "USLAX", name: "APM Terminals", nickname: "APMT" },
      destination: null,
      destinationTerminal: null,
      polEtd: new Date(t(4) + 6 * HOUR),
      polAtd: t(4) + 6 * HOUR <= now ? new Date(t(4) + 6 * HOUR) : null,
      podEta: new Date(arrival),
      podAta: arrival <= now ? new Date(arrival) : null,
      destinationEta: null,
      destinationAta: null,
      podVessel: VESSEL,
      podVoyageNumber: "001E",
      containers: [
        {
          number: "MSKU1234565",
          sealNumber: "ML-1",
          equipmentType: "dry",
          equipmentLength: 40,
          equipmentHeight: "high_cube",
          weightInLbs: 20000,
          events,
          terminal: discharged
            ? {
                checkedAt: new Date(now),
                availableForPickup: now > arrival + DAY,
                holds:
                  now > arrival + DAY
                    ? []
                    : [{ name: "customs", status: "hold", description: "Customs exam" }],
                fees: [],
                lastFreeDayTerminal: new Date(arrival + 5 * DAY),
                lastFreeDayLine: null,
                lastFreeDayRail: null,
                pickupAppointmentAt: null,
                locationAtTerminal: "A-12",
                fullOutChassisNumber: null,
              }
            : null,
          podRailCarrierScac: null,
          indRailCarrierScac: null,
        },
        ...(this.secondBox
          ? [
              {
                number: "TGHU7654321",
                sealNumber: null,
                equipmentType: "dry" as const,
                equipmentLength: 20 as const,
                equipmentHeight: "standard" as const,
                weightInLbs: null,
                events: [],
                terminal: null,
                podRailCarrierScac: null,
                indRailCarrierScac: null,
              },
            ]
          : []),
      ],
      vessels: [VESSEL],
      nextCheckAt: new Date(now + 6 * HOUR),
      complete: returned <= now,
    };
  }

  async positions(imo: string, from: Date, to: Date): Promise<CarrierVesselPosition[]> {
    if (imo !== VESSEL.imo) return [];
    const out: CarrierVesselPosition[] = [];
    const step = HOUR;
    for (let at = Math.floor(from.getTime() / step) * step + step; at <= to.getTime(); at += step) {
      out.push({
        imo,
        at: new Date(at),
        latitude: 30,
        longitude: 150 + (at % DAY) / DAY,
        speedKnots: 18,
        headingDegrees: 90,
      });
    }
    return out;
  }
}

describe("TrackingEngine", () => {
  let h: Harness;
  let carrier: ScriptedCarrier;
  let engine: TrackingEngine;
  let accountId: string;

  beforeEach(async () => {
    h = await createHarness();
    // The journey began three days before the test's "now": the box is out and gated in, not yet loaded.
    carrier = new ScriptedCarrier(h.clock.now().getTime() - 3 * DAY);
    engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: [carrier],
      positions: carrier,
      logger: createLogger("silent"),
    });
    accountId = (await h.newAccount()).account.id;
  });
  afterEach(() => h.close());

  async function request(number = "MAEU123456789") {
    const [row] = await h.db
      .insert(trackingRequests)
      .values({
        accountId,
        requestType: "bill_of_lading",
        requestNumber: number,
        normalizedNumber: number,
        scac: "MAEU",
        refNumbers: ["PO-1"],
        tags: ["urgent"],
        nextAttemptAt: h.clock.now(),
        createdAt: h.clock.now(),
      })
      .returning();
    return row!;
  }

  const events = (name?: string) =>
    h.db
      .select()
      .from(accountEvents)
      .where(
        name
          ? and(eq(accountEvents.accountId, accountId), eq(accountEvents.event, name))
          : eq(accountEvents.accountId, accountId),
      )
      .orderBy(asc(accountEvents.createdAt));

  it("turns a pending request into a shipment with containers, raw and transport events, and an outbox row", async () => {
    const tr = await request();
    await engine.runUntilIdle();

    const [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after).toMatchObject({ status: "created", failedReason: null, nextAttemptAt: null });
    const [shipment] = await h.db.select().from(shipments).where(eq(shipments.id, after!.shipmentId!));
    expect(shipment).toMatchObject({
      billOfLadingNumber: "MAEU123456789",
      refNumbers: ["PO-1"],
      tags: ["urgent"],
    });
    expect(shipment!.podOriginalEtaAt).toEqual(shipment!.podEtaAt);
    const [box] = await h.db.select().from(containers).where(eq(containers.shipmentId, shipment!.id));
    expect(box).toMatchObject({ number: "MSKU1234565", currentStatus: "new", equipmentHeight: "high_cube" });

    const raw = await h.db
      .select()
      .from(rawEvents)
      .where(eq(rawEvents.containerId, box!.id))
      .orderBy(asc(rawEvents.index));
    expect(raw.map((r) => [r.index, r.event, r.estimated])).toEqual([
      [0, "empty_out", false],
      [1, "full_in", false],
      [2, "vessel_loaded", true],
      [3, "vessel_departed", true],
      [4, "vessel_arrived", true],
      [5, "vessel_discharged", true],
    ]);
    const transport = await h.db
      .select()
      .from(transportEvents)
      .where(eq(transportEvents.containerId, box!.id));
    // What happened, and the line's estimates of the departure and the arrival at the port of discharge.
    expect(transport.map((t) => t.event).sort()).toEqual([
      "container.transport.empty_out",
      "container.transport.estimated.vessel_arrived",
      "container.transport.estimated.vessel_departed",
      "container.transport.full_in",
    ]);

    const outbox = await events();
    expect(outbox.map((e) => e.event).sort()).toEqual([
      "container.transport.empty_out",
      "container.transport.estimated.vessel_arrived",
      "container.transport.estimated.vessel_departed",
      "container.transport.full_in",
      "tracking_request.succeeded",
    ]);
  });

  it("writes nothing new when the carrier shows the same thing again", async () => {
    await request();
    await engine.runUntilIdle();
    const before = (await events()).length;
    const boxes = () => h.db.select().from(containers).where(eq(containers.accountId, accountId));
    const stored = await boxes();
    const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    h.clock.advance(60_000);
    await h.db.update(shipments).set({ nextRefreshAt: h.clock.now() }).where(eq(shipments.id, s!.id));
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(2);
    expect((await events()).length).toBe(before);
    expect(await h.db.select().from(rawEvents).where(eq(rawEvents.accountId, accountId))).toHaveLength(6);
    // Every column read back equals what the carrier shows: the containers are not even rewritten.
    expect(await boxes()).toEqual(stored);
  });

  it("follows the voyage as time passes: estimates become actual, ETA changes keep the original, then it stops", async () => {
    await request();
    await engine.runUntilIdle();
    const [s0] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    const originalEta = s0!.podEtaAt!;

    h.clock.advance(5 * DAY); // loaded and sailed
    await engine.runUntilIdle();
    let [box] = await h.db.select().from(containers).where(eq(containers.accountId, accountId));
    expect(box!.currentStatus).toBe("on_ship");

    carrier.etaDelay = 2 * DAY; // the carrier announces a delay
    h.clock.advance(7 * HOUR);
    await engine.runUntilIdle();
    const [s1] = await h.db.select().from(shipments).where(eq(shipments.id, s0!.id));
    expect(s1!.podEtaAt!.getTime()).toBe(originalEta.getTime() + 2 * DAY);
    expect(s1!.podOriginalEtaAt).toEqual(originalEta);
    const etaEvents = await events("shipment.estimated.arrival");
    expect(etaEvents).toHaveLength(1);
    expect(etaEvents[0]!.changes).toEqual({
      pod_eta_at: { from: originalEta.toISOString(), to: s1!.podEtaAt!.toISOString() },
    });

    h.clock.advance(14 * DAY + 8 * HOUR); // arrived, discharged, held by customs
    await engine.runUntilIdle();
    [box] = await h.db.select().from(containers).where(eq(containers.id, box!.id));
    expect(box).toMatchObject({
      currentStatus: "not_available",
      availableForPickup: false,
      locationAtPodTerminal: "A-12",
    });
    expect(box!.holdsAtPodTerminal).toEqual([
      { name: "customs", status: "hold", description: "Customs exam" },
    ]);

    h.clock.advance(10 * HOUR); // released
    await engine.runUntilIdle();
    [box] = await h.db.select().from(containers).where(eq(containers.id, box!.id));
    expect(box).toMatchObject({ currentStatus: "available", availableForPickup: true });
    const updates = await events("container.updated");
    expect(updates.at(-1)!.changes).toMatchObject({ available_for_pickup: { from: false, to: true } });

    h.clock.advance(10 * DAY); // picked up and returned: the carrier has nothing more to say
    await engine.runUntilIdle();
    [box] = await h.db.select().from(containers).where(eq(containers.id, box!.id));
    expect(box!.currentStatus).toBe("empty_returned");
    const [s2] = await h.db.select().from(shipments).where(eq(shipments.id, s0!.id));
    expect(s2).toMatchObject({ lineTrackingStoppedReason: "all_containers_terminated", nextRefreshAt: null });
    const [tr] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.accountId, accountId));
    expect(tr!.status).toBe("tracking_stopped");
    expect(await events("tracking_request.tracking_stopped")).toHaveLength(1);

    // Every movement became one transport event and one outbox row, in the carrier's order; the estimates' events
    // went as each happened.
    const transport = await h.db
      .select()
      .from(transportEvents)
      .where(eq(transportEvents.containerId, box!.id))
      .orderBy(asc(transportEvents.timestamp));
    expect(transport.map((t) => t.event.replace("container.transport.", ""))).toEqual([
      "empty_out",
      "full_in",
      "vessel_loaded",
      "vessel_departed",
      "vessel_arrived",
      "vessel_discharged",
      "full_out",
      "empty_in",
    ]);
    const outboxTransport = (await events()).filter((e) => e.referenceType === "transport_event");
    expect(outboxTransport.filter((e) => !e.event.includes(".estimated."))).toHaveLength(8);
    // The estimates were announced when first published, and the arrival's again when the carrier moved it.
    expect(
      outboxTransport
        .filter((e) => e.event.includes(".estimated."))
        .map((e) => e.event)
        .sort(),
    ).toEqual([
      "container.transport.estimated.vessel_arrived",
      "container.transport.estimated.vessel_arrived",
      "container.transport.estimated.vessel_departed",
    ]);
  });

  it("leaves a stopped shipment frozen, and picks it up again when resumed", async () => {
    await request();
    await engine.runUntilIdle();
    const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    await h.db
      .update(shipments)
      .set({ lineTrackingStoppedAt: h.clock.now(), lineTrackingStoppedReason: "cancelled_by_user" })
      .where(eq(shipments.id, s!.id));
    const lookups = carrier.lookups;
    h.clock.advance(10 * DAY);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(lookups);
    const raw = await h.db.select().from(rawEvents).where(eq(rawEvents.accountId, accountId));
    expect(raw.filter((r) => !r.estimated)).toHaveLength(2);
  });

  it("stopping through the API settles the tracking request; resuming asks the carrier again at once", async () => {
    const created = await h.newAccount();
    accountId = created.account.id;
    await request();
    await engine.runUntilIdle();
    const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    const stop = await h.request(created.apiKey, `/v2/shipments/${s!.id}/stop_tracking`, { method: "PATCH" });
    expect(stop.status).toBe(200);
    const [tr] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.accountId, accountId));
    expect(tr!.status).toBe("tracking_stopped");
    expect(await events("tracking_request.tracking_stopped")).toHaveLength(1);

    h.clock.advance(5 * DAY);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(1);
    const resume = await h.request(created.apiKey, `/v2/shipments/${s!.id}/resume_tracking`, {
      method: "PATCH",
    });
    expect(resume.status).toBe(200);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(2);
    const [box] = await h.db.select().from(containers).where(eq(containers.shipmentId, s!.id));
    expect(box!.currentStatus).toBe("on_ship");
    const [again] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr!.id));
    expect(again!.status).toBe("created");
  });

  async function trackedShipment() {
    const tr = await request();
    await engine.runUntilIdle();
    const [s] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    return { tr, shipmentId: s!.id };
  }

  async function stopState(shipmentId: string, trackingRequestId: string) {
    const [s] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    const [tr] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, trackingRequestId));
    return { reason: s!.lineTrackingStoppedReason, next: s!.nextRefreshAt, request: tr!.status };
  }

  it("stops by itself 60 days after arrival when the box is never picked up", async () => {
    carrier.pickedUpReported = false;
    const { tr, shipmentId } = await trackedShipment();
    const arrival = carrier.start + 20 * DAY;
    h.clock.set(new Date(arrival + 59 * DAY));
    await engine.runUntilIdle();
    expect((await stopState(shipmentId, tr.id)).reason).toBeNull();

    h.clock.set(new Date(arrival + 61 * DAY));
    await engine.runUntilIdle();
    expect(await stopState(shipmentId, tr.id)).toEqual({
      reason: "past_arrival_window",
      next: null,
      request: "tracking_stopped",
    });
    expect(await events("tracking_request.tracking_stopped")).toHaveLength(1);
    const lookups = carrier.lookups;
    h.clock.advance(10 * DAY);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(lookups);
  });

  it("stops by itself 30 days after the last full out when no empty return is ever reported", async () => {
    carrier.returnReported = false;
    const { tr, shipmentId } = await trackedShipment();
    const pickedUp = carrier.start + 24 * DAY;
    h.clock.set(new Date(pickedUp + 29 * DAY));
    await engine.runUntilIdle();
    expect((await stopState(shipmentId, tr.id)).reason).toBeNull();

    h.clock.set(new Date(pickedUp + 31 * DAY));
    await engine.runUntilIdle();
    expect(await stopState(shipmentId, tr.id)).toMatchObject({
      reason: "past_full_out_window",
      request: "tracking_stopped",
    });
  });

  it("stops by itself when the carrier has not answered for 14 days", async () => {
    const { tr, shipmentId } = await trackedShipment();
    carrier.failAlways = { outcome: "failed", reason: "not_found", retryable: false };
    h.clock.advance(13 * DAY);
    await engine.runUntilIdle();
    expect((await stopState(shipmentId, tr.id)).reason).toBeNull();

    h.clock.advance(2 * DAY);
    await engine.runUntilIdle();
    expect(await stopState(shipmentId, tr.id)).toMatchObject({
      reason: "no_updates_at_line",
      next: null,
      request: "tracking_stopped",
    });
    expect(await events("tracking_request.tracking_stopped")).toHaveLength(1);
  });

  it("fails an unknown number for good, with tracking_request.failed", async () => {
    const tr = await request("UNKNOWN1");
    await engine.runUntilIdle();
    const [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after).toMatchObject({
      status: "failed",
      failedReason: "not_found",
      isRetrying: false,
      nextAttemptAt: null,
    });
    expect(await events("tracking_request.failed")).toHaveLength(1);
  });

  it("retries a carrier that cannot be reached, with backoff, and then succeeds", async () => {
    carrier.failNext = { outcome: "failed", reason: "shipping_line_unreachable", retryable: true };
    const tr = await request();
    await engine.runUntilIdle();
    let [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after).toMatchObject({
      status: "pending",
      isRetrying: true,
      retryCount: 1,
      failedReason: "shipping_line_unreachable",
    });
    expect(after!.nextAttemptAt!.getTime()).toBe(h.clock.now().getTime() + 5 * 60_000);
    h.clock.advance(5 * 60_000);
    await engine.runUntilIdle();
    [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after).toMatchObject({ status: "created", isRetrying: false, failedReason: null });
  });

  it("asks a request's carrier again no sooner than its retryAfter, even when that is later than the backoff", async () => {
    const retryAfter = new Date(h.clock.now().getTime() + 40 * 60_000);
    carrier.failNext = {
      outcome: "failed",
      reason: "shipping_line_unreachable",
      retryable: true,
      retryAfter,
    };
    const tr = await request();
    await engine.runUntilIdle();
    const [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after).toMatchObject({ status: "pending", isRetrying: true, nextAttemptAt: retryAfter });
    // Past the engine's own 5-minute retry, still before the carrier's time: not asked.
    h.clock.advance(39 * 60_000);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(1);
    h.clock.set(retryAfter);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(2);
    const [done] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(done!.status).toBe("created");
  });

  it("keeps its own retry when a retryAfter is sooner", async () => {
    const retryAfter = new Date(h.clock.now().getTime() + 60_000);
    carrier.failNext = {
      outcome: "failed",
      reason: "shipping_line_unreachable",
      retryable: true,
      retryAfter,
    };
    const tr = await request();
    await engine.runUntilIdle();
    const [after] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(after!.nextAttemptAt!.getTime()).toBe(h.clock.now().getTime() + 5 * 60_000);
  });

  it("refreshes a tracked shipment whose carrier failed no sooner than its retryAfter", async () => {
    const { shipmentId } = await trackedShipment();
    const [before] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    h.clock.set(before!.nextRefreshAt!);
    const retryAfter = new Date(h.clock.now().getTime() + 3 * HOUR);
    carrier.failNext = {
      outcome: "failed",
      reason: "shipping_line_unreachable",
      retryable: true,
      retryAfter,
    };
    const lookups = carrier.lookups;
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(lookups + 1);
    const [s] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(s!.nextRefreshAt).toEqual(retryAfter);
    h.clock.advance(3 * HOUR - 60_000);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(lookups + 1);
    h.clock.set(retryAfter);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(lookups + 2);
  });

  it("says awaiting_manifest once, and creates the shipment when the manifest comes", async () => {
    carrier.failNext = { outcome: "awaiting_manifest", retryAfter: new Date(h.clock.now().getTime() + HOUR) };
    const tr = await request();
    await engine.runUntilIdle();
    const [waiting] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(waiting!.status).toBe("awaiting_manifest");
    expect(await events("tracking_request.awaiting_manifest")).toHaveLength(1);
    h.clock.advance(HOUR);
    await engine.runUntilIdle();
    const [done] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, tr.id));
    expect(done!.status).toBe("created");
  });

  it("does not take work another process holds a lease on, and takes it once the lease has run out", async () => {
    const tr = await request();
    await h.db
      .update(trackingRequests)
      .set({ leaseUntil: new Date(h.clock.now().getTime() + 60_000) })
      .where(eq(trackingRequests.id, tr.id));
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(0);
    h.clock.advance(61_000);
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(1);
  });

  it("does no tracking work for a suspended account until it is reinstated, and then goes on", async () => {
    const other = (await h.newAccount()).account.id;
    const mine = await request();
    await setSuspended(h.db, accountId, true, h.clock.now());
    // Another account's request is served meanwhile.
    const theirs = await h.db
      .insert(trackingRequests)
      .values({ ...mine, id: undefined, accountId: other, createdAt: h.clock.now() })
      .returning();
    await engine.runUntilIdle();
    expect(carrier.lookups).toBe(1);
    const status = async (id: string) =>
      (await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, id)))[0]!.status;
    expect(await status(theirs[0]!.id)).toBe("created");
    expect(await status(mine.id)).toBe("pending");

    await setSuspended(h.db, accountId, false, h.clock.now());
    await engine.runUntilIdle();
    expect(await status(mine.id)).toBe("created");
    const lookups = carrier.lookups;

    // A suspended account's due shipments are not refreshed either; reinstated, they are, where they left off.
    await setSuspended(h.db, accountId, true, h.clock.now());
    h.clock.advance(2 * DAY);
    await engine.runUntilIdle();
    const mineRefreshed = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(mineRefreshed[0]!.nextRefreshAt!.getTime()).toBeLessThanOrEqual(h.clock.now().getTime());
    const whileSuspended = carrier.lookups - lookups;
    await setSuspended(h.db, accountId, false, h.clock.now());
    await engine.runUntilIdle();
    const [after] = await h.db.select().from(shipments).where(eq(shipments.accountId, accountId));
    expect(after!.nextRefreshAt!.getTime()).toBeGreaterThan(h.clock.now().getTime());
    // Only the other account's shipment was looked up while suspended.
    expect(whileSuspended).toBe(1);
    expect(carrier.lookups - lookups).toBe(2);
  });

  it("gives a box the carrier adds to a tracked shipment its custom fields' defaults", async () => {
    await request();
    await engine.runUntilIdle();
    // Defined once the first box exists: that box keeps no value; the one added later gets the default.
    await h.db.insert(customFieldDefinitions).values({
      accountId,
      entityType: "Container",
      apiSlug: "inspected",
      displayName: "Inspected",
      dataType: "boolean",
      defaultValue: false,
    });
    carrier.secondBox = true;
    h.clock.advance(7 * HOUR);
    await engine.runUntilIdle();
    const boxes = await h.db
      .select({
        number: containers.number,
        value: customFieldValues.value,
        text: customFieldValues.textValue,
      })
      .from(containers)
      .leftJoin(customFieldValues, eq(customFieldValues.entityId, containers.id))
      .where(eq(containers.accountId, accountId))
      .orderBy(asc(containers.number));
    expect(boxes).toEqual([
      { number: "MSKU1234565", value: null, text: null },
      { number: "TGHU7654321", value: false, text: "false" },
    ]);
  });

  it("records a week of positions for a vessel it sees first, then only what is new", async () => {
    await request();
    await engine.runUntilIdle(); // each pass records positions too
    expect(await h.db.select().from(vesselPositions)).toHaveLength(7 * 24);
    expect(await engine.recordVesselPositions()).toBe(0);
    h.clock.advance(3 * HOUR);
    expect(await engine.recordVesselPositions()).toBe(3);
    const [vessel] = await h.db.select().from(vessels).where(eq(vessels.imo, VESSEL.imo));
    expect(vessel!.positionAt).toEqual(h.clock.now());
    const stored = await h.db.select().from(vesselPositions).where(eq(vesselPositions.vesselId, vessel!.id));
    expect(stored).toHaveLength(7 * 24 + 3);
  });

  it("writes a new vessel's week in slices, and a pass cut between two slices resumes where the stored track ends", async () => {
    await request();
    await engine.runUntilIdle();
    await h.db.delete(vesselPositions);
    // The same database, its third position write failing as if the process had died there.
    let writes = 0;
    let cut = true;
    const db = new Proxy(h.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== "transaction") return typeof value === "function" ? value.bind(target) : value;
        return (...args: unknown[]) => {
          writes += 1;
          if (cut && writes === 3) return Promise.reject(new Error("cut"));
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
    const tracker = new VesselTracker(db, h.clock, carrier, 50);
    await expect(tracker.record()).rejects.toThrow("cut");
    expect(await h.db.select().from(vesselPositions)).toHaveLength(100);

    cut = false;
    writes = 0;
    expect(await tracker.record()).toBe(7 * 24 - 100);
    expect(writes).toBe(2); // 68 positions: one slice of 50 and the rest
    const stored = await h.db.select().from(vesselPositions);
    expect(stored).toHaveLength(7 * 24);
    expect(new Set(stored.map((p) => p.timestamp.getTime())).size).toBe(7 * 24);
    const [vessel] = await h.db.select().from(vessels).where(eq(vessels.imo, VESSEL.imo));
    expect(vessel!.positionAt).toEqual(new Date(Math.max(...stored.map((p) => p.timestamp.getTime()))));
  });
});
