// Unit tests of what the map draws of the selected vessel: one ETA label at the next port, on the vessel's copy of
// the world, the same label whether the track and path are read yet or not.
import { describe, expect, it } from "vitest";
import type { LatLng } from "../../components/map/coordinates";
import type { FleetVesselView } from "./fleet";
import { selectionDrawing } from "./selection";

const port = (longitude: number | null) => ({
  id: "p2",
  type: "port" as const,
  attributes: {
    name: "Los Angeles",
    code: "USLAX",
    state_abbr: null,
    city: null,
    country_code: "US",
    time_zone: "UTC",
    latitude: longitude === null ? null : 34,
    longitude,
  },
});

function view(overrides: Partial<FleetVesselView> = {}): FleetVesselView {
  return {
    id: "v1",
    name: "EVER GIVEN",
    imo: null,
    mmsi: null,
    position: [40, 170],
    heading: 90,
    speedKnots: 18,
    positionAt: "2026-11-20T11:50:00Z",
    voyageNumber: null,
    previousPort: null,
    previousPortAtd: null,
    nextPort: port(-118),
    nextPortEta: "2026-12-01T10:49:00Z",
    nextPortPredictedArrival: null,
    nextPortAta: null,
    projectedArrival: null,
    containersAboard: 1,
    shipmentsAboard: 1,
    cargoSummary: [],
    track: [],
    ahead: [],
    ...overrides,
  };
}

const track: LatLng[] = [
  [41, 160],
  [40, 170],
];
// Across the 180th meridian, unwrapped: Los Angeles at 242°.
const ahead: LatLng[] = [
  [40, 170],
  [34, 242],
];

describe("the selected vessel's drawing", () => {
  it("has one ETA label, the same before and after the track and path arrive", () => {
    const before = selectionDrawing(view(), [40, 170], 0, null);
    const after = selectionDrawing(view(), [40, 170], 0, { track, ahead });
    expect(before.port?.label).toMatch(/^Los Angeles · ETA 1 Dec(?: 2026)? 10:49/);
    expect(after.port?.label).toBe(before.port?.label);
    // At the end of the path, not on another copy of the world.
    expect(before.port?.position).toEqual([34, 242]);
    expect(after.port?.position).toEqual([34, 242]);
    expect(before.track).toBeNull();
    expect(before.ahead).toBeNull();
    expect(after.track).toEqual(track);
    expect(after.ahead).toEqual({ line: ahead, label: "Estimated path of EVER GIVEN to Los Angeles" });
    expect(after.vessel).toEqual({ position: [40, 170], heading: 90 });
  });

  it("draws everything on the copy of the world the vessel is drawn at", () => {
    const drawing = selectionDrawing(view(), [40, 170], -360, { track, ahead });
    expect(drawing.vessel.position).toEqual([40, -190]);
    expect(drawing.track).toEqual([
      [41, -200],
      [40, -190],
    ]);
    expect(drawing.ahead?.line.at(-1)).toEqual([34, -118]);
    expect(drawing.port?.position).toEqual([34, -118]);
  });

  it("says when the vessel has arrived, and leaves out a port with no coordinates or lines too short to draw", () => {
    const arrived = selectionDrawing(view({ nextPortAta: "2026-12-01T09:00:00Z" }), [34, -118], 0, null);
    expect(arrived.port?.label).toMatch(/^Los Angeles · arrived 1 Dec(?: 2026)? 09:00/);
    expect(selectionDrawing(view({ nextPortEta: null }), [40, 170], 0, null).port?.label).toBe(
      "Los Angeles · ETA not known",
    );
    const nowhere = selectionDrawing(view({ nextPort: port(null) }), [40, 170], 0, {
      track: [[40, 170]],
      ahead: [[40, 170]],
    });
    expect(nowhere.port).toBeNull();
    expect(nowhere.track).toBeNull();
    expect(nowhere.ahead).toBeNull();
  });

  it("rings the account's other ports of discharge, near the vessel, each with its boxes and ETA; none not yet placed", () => {
    const vancouver = {
      ...port(-123.1),
      id: "p3",
      attributes: { ...port(-123.1).attributes, name: "Vancouver", code: "CAVAN", latitude: 49.3 },
    };
    const drawing = selectionDrawing(view(), [40, 170], 0, {
      dischargePorts: [
        { locode: "CAVAN", name: "Vancouver", containers: 3, eta: "2026-12-16T17:25:00Z", port: vancouver },
        { locode: "USSEA", name: "Seattle", containers: 1, eta: null, port: null },
      ],
    });
    // Across the 180th meridian from the vessel, as the next port is: not on the other side of the world.
    expect(drawing.discharge).toEqual([
      {
        position: [49.3, 236.9],
        label: expect.stringMatching(
          /^Vancouver · discharge of your 3 containers · ETA 16 Dec(?: 2026)? 17:25/,
        ),
      },
    ]);
    expect(selectionDrawing(view(), [40, 170], 0, null).discharge).toEqual([]);
  });
});
