// The rules by which tracking stops by itself: finished, long past arrival, long past full out, carrier silent.
import { describe, expect, it } from "vitest";
import type { CarrierContainer, CarrierEvent, CarrierSnapshot } from "./carrier-adapter";
import {
  ARRIVAL_WINDOW_MS,
  FULL_OUT_WINDOW_MS,
  NO_UPDATES_WINDOW_MS,
  stopReasonForSilence,
  stopReasonForSnapshot,
} from "./stop-rules";

const NOW = new Date("2026-11-20T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

function fullOut(at: Date, estimated = false): CarrierEvent {
  return {
    key: `full_out-${at.toISOString()}`,
    event: "full_out",
    originalEvent: "Gate out",
    at,
    estimated,
    place: null,
  };
}

function box(events: CarrierEvent[]): CarrierContainer {
  return {
    number: "MSKU1234565",
    sealNumber: null,
    equipmentType: "dry",
    equipmentLength: 40,
    equipmentHeight: "standard",
    weightInLbs: null,
    events,
    terminal: null,
    podRailCarrierScac: null,
    indRailCarrierScac: null,
  };
}

function snapshot(overrides: Partial<CarrierSnapshot>): CarrierSnapshot {
  const place = { locode: "USLAX", name: "Los Angeles" };
  return {
    billOfLadingNumber: "MAEU123456789",
    scac: "MAEU",
    portOfLading: place,
    portOfLadingTerminal: null,
    portOfDischarge: place,
    portOfDischargeTerminal: null,
    destination: null,
    destinationTerminal: null,
    polEtd: null,
    polAtd: null,
    podEta: null,
    podAta: null,
    destinationEta: null,
    destinationAta: null,
    podVessel: null,
    podVoyageNumber: null,
    containers: [box([])],
    vessels: [],
    nextCheckAt: NOW,
    complete: false,
    ...overrides,
  };
}

describe("stopReasonForSnapshot", () => {
  it("keeps tracking a journey in progress", () => {
    expect(stopReasonForSnapshot(snapshot({ podAta: ago(10 * 86_400_000) }), NOW)).toBeNull();
  });

  it("stops a finished journey as all_containers_terminated, whatever the dates", () => {
    expect(stopReasonForSnapshot(snapshot({ complete: true }), NOW)).toBe("all_containers_terminated");
  });

  it("stops past the arrival window, counted from the inland arrival when there is one", () => {
    expect(stopReasonForSnapshot(snapshot({ podAta: ago(ARRIVAL_WINDOW_MS - MINUTE) }), NOW)).toBeNull();
    expect(stopReasonForSnapshot(snapshot({ podAta: ago(ARRIVAL_WINDOW_MS) }), NOW)).toBe(
      "past_arrival_window",
    );
    const inland = snapshot({ podAta: ago(ARRIVAL_WINDOW_MS + 5 * MINUTE), destinationAta: ago(MINUTE) });
    expect(stopReasonForSnapshot(inland, NOW)).toBeNull();
  });

  it("stops past the full-out window only when every container left full, counted from the last one", () => {
    const early = fullOut(ago(FULL_OUT_WINDOW_MS + 60 * MINUTE));
    const late = fullOut(ago(FULL_OUT_WINDOW_MS - MINUTE));
    expect(stopReasonForSnapshot(snapshot({ containers: [box([early]), box([late])] }), NOW)).toBeNull();
    expect(stopReasonForSnapshot(snapshot({ containers: [box([early]), box([])] }), NOW)).toBeNull();
    expect(stopReasonForSnapshot(snapshot({ containers: [box([early]), box([early])] }), NOW)).toBe(
      "past_full_out_window",
    );
  });

  it("does not count a planned full out", () => {
    const planned = fullOut(ago(FULL_OUT_WINDOW_MS + 60 * MINUTE), true);
    expect(stopReasonForSnapshot(snapshot({ containers: [box([planned])] }), NOW)).toBeNull();
  });
});

describe("stopReasonForSilence", () => {
  it("gives up on a carrier that has not answered within the window", () => {
    expect(stopReasonForSilence(ago(NO_UPDATES_WINDOW_MS - MINUTE), NOW)).toBeNull();
    expect(stopReasonForSilence(ago(NO_UPDATES_WINDOW_MS), NOW)).toBe("no_updates_at_line");
  });

  it("keeps asking about a shipment the carrier never answered for (it was created from a lookup)", () => {
    expect(stopReasonForSilence(null, NOW)).toBeNull();
  });
});
