// Service test of the DCSA carrier adapter with the real engine and API: an account with a carrier connection is
// answered from the carrier's DCSA events (a code no milestone matches stored as a raw event with a null event and
// served so), an account without one from the sandbox; a carrier that stops answering for 14 days stops tracking
// with no_updates_at_line, as for every carrier.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accountEvents, containers, shipments, trackingRequests, vessels } from "../db/schema";
import { createLogger } from "../logger";
import { MemoryConnectionStore, ScriptedDcsaClient, testConnection } from "../testing/dcsa-adapter-doubles";
import { BL, BOX_A, CALLS, day, directJourney, equipment, VESSEL_A } from "../testing/dcsa-journey-fixtures";
import { sandbox } from "../testing/sandbox-shipments";
import { createHarness, type Harness } from "../testing/service-harness";
import { createCarrierAdapters } from "../tracking/dcsa/adapter";
import type { DcsaEvent } from "../tracking/dcsa/types";
import { TrackingEngine } from "../tracking/engine";
import { sandboxNumber } from "../tracking/sandbox/network";

const DAY = 86_400_000;

/** A direct journey, picked up and not yet returned, with two lines the code table has no row for. */
function journeyWithUnknownCodes(): DcsaEvent[] {
  return [
    ...directJourney().filter(
      (e) =>
        !(
          e.eventType === "EQUIPMENT" &&
          e.equipmentEventTypeCode === "GTIN" &&
          e.emptyIndicatorCode === "EMPTY"
        ),
    ),
    equipment("INSP", BOX_A, "LADEN", day(21), CALLS.losAngelesDirect, { locationName: "Los Angeles" }),
    equipment("ZZZZ", BOX_A, "LADEN", day(21.5), CALLS.losAngelesDirect, { locationName: "Los Angeles" }),
  ];
}

describe("DCSA carrier adapter in the engine", () => {
  let h: Harness;
  let client: ScriptedDcsaClient;
  let engine: TrackingEngine;
  let connected: { id: string; key: string };
  let plain: { id: string; key: string };

  beforeEach(async () => {
    h = await createHarness();
    const a = await h.newAccount("Connected forwarder");
    const b = await h.newAccount("Sandbox forwarder");
    connected = { id: a.account.id, key: a.apiKey };
    plain = { id: b.account.id, key: b.apiKey };
    const connection = testConnection({ id: "conn-a", accountId: connected.id, scac: "MAEU" });
    client = new ScriptedDcsaClient();
    client.answer(connection.id, { [BL]: journeyWithUnknownCodes() });
    engine = new TrackingEngine({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      leaseClock: h.clock,
      adapters: createCarrierAdapters({
        store: new MemoryConnectionStore(connection),
        client,
        fallback: sandbox,
        clock: h.clock,
        logger: createLogger("silent"),
      }),
      positions: sandbox,
      logger: createLogger("silent"),
    });
  });
  afterEach(() => h.close());

  async function track(key: string, number: string) {
    const response = await h.request(key, "/v2/tracking_requests", {
      method: "POST",
      json: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: number, scac: "MAEU" },
        },
      },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  async function containerOf(trackingRequestId: string) {
    const [tr] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, trackingRequestId));
    expect(tr!.status).toBe("created");
    const [box] = await h.db.select().from(containers).where(eq(containers.shipmentId, tr!.shipmentId!));
    return { shipmentId: tr!.shipmentId!, box: box! };
  }

  it("stores a code no milestone matches as a raw event with a null event, served with its original words", async () => {
    const requestId = await track(connected.key, BL);
    await engine.runUntilIdle();
    const { box, shipmentId } = await containerOf(requestId);
    expect(box.number).toBe(BOX_A);
    expect(client.calls).toHaveLength(1);

    const raw = await h.request(connected.key, `/v2/containers/${box.id}/raw_events`);
    expect(raw.status).toBe(200);
    const lines = (
      (await raw.json()) as { data: { attributes: { event: string | null; original_event: string } }[] }
    ).data.map((d) => [d.attributes.event, d.attributes.original_event]);
    expect(lines).toEqual([
      ["empty_out", "GTOT Gate out (empty)"],
      ["full_in", "GTIN Gate in (laden)"],
      ["vessel_loaded", "LOAD Loaded"],
      ["vessel_departed", "DEPA Departed"],
      ["vessel_arrived", "ARRI Arrived"],
      ["vessel_discharged", "DISC Discharged"],
      [null, "INSP Inspected"],
      [null, "ZZZZ"],
      ["full_out", "GTOT Gate out (laden)"],
    ]);

    // Neither becomes a transport event nor a webhook; the box is where its last milestone put it.
    const transport = await h.request(connected.key, `/v2/containers/${box.id}/transport_events`);
    const names = ((await transport.json()) as { data: { attributes: { event: string } }[] }).data.map(
      (d) => d.attributes.event,
    );
    expect(names).toEqual([
      "container.transport.empty_out",
      "container.transport.full_in",
      "container.transport.vessel_loaded",
      "container.transport.vessel_departed",
      "container.transport.vessel_arrived",
      "container.transport.vessel_discharged",
      "container.transport.full_out",
    ]);
    const outbox = await h.db
      .select({ event: accountEvents.event })
      .from(accountEvents)
      .where(
        and(eq(accountEvents.accountId, connected.id), eq(accountEvents.referenceType, "transport_event")),
      );
    expect(outbox).toHaveLength(7);
    expect(box.currentStatus).toBe("picked_up");
    const [shipment] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(shipment).toMatchObject({ podAtaAt: day(20), polAtdAt: day(4.25), billOfLadingNumber: BL });
    // The vessel is known by IMO and name; its MMSI stays unknown (DCSA gives none) rather than made up.
    const [vessel] = await h.db.select().from(vessels).where(eq(vessels.imo, VESSEL_A.vesselIMONumber));
    expect(vessel).toMatchObject({ name: VESSEL_A.vesselName, mmsi: "" });
  });

  it("answers an account without a connection from the sandbox, never calling the carrier", async () => {
    const number = sandboxNumber("MAEU", 7);
    const requestId = await track(plain.key, number);
    await engine.runUntilIdle();
    const { box } = await containerOf(requestId);
    expect(box.number).toMatch(/^[A-Z]{4}\d{7}$/);
    expect(client.calls).toHaveLength(0);
  });

  it("stops tracking a DCSA shipment whose carrier has not answered for 14 days, as for every carrier", async () => {
    const requestId = await track(connected.key, BL);
    await engine.runUntilIdle();
    const { shipmentId } = await containerOf(requestId);
    client.answer("conn-a", { kind: "unavailable", httpStatus: 503, detail: "503 Service Unavailable" });
    for (let i = 0; i < 15; i++) {
      h.clock.advance(DAY);
      await engine.runUntilIdle();
    }
    const [shipment] = await h.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(shipment).toMatchObject({ lineTrackingStoppedReason: "no_updates_at_line", nextRefreshAt: null });
    const [tr] = await h.db.select().from(trackingRequests).where(eq(trackingRequests.id, requestId));
    expect(tr!.status).toBe("tracking_stopped");
  });
});
