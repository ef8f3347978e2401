// Builders of transport events, raw events and ports for the timeline's unit tests: only what a test names differs.
import type { RawEvent, TransportEvent } from "../../../api/events";
import type { Port } from "../../../api/reference";
import type { TimelineSources } from "../../../api/timeline-merge";
import type { Vessel } from "../../../api/vessels";

const ZONES: Record<string, [name: string, zone: string]> = {
  CNSHA: ["Shanghai", "Asia/Shanghai"],
  KRPUS: ["Busan", "Asia/Seoul"],
  USLAX: ["Los Angeles", "America/Los_Angeles"],
  USLGB: ["Long Beach", "America/Los_Angeles"],
  USCHI: ["Chicago", "America/Chicago"],
  SGSIN: ["Singapore", "Asia/Singapore"],
  NZAKL: ["Auckland", "Pacific/Auckland"],
  USHNL: ["Honolulu", "Pacific/Honolulu"],
};

export const portIdOf = (locode: string) => `port-${locode}`;

export function port(locode: string): Port {
  const [name, zone] = ZONES[locode] ?? [locode, "UTC"];
  return {
    id: portIdOf(locode),
    type: "port",
    attributes: {
      name,
      code: locode,
      state_abbr: null,
      city: name,
      country_code: locode.slice(0, 2),
      time_zone: zone,
      latitude: null,
      longitude: null,
    },
  };
}

export function vessel(id: string, name: string): Vessel {
  return {
    id,
    type: "vessel",
    attributes: {
      name,
      imo: null,
      mmsi: null,
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    },
  };
}

let sequence = 0;

export function transport(
  name: string,
  at: string | null,
  locode: string | null,
  options: {
    vesselId?: string;
    voyage?: string;
    id?: string;
    source?: TransportEvent["attributes"]["data_source"];
    createdAt?: string;
  } = {},
): TransportEvent {
  sequence += 1;
  return {
    id: options.id ?? `te-${sequence}`,
    type: "transport_event",
    attributes: {
      event: name.includes(".") ? name : `container.transport.${name}`,
      created_at: options.createdAt ?? "2026-11-01T00:00:00.000Z",
      voyage_number: options.voyage ?? null,
      timestamp: at,
      location_locode: locode,
      timezone: locode ? port(locode).attributes.time_zone : null,
      data_source: options.source ?? "shipping_line",
    },
    relationships: {
      shipment: { data: { id: "shipment-1", type: "shipment" } },
      container: { data: { id: "container-1", type: "container" } },
      vessel: { data: options.vesselId ? { id: options.vesselId, type: "vessel" } : null },
      location: { data: locode ? { id: portIdOf(locode), type: "port" } : null },
      terminal: { data: null },
    },
  };
}

export function raw(
  index: number,
  name: string | null,
  at: string | null,
  locode: string | null,
  text: string,
  options: {
    estimated?: boolean;
    vesselId?: string;
    vesselName?: string;
    voyage?: string;
    id?: string;
    createdAt?: string;
  } = {},
): RawEvent {
  const estimated = options.estimated ?? false;
  return {
    id: options.id ?? `raw-${index}`,
    type: "raw_event",
    attributes: {
      event: name,
      index,
      original_event: text,
      timestamp: at,
      estimated,
      actual_at: estimated ? null : at,
      estimated_at: estimated ? at : null,
      actual_on: null,
      estimated_on: null,
      created_at: options.createdAt ?? "2026-11-01T00:00:00.000Z",
      voyage_number: options.voyage ?? null,
      location_name: locode ? `${locode} (carrier's name)` : null,
      location_locode: locode,
      vessel_name: options.vesselName ?? null,
      vessel_imo: null,
      timezone: locode ? port(locode).attributes.time_zone : null,
    },
    relationships: {
      location: { data: locode ? { id: portIdOf(locode), type: "port" } : null },
      vessel: { data: options.vesselId ? { id: options.vesselId, type: "vessel" } : null },
    },
  };
}

/** Sources with every port the events name included, and these vessels. */
export function sources(
  transportEvents: TransportEvent[],
  rawEvents: RawEvent[],
  vessels: Vessel[] = [],
): TimelineSources {
  const locodes = new Set(
    [...transportEvents, ...rawEvents]
      .map((e) => e.attributes.location_locode)
      .filter((l): l is string => l !== null),
  );
  return {
    transportEvents,
    rawEvents,
    ports: new Map([...locodes].map((l) => [portIdOf(l), port(l)])),
    vessels: new Map(vessels.map((v) => [v.id, v])),
    terminals: new Map(),
  };
}
