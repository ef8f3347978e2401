// Where the map's heavy part comes from (Leaflet and the map, one chunk, and the coarse land, another), so that the
// route's loader can fetch them while it reads the fleet, and the page draws the map in its first render instead of
// suspending (React holds a suspended boundary's content back for 300 ms once it has shown the fallback). The
// made-up fleet for measurements loads the same way, as the account's fleet does, in the loader.
import type { ComponentType } from "react";
import type { FleetMapProps } from "./fleet-map";

let loading: Promise<{ default: ComponentType<FleetMapProps> }> | undefined;
let loaded: ComponentType<FleetMapProps> | undefined;

/** The map's module, fetched once; its land is read as soon as it is there. */
export function loadFleetMap(): Promise<{ default: ComponentType<FleetMapProps> }> {
  loading ??= import("./fleet-map").then((m) => {
    m.preloadLand();
    loaded = m.default;
    return m;
  });
  return loading;
}

/** The map's component if its chunk has loaded, to render without suspending. */
export function loadedFleetMap(): ComponentType<FleetMapProps> | undefined {
  return loaded;
}

/**
 * The made-up fleet, in development or in a build made to measure; in any other build nothing (the condition is
 * folded where the import is, so that the chunk is not even built).
 */
export function loadSyntheticFleet(): Promise<typeof import("./synthetic-fleet") | undefined> {
  return import.meta.env.DEV || import.meta.env.VITE_MAP_SYNTHETIC === "1"
    ? import("./synthetic-fleet")
    : Promise.resolve(undefined);
}
