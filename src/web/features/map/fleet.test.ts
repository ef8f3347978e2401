// Unit tests of the fleet as the map draws it: continuous longitudes across the 180th meridian, the selected
// vessel's lines and cargo, filters, framing.
import { describe, expect, it } from "vitest";
import type { FleetDocument } from "../../../api/vessels";
import {
  formatCoordinate,
  longitudeSpan,
  nearLongitude,
  unwrap,
  unwrapToEnd,
} from "../../components/map/coordinates";
import {
  byArrival,
  detailView,
  dischargeLocodes,
  dischargePortsOf,
  filterFleet,
  filterOptions,
  fleetViews,
} from "./fleet";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const port = (id: string, code: string, lon: number) => ({
  id,
  type: "port" as const,
  attributes: {
    name: code,
    code,
    state_abbr: null,
    city: null,
    country_code: code.slice(0, 2),
    time_zone: "UTC",
    latitude: 35,
    longitude: lon,
  },
});

function vessel(id: string, lon: number, scac: string, pod: string, eta: string | null) {
  return {
    id,
    type: "vessel" as const,
    attributes: {
      name: id.toUpperCase(),
      imo: null,
      mmsi: null,
      latitude: 40,
      longitude: lon,
      nautical_speed_knots: 18,
      navigational_heading_degrees: 90,
      position_timestamp: "2026-11-20T11:50:00Z",
      positions: [
        { latitude: 41, longitude: 170, heading: 80, timestamp: "2026-11-14T00:00:00Z", estimated: false },
        { latitude: 40.5, longitude: 179, heading: 85, timestamp: "2026-11-18T00:00:00Z", estimated: false },
        { latitude: 40, longitude: lon, heading: 90, timestamp: "2026-11-20T11:50:00Z", estimated: false },
        { latitude: 40, longitude: lon, heading: 90, timestamp: "2026-11-20T11:50:00Z", estimated: true },
        { latitude: 34, longitude: -118, heading: 95, timestamp: "2026-11-25T00:00:00Z", estimated: true },
      ],
    },
    links: { self: `/v2/vessels/${id}` },
    relationships: {
      previous_port: { data: { id: "p1", type: "port" as const } },
      next_port: { data: { id: "p2", type: "port" as const } },
    },
    meta: {
      voyage_number: "1E",
      previous_port_atd_at: null,
      next_port_eta_at: eta,
      next_port_predicted_arrival_at: null,
      next_port_ata_at: null,
      projected_arrival_at: "2026-11-25T00:00:00Z",
      containers_aboard: 1,
      shipments_aboard: 1,
      cargo_summary: [
        {
          shipping_line_scac: scac,
          port_of_discharge_locode: pod,
          port_of_discharge_name: pod,
          containers: 1,
        },
      ],
    },
  };
}

/** The same vessel as the compact list has it: no positions. */
function compact(v: ReturnType<typeof vessel>) {
  const { positions: _, ...attributes } = v.attributes;
  const { projected_arrival_at: __, ...meta } = v.meta;
  return { ...v, attributes, meta };
}

const document: FleetDocument = {
  data: [
    vessel("a", -170, "MAEU", "USLAX", "2026-11-22T00:00:00Z"),
    vessel("b", -170, "MSCU", "USLAX", "2026-12-10T00:00:00Z"),
    vessel("c", -170, "MAEU", "NLRTM", null),
  ],
  included: [port("p1", "KRPUS", 129), port("p2", "USLAX", -118)],
  links: { self: "/v2/vessels", current: "/v2/vessels", first: "/v2/vessels", last: "/v2/vessels" },
  meta: { size: 3, total: 3 },
};

