// The map's server state: the fleet (every vessel carrying the account's containers), one container's map, and
// the ports a map adds to it.
import { queryOptions } from "@tanstack/react-query";
import { singleDocument } from "../../../api/json-api";
import { portSchema } from "../../../api/reference";
import { mapGeoJsonSchema } from "../../../api/routes";
import { fleetDocumentSchema } from "../../../api/vessels";
import { apiRequest } from "../../lib/api-client";

export const mapKeys = {
  all: ["map"] as const,
  fleet: () => [...mapKeys.all, "fleet"] as const,
  containers: () => [...mapKeys.all, "container"] as const,
  container: (id: string) => [...mapKeys.containers(), id] as const,
  port: (id: string) => [...mapKeys.all, "port", id] as const,
};

const portDocument = singleDocument(portSchema);

/** Vessels move: the fleet is refreshed every few minutes while the map is open. */
export const FLEET_REFRESH_MS = 5 * 60_000;

export function fleetQuery() {
  return queryOptions({
    queryKey: mapKeys.fleet(),
    queryFn: ({ signal }) => apiRequest("/v2/vessels", { schema: fleetDocumentSchema, signal }),
    refetchInterval: FLEET_REFRESH_MS,
  });
}

export function containerMapQuery(containerId: string) {
  return queryOptions({
    queryKey: mapKeys.container(containerId),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/containers/${encodeURIComponent(containerId)}/map_geojson`, {
        schema: mapGeoJsonSchema,
        signal,
      }),
    refetchInterval: FLEET_REFRESH_MS,
  });
}

/** A port of the reference data; ports do not move, so it is asked for once. */
export function portQuery(portId: string) {
  return queryOptions({
    queryKey: mapKeys.port(portId),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/ports/${encodeURIComponent(portId)}`, { schema: portDocument, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
