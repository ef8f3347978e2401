// /map: where the vessels carrying the account's containers are, have been and are heading; filters in the URL.
// In development (or a build made to measure) `?synthetic=N` shows N made-up vessels instead, to measure the map.
import { createFileRoute, getRouteApi, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { TableSkeleton } from "../../components/skeleton";
import { MapPage } from "../../features/map/map-page";
import { fleetQuery } from "../../features/map/queries";
import { MAP_SEARCH_DEFAULTS, mapSearchSchema } from "../../features/map/search";
import { SyntheticFleetPage } from "../../features/map/synthetic-fleet-page";
import { makeSyntheticFleet } from "../../features/map/synthetic-fleet-source";

/**
 * Read here, where it is used: Vite turns it into a literal that folds only in place, so that in any other build
 * the made-up fleet's page is left out with the branch that renders it.
 */
const SYNTHETIC_ENABLED = import.meta.env.DEV || import.meta.env.VITE_MAP_SYNTHETIC === "1";

export const Route = createFileRoute("/_authenticated/map")({
  validateSearch: mapSearchSchema,
  search: { middlewares: [stripSearchParams(MAP_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ synthetic: search.synthetic }),
  // The map (Leaflet) and its coarse land are chunks the page's own chunk imports: they load with it, while the
  // fleet is read.
  loader: async ({ context, deps }) => {
    if (SYNTHETIC_ENABLED && deps.synthetic) return { synthetic: await makeSyntheticFleet(deps.synthetic) };
    await context.queryClient.ensureQueryData(fleetQuery());
    return { synthetic: undefined };
  },
  head: () => ({ meta: [{ title: "Map · Boxtrack" }] }),
  component: MapRoute,
  pendingComponent: () => <TableSkeleton label="Loading the vessels" columns={4} />,
  errorComponent: (props) => <RouteErrorPage {...props} what="the map" />,
});

// Through getRouteApi rather than Route: the component is split into the page's chunk, and Route lives in the
// first script, which would have to export it for this alone.
const routeApi = getRouteApi("/_authenticated/map");

function MapRoute() {
  const { synthetic } = routeApi.useLoaderData();
  if (SYNTHETIC_ENABLED && synthetic) return <SyntheticFleetPage fleet={synthetic} />;
  return <MapPage />;
}