describe("longitudes across the 180th meridian", () => {
  it("continues a line instead of jumping back across the world", () => {
    expect(
      unwrap([
        [0, 179],
        [0, -179],
        [0, -170],
      ]),
    ).toEqual([
      [0, 179],
      [0, 181],
      [0, 190],
    ]);
    expect(unwrap([[0, -179]], 200)).toEqual([[0, 181]]);
    expect(
      unwrapToEnd(
        [
          [0, 170],
          [0, 179],
          [0, -175],
        ],
        -175,
      ),
    ).toEqual([
      [0, -190],
      [0, -181],
      [0, -175],
    ]);
    expect(nearLongitude(-118, 129)).toBe(242);
    expect(nearLongitude(10, 10)).toBe(10);
  });

  it("draws a vessel's track to its marker and its path ahead from it, on the same copy of the world", () => {
    const [a] = fleetViews(document);
    expect(a!.position).toEqual([40, -170]);
    expect(a!.track).toEqual([
      [41, -190],
      [40.5, -181],
      [40, -170],
    ]);
    expect(a!.ahead).toEqual([
      [40, -170],
      [34, -118],
    ]);
    expect(a!.nextPort?.attributes.code).toBe("USLAX");
    expect(a!.previousPort?.attributes.code).toBe("KRPUS");
  });

  it("has no lines for a vessel of the compact list until they are read for it", () => {
    const a = vessel("a", -170, "MAEU", "USLAX", "2026-11-22T00:00:00Z");
    const [view] = fleetViews({ data: [compact(a)], included: document.included });
    expect(view!.track).toEqual([]);
    expect(view!.ahead).toEqual([]);
    expect(view!.projectedArrival).toBeNull();
    expect(view!.containersAboard).toBe(1);
    // Chosen: the track from the vessel's reports, the path from its estimated positions, the cargo aboard.
    const cargo = {
      container_id: "a-c",
      container_number: "MSKU1234565",
      shipment_id: "a-s",
      bill_of_lading_number: "B1",
      shipping_line_scac: "MAEU",
      port_of_discharge_locode: "USLAX",
      port_of_discharge_name: "Los Angeles",
      port_of_discharge_eta_at: null,
      port_of_discharge_predicted_arrival_at: null,
    };
    const reports = a.attributes.positions.filter((p) => !p.estimated);
    const estimated = a.attributes.positions.filter((p) => p.estimated);
    expect(detailView(view!, undefined, undefined)).toEqual({
      track: [],
      ahead: [],
      projectedArrival: null,
      cargo: null,
      dischargePorts: [],
    });
    const chosen = detailView(
      view!,
      { id: "a", type: "vessel", attributes: { ...compact(a).attributes, positions: reports } },
      { id: "a", type: "vessel", attributes: { ...compact(a).attributes, positions: estimated } },
    );
    expect(chosen.track).toEqual([
      [41, -190],
      [40.5, -181],
      [40, -170],
    ]);
    expect(chosen.ahead).toEqual([
      [40, -170],
      [34, -118],
    ]);
    expect(chosen.projectedArrival).toBe("2026-11-25T00:00:00Z");
    expect(chosen.cargo).toBeNull();
    expect(chosen.lastCall).toBeNull();
    const lastPort = {
      id: "p-busan",
      type: "port" as const,
      attributes: {
        name: "Busan",
        code: "KRPUS",
        state_abbr: null,
        city: null,
        country_code: "KR",
        time_zone: "Asia/Seoul",
        latitude: 35.1,
        longitude: 129.04,
      },
    };
    const withCargo = detailView(
      view!,
      {
        id: "a",
        type: "vessel",
        attributes: compact(a).attributes,
        relationships: {
          previous_port: { data: null },
          next_port: { data: null },
          last_port: { data: { id: "p-busan", type: "port" } },
          shipments: { data: [] },
          containers: { data: [] },
        },
        meta: {
          ...compact(a).meta,
          last_port_arrived_at: "2026-11-10T00:00:00Z",
          last_port_berthed_at: null,
          last_port_departed_at: "2026-11-11T00:00:00Z",
          cargo: [cargo],
        },
      },
      undefined,
      [lastPort],
    );
    expect(withCargo.cargo).toEqual([cargo]);
    // The vessel's own last call, with its port from the document's `included`.
    expect(withCargo.lastCall).toEqual({
      port: lastPort,
      arrivedAt: "2026-11-10T00:00:00Z",
      berthedAt: null,
      departedAt: "2026-11-11T00:00:00Z",
    });
  });

  it("frames a fleet across the Pacific rather than across the world", () => {
    expect(longitudeSpan([170, -170, 175])).toEqual({ west: 170, east: 190 });
    expect(longitudeSpan([-10, 20, 0])).toEqual({ west: -10, east: 20 });
    expect(longitudeSpan([])).toBeNull();
  });

  it("names a coordinate, whatever copy of the world it was drawn on", () => {
    expect(formatCoordinate(41.653, -155.296)).toBe("41.65° N, 155.30° W");
    expect(formatCoordinate(-33.9, 204.7)).toBe("33.90° S, 155.30° W");
  });
});

