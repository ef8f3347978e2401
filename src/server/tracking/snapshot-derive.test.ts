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

  it("makes a transport event of a line that has happened, never of an estimate", () => {
    expect(transportEventColumns(reference, departed, vesselIds)).toEqual({
      event: "container.transport.vessel_departed",
      timestamp: day(0),
      voyageNumber: "042E",
      locationId: SHANGHAI_ID,
      terminalId: null,
      vesselId: VESSEL_ID,
    });
    expect(transportEventColumns(reference, { ...departed, estimated: true }, vesselIds)).toBeNull();
  });
});
