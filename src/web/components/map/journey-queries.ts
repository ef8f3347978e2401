// The journey map's server state: one container's map (its route as GeoJSON) and the ports a map adds to it.
// Under the same first key as the fleet map's queries, so that invalidating "map" refreshes both.
import { queryOptions } from "@tanstack/react-query";
import { singleDocument } from "../../../api/json-api";
import { portSchema } from "../../../api/reference";
import { mapGeoJsonSchema } from "../../../api/routes";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

const journeyKeys = {
  container: (id: string) => [...queryRoots.map, "container", id] as const,
  port: (id: string) => [...queryRoots.map, "port", id] as const,
};

/** Vessels move: a container's map is refreshed every few minutes while it is open (as the fleet is). */
const JOURNEY_REFRESH_MS = 5 * 60_000;

const portDocument = singleDocument(portSchema);

export function containerMapQuery(containerId: string) {
  return queryOptions({
    queryKey: journeyKeys.container(containerId),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/containers/${encodeURIComponent(containerId)}/map_geojson`, {
        schema: mapGeoJsonSchema,
        signal,
      }),
    refetchInterval: JOURNEY_REFRESH_MS,
  });
}

/** A port of the reference data; ports do not move, so it is asked for once. */
export function portQuery(portId: string) {
  return queryOptions({
    queryKey: journeyKeys.port(portId),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/ports/${encodeURIComponent(portId)}`, { schema: portDocument, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
