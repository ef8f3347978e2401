// Unit tests of the journey read from carrier lines: stops, legs, where the container is, simplification.
import { describe, expect, it } from "vitest";
import {
  buildJourney,
  type JourneyEvent,
  type ShipmentOutline,
  simplify,
  stopLabels,
  timeAlong,
} from "./journey";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const EMPTY: ShipmentOutline = {
  portOfLadingId: null,
  portOfDischargeId: null,
  destinationId: null,
  podVesselId: null,
  podVoyageNumber: null,
  polEtdAt: null,
  polAtdAt: null,
  podEtaAt: null,
  podAtaAt: null,
  destinationEtaAt: null,
  destinationAtaAt: null,
};

function lines(
  ...spec: [event: string, iso: string, port: string, vessel?: string, voyage?: string][]
): JourneyEvent[] {
  return spec.map(([event, iso, port, vessel, voyage], index) => ({
    event,
    index,
    timestamp: new Date(iso),
    estimated: Date.parse(iso) > NOW,
    voyageNumber: voyage ?? null,
    locationId: port,
    vesselId: vessel ?? null,
    createdAt: new Date("2026-11-01T00:00:00Z"),
  }));
}

describe("buildJourney", () => {
  it("reads a direct voyage and where the container is along it", () => {
    const events = lines(
      ["full_in", "2026-11-10T00:00:00Z", "SHA"],
      ["vessel_loaded", "2026-11-11T00:00:00Z", "SHA", "V1", "1E"],
      ["vessel_departed", "2026-11-11T06:00:00Z", "SHA", "V1", "1E"],
      ["vessel_arrived", "2026-11-25T00:00:00Z", "LAX", "V1", "1E"],
      ["vessel_discharged", "2026-11-25T10:00:00Z", "LAX", "V1", "1E"],
    );
    const journey = buildJourney(events, EMPTY);
    expect(journey.stops.map((s) => [s.portId, s.kind])).toEqual([
      ["SHA", "port_of_lading"],
      ["LAX", "port_of_discharge"],
    ]);
    expect(journey.legs).toEqual([{ from: 0, to: 1, vesselId: "V1", voyageNumber: "1E" }]);
    expect(journey.stops[0]!.outbound.actualAt?.toISOString()).toBe("2026-11-11T06:00:00.000Z");
    expect(journey.stops[1]!.inbound).toMatchObject({ mode: "vessel", actualAt: null, vesselId: "V1" });
    expect(journey.stops[1]!.inbound.estimatedAt?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(journey.progress).toEqual({ state: "sailing", leg: 0 });

    // Loaded, not departed; arrived, not discharged; discharged.
    expect(buildJourney(events.slice(0, 2), EMPTY).progress).toEqual({ state: "ashore", stop: 0 });
    const asOf = (iso: string) =>
      buildJourney(
        events.map((e) => ({ ...e, estimated: (e.timestamp?.getTime() ?? 0) > Date.parse(iso) })),
        EMPTY,
      ).progress;
    expect(asOf("2026-11-11T01:00:00Z")).toEqual({ state: "loaded", leg: 0 });
    expect(asOf("2026-11-25T01:00:00Z")).toEqual({ state: "arrived", leg: 0 });
    expect(asOf("2026-11-26T00:00:00Z")).toEqual({ state: "ashore", stop: 1 });
  });

  it("reads transshipments and a rail leg inland, labelled as the hosted map labels them", () => {
    const journey = buildJourney(
      lines(
        ["feeder_loaded", "2026-11-01T00:00:00Z", "NGB", "F", "F1"],
        ["feeder_departed", "2026-11-01T05:00:00Z", "NGB", "F", "F1"],
        ["feeder_arrived", "2026-11-02T00:00:00Z", "SHA", "F", "F1"],
        ["feeder_discharged", "2026-11-02T04:00:00Z", "SHA", "F", "F1"],
        ["transshipment_loaded", "2026-11-05T00:00:00Z", "SHA", "V", "9E"],
        ["transshipment_departed", "2026-11-05T06:00:00Z", "SHA", "V", "9E"],
        ["vessel_arrived", "2026-11-21T00:00:00Z", "LAX", "V", "9E"],
        ["vessel_discharged", "2026-11-21T08:00:00Z", "LAX", "V", "9E"],
        ["rail_loaded", "2026-11-23T00:00:00Z", "LAX"],
        ["rail_departed", "2026-11-23T04:00:00Z", "LAX"],
        ["rail_arrived", "2026-11-27T00:00:00Z", "CHI"],
      ),
      { ...EMPTY, portOfDischargeId: "LAX", destinationId: "CHI" },
    );
    expect(journey.stops.map((s) => s.portId)).toEqual(["NGB", "SHA", "LAX", "CHI"]);
    expect(stopLabels(journey.stops)).toEqual(["POL", "TS1", "POD", "DEST"]);
    expect(journey.legs.map((l) => [l.from, l.to, l.vesselId])).toEqual([
      [0, 1, "F"],
      [1, 2, "V"],
    ]);
    expect(journey.stops[2]!.outbound).toMatchObject({ mode: "rail", vesselId: null });
    expect(journey.stops[2]!.outbound.estimatedAt?.toISOString()).toBe("2026-11-23T04:00:00.000Z");
    expect(journey.stops[3]!.inbound.mode).toBe("rail");
    expect(journey.progress).toEqual({ state: "sailing", leg: 1 });
  });

  it("fills in from the shipment what the carrier lines do not say", () => {
    const journey = buildJourney([], {
      ...EMPTY,
      portOfLadingId: "SHA",
      portOfDischargeId: "LAX",
      destinationId: "DAL",
      podVesselId: "V",
      podVoyageNumber: "3E",
      polAtdAt: new Date("2026-11-02T00:00:00Z"),
      podEtaAt: new Date("2026-11-22T00:00:00Z"),
      destinationEtaAt: new Date("2026-11-28T00:00:00Z"),
    });
    expect(journey.stops.map((s) => [s.portId, s.kind])).toEqual([
      ["SHA", "port_of_lading"],
      ["LAX", "port_of_discharge"],
      ["DAL", "destination"],
    ]);
    expect(journey.legs).toEqual([{ from: 0, to: 1, vesselId: "V", voyageNumber: "3E" }]);
    expect(journey.progress).toEqual({ state: "ashore", stop: null });
    // Loaded at the port of lading only: the port of discharge still comes from the shipment.
    const loaded = buildJourney(lines(["vessel_loaded", "2026-11-01T00:00:00Z", "SHA", "V", "3E"]), {
      ...EMPTY,
      portOfLadingId: "SHA",
      portOfDischargeId: "LAX",
    });
    expect(loaded.stops.map((s) => s.portId)).toEqual(["SHA", "LAX"]);
    expect(loaded.progress).toEqual({ state: "loaded", leg: 0 });
  });
});

describe("geometry helpers", () => {
  it("simplifies a track across the 180th meridian without a streak, keeping its ends", () => {
    const track = Array.from({ length: 101 }, (_, i) => {
      const lon = 170 + i * 0.2;
      return { lat: 40 + Math.sin(i / 10) * 0.001, lon: lon > 180 ? lon - 360 : lon };
    });
    const simple = simplify(track, 0.02);
    expect(simple).toEqual([track[0], track[100]]);
    const zigzag = [
      { lat: 0, lon: 179 },
      { lat: 1, lon: -179.5 },
      { lat: 0, lon: -178 },
    ];
    expect(simplify(zigzag, 0.1)).toEqual(zigzag);
  });

  it("times a route's points at a speed", () => {
    const timed = timeAlong(
      [
        { lat: 0, lon: 0 },
        { lat: 0, lon: 1 },
        { lat: 1, lon: 1 },
      ],
      20,
      new Date(NOW),
    );
    expect(timed[0]!.at.getTime()).toBe(NOW);
    // One degree of the equator is ~60 nm: three hours at 20 knots.
    expect((timed[1]!.at.getTime() - NOW) / 3_600_000).toBeCloseTo(3, 1);
    expect(timed[0]!.heading).toBeCloseTo(90, 5);
    expect(timed[2]!.heading).toBeCloseTo(0, 5);
  });
});
