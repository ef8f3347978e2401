// Unit tests of the journey map's drawing: a journey across the Pacific stays one line, left to right.
import { describe, expect, it } from "vitest";
import type { Port } from "../../../api/reference";
import type { MapGeoJson } from "../../../api/routes";
import { journeyDrawing } from "./journey-geometry";

const portProperties = (sequence: number, label: string, name: string) => ({
  feature_type: "port" as const,
  ports_sequence: sequence,
  ports_total: 2,
  location_id: name,
  location_type: "Port" as const,
  name,
  locode: name,
  state_abbr: null,
  state: null,
  country_code: "XX",
  country: null,
  time_zone: "UTC",
  label,
  inbound_eta_at: null,
  inbound_ata_at: null,
  outbound_etd_at: null,
  outbound_atd_at: null,
  updated_at: null,
});

const map: MapGeoJson = {
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      geometry: { type: "Point", coordinates: [129, 35] },
      properties: portProperties(1, "POL", "Busan"),
    },
    {
      type: "Feature",
      geometry: { type: "Point", coordinates: [-118.2, 33.7] },
      properties: portProperties(2, "POD", "Los Angeles"),
    },
    {
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [
          [129, 35],
          [170, 40],
          [179.5, 41],
          [-179.5, 41],
          [-160, 41],
        ],
      },
      properties: {
        feature_type: "past_vessel_locations",
        ports_sequence: 1,
        vessel_id: "v",
        start_time: "2026-11-12T00:00:00Z",
        end_time: "2026-11-20T12:00:00Z",
        point_count: 5,
        outbound_atd_at: "2026-11-12T00:00:00Z",
        inbound_ata_at: null,
        inbound_eta_at: null,
        reconstructed: false,
      },
    },
    {
      type: "Feature",
      geometry: { type: "Point", coordinates: [-160, 41] },
      properties: {
        feature_type: "current_vessel",
        ports_sequence: 1,
        vessel_id: "v",
        vessel_name: "PACIFIC SPIRIT",
        vessel_imo: null,
        voyage_number: "1E",
        vessel_location_timestamp: "2026-11-20T12:00:00Z",
        vessel_location_heading: 90,
        vessel_location_speed: 18,
        departure_port_id: "Busan",
        departure_port_name: "Busan",
        departure_port_label: "POL",
        departure_port_atd: null,
        departure_port_time_zone: "UTC",
        arrival_port_id: "Los Angeles",
        arrival_port_name: "Los Angeles",
        arrival_port_label: "POD",
        arrival_port_eta: null,
        arrival_port_time_zone: "UTC",
      },
    },
    {
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [
          [-160, 41],
          [-118.2, 33.7],
        ],
      },
      properties: {
        feature_type: "estimated_partial_leg",
        ports_sequence: 1,
        current_port_id: "Busan",
        next_port_id: "Los Angeles",
        point_count: 2,
      },
    },
  ],
};

describe("journeyDrawing", () => {
  it("keeps a Pacific crossing on one copy of the world: ports, lines and vessel", () => {
    const drawing = journeyDrawing(map);
    expect(drawing.ports.map((p) => p.position)).toEqual([
      [35, 129],
      [33.7, 241.8],
    ]);
    const [sailed, ahead] = drawing.lines;
    expect(sailed).toMatchObject({ kind: "sailed", reconstructed: false });
    expect(sailed!.points.map(([, lon]) => lon)).toEqual([129, 170, 179.5, 180.5, 200]);
    expect(ahead).toMatchObject({
      kind: "estimated",
      points: [
        [41, 200],
        [33.7, 241.8],
      ],
    });
    expect(drawing.vessel?.position).toEqual([41, 200]);
    expect(drawing.bounds.every(([, lon]) => lon >= 129 && lon <= 241.8)).toBe(true);
  });

  it("draws nothing but the ports it knows", () => {
    const drawing = journeyDrawing({ type: "FeatureCollection", features: map.features.slice(0, 1) });
    expect(drawing).toMatchObject({ lines: [], vessel: null, bounds: [[35, 129]] });
  });

  it("adds the inland destination beyond the port of discharge, on the same copy of the world", () => {
    const chicago: Port = {
      id: "chicago",
      type: "port",
      attributes: {
        name: "Chicago",
        code: "USCHI",
        state_abbr: "IL",
        city: "Chicago",
        country_code: "US",
        time_zone: "America/Chicago",
        latitude: 41.8,
        longitude: -87.6,
      },
    };
    const drawing = journeyDrawing(map, { port: chicago, etaAt: "2026-12-01T14:00:00Z", ataAt: null });
    expect(drawing.inland).toMatchObject({
      position: [41.8, 272.4],
      line: [
        [33.7, 241.8],
        [41.8, 272.4],
      ],
      etaAt: "2026-12-01T14:00:00Z",
    });
    expect(drawing.bounds).toContainEqual([41.8, 272.4]);
  });

  it("has no inland leg without a destination, or when it is the port of discharge itself", () => {
    expect(journeyDrawing(map).inland).toBeNull();
    const losAngeles: Port = {
      id: "Los Angeles",
      type: "port",
      attributes: {
        name: "Los Angeles",
        code: "USLAX",
        state_abbr: "CA",
        city: "Los Angeles",
        country_code: "US",
        time_zone: "America/Los_Angeles",
        latitude: 33.7,
        longitude: -118.2,
      },
    };
    expect(journeyDrawing(map, { port: losAngeles, etaAt: null, ataAt: null }).inland).toBeNull();
  });

  it("puts a port reached westwards through Suez west of Asia, where its leg's line ends", () => {
    const westwards: MapGeoJson = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [103.8, 1.26] },
          properties: portProperties(1, "POL", "Singapore"),
        },
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [-81.1, 32.1] },
          properties: portProperties(2, "POD", "Savannah"),
        },
        {
          type: "Feature",
          geometry: {
            type: "LineString",
            coordinates: [
              [103.8, 1.26],
              [80, 6],
              [43, 12.5],
              [32.5, 30],
              [-5.6, 36],
              [-81.1, 32.1],
            ],
          },
          properties: {
            feature_type: "estimated_full_legs",
            ports_sequence: 1,
            previous_port_id: "Singapore",
            next_port_id: "Savannah",
            point_count: 6,
          },
        },
      ],
    };
    const drawing = journeyDrawing(westwards);
    expect(drawing.ports.map((p) => p.position[1])).toEqual([103.8, -81.1]);
    expect(drawing.lines[0]!.points.at(-1)).toEqual([32.1, -81.1]);
    expect(Math.max(...drawing.bounds.map(([, lon]) => lon))).toBe(103.8);
  });
});
