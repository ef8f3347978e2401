// The map's server state: the fleet (every vessel carrying the account's containers, compact, read in pages of a
// thousand), the positions of all of it when asked for, the selected vessel's track, cargo and path ahead. (A
// container's map and its ports: components/map/journey-queries.ts, under the same first key.)
import { queryOptions } from "@tanstack/react-query";
import { singleDocument } from "../../../api/json-api";
import {
  FLEET_PAGE_SIZE_MAX,
  FLEET_POSITIONS_PAGE_SIZE_MAX,
  type FleetDocument,
  fleetDocumentSchema,
  SHOW_POSITIONS,
  SHOW_POSITIONS_TOLERANCE,
  vesselDetailSchema,
  vesselSchema,
} from "../../../api/vessels";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

export const mapKeys = {
  all: queryRoots.map,
  fleet: () => [...mapKeys.all, "fleet"] as const,
  fleetPositions: () => [...mapKeys.fleet(), "positions"] as const,
  vessels: () => [...mapKeys.all, "vessel"] as const,
  vessel: (id: string) => [...mapKeys.vessels(), id] as const,
  vesselPath: (path: VesselPathRequest) => [...mapKeys.vessel(path.id), "path", path] as const,
};

/** Vessels move: the fleet is refreshed every few minutes while the map is open. */
export const FLEET_REFRESH_MS = 5 * 60_000;

/** Every page of the fleet: the first says how many there are, the others are asked for at once. */
async function wholeFleet(signal: AbortSignal, positions: boolean): Promise<Omit<FleetDocument, "links">> {
  const size = positions ? FLEET_POSITIONS_PAGE_SIZE_MAX : FLEET_PAGE_SIZE_MAX;
  const page = (number: number) =>
    apiRequest("/v2/vessels", {
      schema: fleetDocumentSchema,
      query: { "page[number]": number, "page[size]": size, [SHOW_POSITIONS]: positions || undefined },
      signal,
    });
  const first = await page(1);
  const count = Math.ceil(first.meta.total / size);
  const rest = await Promise.all(Array.from({ length: Math.max(0, count - 1) }, (_, i) => page(i + 2)));
  // A vessel that moved between pages while they were read (a name changed, a vessel joined) is listed once.
  const seen = new Set<string>();
  const data = [first, ...rest].flatMap((d) => d.data).filter((v) => !seen.has(v.id) && seen.add(v.id));
  const ports = new Map([first, ...rest].flatMap((d) => d.included).map((p) => [p.id, p]));
  return { data, included: [...ports.values()], meta: { size: data.length, total: data.length } };
}

export function fleetQuery() {
  return queryOptions({
    queryKey: mapKeys.fleet(),
    queryFn: ({ signal }) => wholeFleet(signal, false),
    refetchInterval: FLEET_REFRESH_MS,
  });
}

/** The whole fleet with every vessel's track and path ahead: only when the map is asked to draw them all. */
export function fleetPositionsQuery() {
  return queryOptions({
    queryKey: mapKeys.fleetPositions(),
    queryFn: ({ signal }) => wholeFleet(signal, true),
    refetchInterval: FLEET_REFRESH_MS,
  });
}

const vesselDocument = singleDocument(vesselDetailSchema);

/**
 * How closely the selected vessel's track follows its reports, in metres: about a pixel at the map's closest
 * offline zoom. A week of reports every ten minutes (~1,000, 117 kB) thins on the service to a few dozen.
 */
export const TRACK_TOLERANCE_METRES = 200;

/** One vessel with its reports of the last 7 days and, while it carries them, the account's containers aboard. */
export function vesselQuery(id: string) {
  return queryOptions({
    queryKey: mapKeys.vessel(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/vessels/${encodeURIComponent(id)}`, {
        schema: vesselDocument,
        query: { [SHOW_POSITIONS_TOLERANCE]: TRACK_TOLERANCE_METRES },
        signal,
      }),
    refetchInterval: FLEET_REFRESH_MS,
  });
}

export interface VesselPathRequest {
  id: string;
  latitude: number;
  longitude: number;
  portId: string;
  previousPortId: string;
}

const pathDocument = singleDocument(vesselSchema);

/** Where the vessel is expected to sail from where it is now to its next port (estimated positions). */
export function vesselPathQuery(path: VesselPathRequest) {
  return queryOptions({
    queryKey: mapKeys.vesselPath(path),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/vessels/${encodeURIComponent(path.id)}/future_positions_with_coordinates`, {
        schema: pathDocument,
        query: {
          port_id: path.portId,
          previous_port_id: path.previousPortId,
          // Plain decimals: a tiny number would otherwise be written with an exponent, which the API refuses.
          latitude: path.latitude.toFixed(6),
          longitude: path.longitude.toFixed(6),
        },
        signal,
      }),
    // The path follows from the position in the key; a new position is a new key.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
