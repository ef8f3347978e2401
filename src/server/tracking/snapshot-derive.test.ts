// The snapshot writer's derive step, without a database: carrier snapshots in, row columns out.
import { describe, expect, it } from "vitest";
import {
  APM_ID,
  atSeaLines,
  container,
  day,
  LOS_ANGELES,
  LOS_ANGELES_ID,
  line,
  referenceData,
  SHANGHAI,
  SHANGHAI_ID,
  snapshot,
  terminalStatus,
  VESSEL,
  VESSEL_ID,
} from "../testing/snapshot-fixtures";
import {
  aboardColumns,
  containerColumns,
  rawEventColumns,
  shipmentColumns,
  trackingColumns,
  transportEventColumns,
} from "./snapshot-derive";

const reference = referenceData();
const vesselIds = new Map([[VESSEL.imo, VESSEL_ID]]);

describe("shipmentColumns", () => {
  it("resolves the places, terminal and vessel a carrier names, and normalizes the number", () => {
    const columns = shipmentColumns(reference, snapshot([]), vesselIds);
    expect(columns).toMatchObject({
      billOfLadingNumber: "mscu 123-456",
      normalizedNumber: "MSCU123456",
      portOfLadingId: SHANGHAI_ID,
      portOfDischargeId: LOS_ANGELES_ID,
      destinationId: null,
      podTerminalId: APM_ID,
      podVesselId: VESSEL_ID,
      podEtaAt: day(14),
      podAtaAt: null,
    });
  });

  it("leaves what the reference data does not know empty", () => {
    const s = snapshot([], {
      portOfDischarge: { locode: "NLRTM", name: "Rotterdam" },
      portOfDischargeTerminal: { locode: "NLRTM", name: "Euromax" },
    });
    const columns = shipmentColumns(reference, s, new Map());
    expect(columns.portOfDischargeId).toBeNull();
    expect(columns.podTerminalId).toBeNull();
    expect(columns.podVesselId).toBeNull();
  });
});

describe("trackingColumns", () => {
  it("schedules the next check while tracking goes on", () => {
    const now = day(2);
    expect(trackingColumns(snapshot([]), null, null, now)).toEqual({
      lineTrackingLastAttemptedAt: now,
      lineTrackingLastSucceededAt: now,
      nextRefreshAt: day(1),
      lineTrackingStoppedAt: null,
      lineTrackingStoppedReason: null,
    });
  });

  it("stops tracking with the reason, and schedules nothing", () => {
    const columns = trackingColumns(snapshot([]), "all_containers_terminated", null, day(40));
    expect(columns.nextRefreshAt).toBeNull();
    expect(columns.lineTrackingStoppedAt).toEqual(day(40));
    expect(columns.lineTrackingStoppedReason).toBe("all_containers_terminated");
  });
});

describe("aboardColumns", () => {
  const aboard = (lines: ReturnType<typeof atSeaLines>) =>
    aboardColumns(reference, container("MSCU1234565", lines), vesselIds);
  const actual = (lines: ReturnType<typeof atSeaLines>, event: string) =>
    lines.map((l) => (l.event === event ? { ...l, estimated: false } : l));

  it("puts a container that sailed on the vessel of its last line, from the port it left", () => {
    expect(aboard(atSeaLines())).toEqual({ aboardVesselId: VESSEL_ID, aboardPortId: SHANGHAI_ID });
    // Arrived and not yet discharged: still aboard, its voyage still from where it began that line.
    expect(aboard(actual(atSeaLines(), "vessel_arrived"))).toEqual({
      aboardVesselId: VESSEL_ID,
      aboardPortId: LOS_ANGELES_ID,
    });
  });

  it("takes it off once discharged, and before it is loaded", () => {
    const discharged = actual(actual(atSeaLines(), "vessel_arrived"), "vessel_discharged");
    expect(aboard(discharged)).toEqual({ aboardVesselId: null, aboardPortId: null });
    expect(aboard(atSeaLines().slice(0, 1))).toEqual({ aboardVesselId: null, aboardPortId: null });
  });

  it("keeps it aboard when a later line matches no milestone (it says nothing of where the box is)", () => {
    const unknown = { ...atSeaLines()[1]!, event: null, key: "zzzz", at: day(3), estimated: false };
    expect(aboard([...atSeaLines(), unknown])).toEqual({
      aboardVesselId: VESSEL_ID,
      aboardPortId: SHANGHAI_ID,
    });
  });

  it("does not guess a vessel or a place its last line does not name", () => {
    const unknownVessel = atSeaLines().map((l) => ({ ...l, vesselImo: "9999999" }));
    expect(aboard(unknownVessel)).toEqual({ aboardVesselId: null, aboardPortId: null });
    const nowhere = atSeaLines().map((l) => (l.event === "vessel_departed" ? { ...l, place: null } : l));
    expect(aboard(nowhere)).toEqual({ aboardVesselId: null, aboardPortId: null });
  });
});

