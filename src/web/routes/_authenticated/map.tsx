// /map: where the vessels carrying the account's containers are, have been and are heading; filters in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { TableSkeleton } from "../../components/skeleton";
import { loadFleetMap, loadSyntheticFleet } from "../../features/map/fleet-map-chunk";
import { MapPage } from "../../features/map/map-page";
import { fleetQuery } from "../../features/map/queries";
import { MAP_SEARCH_DEFAULTS, mapSearchSchema } from "../../features/map/search";

export const Route = createFileRoute("/_authenticated/map")({
  validateSearch: mapSearchSchema,
  search: { middlewares: [stripSearchParams(MAP_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ synthetic: search.synthetic }),
  // The map's chunk (Leaflet) and its land load while the fleet does, so that the page draws the map at once.
  loader: async ({ context, deps }) => {
    await Promise.all([
      loadFleetMap(),
      deps.synthetic ? loadSyntheticFleet() : context.queryClient.ensureQueryData(fleetQuery()),
    ]);
  },
  head: () => ({ meta: [{ title: "Map · Boxtrack" }] }),
  component: MapPage,
  pendingComponent: () => <TableSkeleton label="Loading the vessels" columns={4} />,
  errorComponent: (props) => <RouteErrorPage {...props} what="the map" />,
});