describe("filters", () => {
  const views = fleetViews(document);
  const names = (list: { name: string }[]) => list.map((v) => v.name);

  it("keeps the vessels with cargo of the line, to the port, arriving in time", () => {
    expect(names(filterFleet(views, { line: "", pod: "", within: 0 }, NOW))).toEqual(["A", "B", "C"]);
    expect(names(filterFleet(views, { line: "MAEU", pod: "", within: 0 }, NOW))).toEqual(["A", "C"]);
    expect(names(filterFleet(views, { line: "MAEU", pod: "USLAX", within: 0 }, NOW))).toEqual(["A"]);
    // An unknown ETA never counts as arriving soon.
    expect(names(filterFleet(views, { line: "", pod: "", within: 7 }, NOW))).toEqual(["A"]);
    expect(names(filterFleet(views, { line: "", pod: "", within: 30 }, NOW))).toEqual(["A", "B"]);
  });

  it("lists the vessels by arrival at their next port, soonest first, unknown last, then by name", () => {
    const arrived = {
      ...views[1]!,
      id: "d",
      name: "D",
      nextPortEta: null,
      nextPortAta: "2026-11-19T00:00:00Z",
    };
    const sameTime = { ...views[0]!, id: "e", name: "AA" };
    const unknown = { ...views[2]!, id: "f", name: "0-UNKNOWN" };
    expect(names(byArrival([...views, arrived, sameTime, unknown]))).toEqual([
      "D",
      "A",
      "AA",
      "B",
      "0-UNKNOWN",
      "C",
    ]);
  });

  it("offers the lines and ports the fleet carries", () => {
    expect(filterOptions(views)).toEqual({
      lines: [
        { value: "MAEU", label: "MAEU" },
        { value: "MSCU", label: "MSCU" },
      ],
      pods: [
        { value: "NLRTM", label: "NLRTM" },
        { value: "USLAX", label: "USLAX" },
      ],
    });
  });
});

describe("the account's ports of discharge other than the vessel's next port", () => {
  const [a] = fleetViews({ data: [vessel("a", -170, "MAEU", "USLAX", null)], included: document.included });
  const bound = (pod: string | null, containers: number, scac = "MAEU") => ({
    shipping_line_scac: scac,
    port_of_discharge_locode: pod,
    port_of_discharge_name: pod === null ? null : `${pod} port`,
    containers,
  });
  const cargo = (pod: string, eta: string | null) => ({
    container_id: `c-${pod}-${eta}`,
    container_number: "MSCU1234565",
    shipment_id: "s1",
    bill_of_lading_number: "B1",
    shipping_line_scac: "MAEU",
    port_of_discharge_locode: pod,
    port_of_discharge_name: pod,
    port_of_discharge_eta_at: eta,
    port_of_discharge_predicted_arrival_at: null,
  });

  it("counts every box by port over the lines, leaves out the next port and unknown ones, soonest ETA first", () => {
    const v = {
      ...a!,
      cargoSummary: [
        bound("USLAX", 4),
        bound("CAVAN", 2),
        bound("USSEA", 1),
        bound("CAVAN", 3, "MSCU"),
        bound(null, 1),
      ],
    };
    expect(dischargeLocodes(v)).toEqual(["CAVAN", "USSEA"]);
    const vancouver = port("p3", "CAVAN", -123);
    const ports = dischargePortsOf(
      v,
      [
        cargo("CAVAN", "2026-12-16T17:25:00Z"),
        cargo("CAVAN", "2026-12-15T08:00:00Z"),
        cargo("USSEA", "2026-12-14T08:00:00Z"),
        cargo("USLAX", "2026-12-01T08:00:00Z"),
      ],
      new Map([["CAVAN", vancouver]]),
    );
    expect(ports).toEqual([
      { locode: "USSEA", name: "USSEA port", containers: 1, eta: "2026-12-14T08:00:00Z", port: null },
      { locode: "CAVAN", name: "CAVAN port", containers: 5, eta: "2026-12-15T08:00:00Z", port: vancouver },
    ]);
    // Before the cargo is read: counted, without an ETA, by name.
    expect(dischargePortsOf(v, null, new Map()).map((p) => [p.locode, p.eta])).toEqual([
      ["CAVAN", null],
      ["USSEA", null],
    ]);
  });

  it("is empty when all the boxes leave at the next port", () => {
    expect(dischargePortsOf({ ...a!, cargoSummary: [bound("USLAX", 2)] }, null, new Map())).toEqual([]);
  });
});