describe("containerColumns", () => {
  it("takes milestones only from lines that have happened", () => {
    const s = snapshot([container("MSCU1234565", atSeaLines())]);
    const columns = containerColumns(reference, s, s.containers[0]!);
    expect(columns.currentStatus).toBe("on_ship");
    // The arrival is only estimated: no arrival time yet.
    expect(columns.podArrivedAt).toBeNull();
    expect(columns.podDischargedAt).toBeNull();
    expect(columns.availabilityKnown).toBe(false);
    expect(columns.availableForPickup).toBeNull();
    expect(columns.podTerminalId).toBe(APM_ID);
  });

  it("sets the arrival once the estimate becomes actual", () => {
    const lines = atSeaLines().map((l) =>
      l.event === "vessel_arrived" ? { ...l, estimated: false, at: day(15) } : l,
    );
    const s = snapshot([container("MSCU1234565", lines)]);
    const columns = containerColumns(reference, s, s.containers[0]!);
    expect(columns.podArrivedAt).toEqual(day(15));
    expect(columns.podDischargedAt).toBeNull();
  });

  it("takes availability, holds and last free days from the terminal", () => {
    const lines = [
      ...atSeaLines().slice(0, 3),
      line("vessel_arrived", day(14), { place: LOS_ANGELES }),
      line("vessel_discharged", day(15), { place: LOS_ANGELES }),
    ];
    const terminal = terminalStatus({
      availableForPickup: true,
      lastFreeDayTerminal: day(20),
      holds: [{ name: "customs", status: "pending", description: null }],
    });
    const s = snapshot([container("MSCU1234565", lines, terminal)]);
    const columns = containerColumns(reference, s, s.containers[0]!);
    expect(columns).toMatchObject({
      currentStatus: "available",
      availabilityKnown: true,
      availableForPickup: true,
      podArrivedAt: day(14),
      podDischargedAt: day(15),
      lfdTerminal: day(20),
      holdsAtPodTerminal: [{ name: "customs", status: "pending", description: null }],
    });
  });
});

describe("event columns", () => {
  const departed = line("vessel_departed", day(0), {
    place: SHANGHAI,
    vesselImo: VESSEL.imo,
    voyageNumber: "042E",
  });

  it("makes every line a raw event, with its place and vessel resolved", () => {
    expect(rawEventColumns(reference, departed, vesselIds)).toEqual({
      event: "vessel_departed",
      originalEvent: "VESSEL DEPARTED",
      timestamp: day(0),
      estimated: false,
      voyageNumber: "042E",
      locationId: SHANGHAI_ID,
      locationName: "SHANGHAI, CN",
      vesselId: VESSEL_ID,
    });
  });

  it("makes a transport event of a line that has happened, and of a departure's estimate an estimated one", () => {
    expect(transportEventColumns(reference, departed, vesselIds)).toEqual({
      event: "container.transport.vessel_departed",
      timestamp: day(0),
      voyageNumber: "042E",
      locationId: SHANGHAI_ID,
      terminalId: null,
      vesselId: VESSEL_ID,
    });
    expect(transportEventColumns(reference, { ...departed, estimated: true }, vesselIds)).toMatchObject({
      event: "container.transport.estimated.vessel_departed",
      timestamp: day(0),
    });
    expect(
      transportEventColumns(reference, { ...departed, event: "vessel_loaded", estimated: true }, vesselIds),
    ).toBeNull();
  });

  it("keeps a line no milestone matches as a raw event with a null event, and makes no transport event of it", () => {
    const inspected = { ...departed, event: null, originalEvent: "INSP Inspected" };
    expect(rawEventColumns(reference, inspected, vesselIds)).toMatchObject({
      event: null,
      originalEvent: "INSP Inspected",
      locationId: SHANGHAI_ID,
    });
    expect(transportEventColumns(reference, inspected, vesselIds)).toBeNull();
  });
});
