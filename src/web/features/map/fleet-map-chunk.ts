// Where the map's heavy parts come from (Leaflet and the map in one chunk, the coarse land in another), so that
// the route's loader can start fetching them while it waits for the fleet, and the page finds them loaded.
export const loadFleetMap = () => import("./fleet-map");

/** The map and the land it draws first, fetched ahead of the page that shows them. */
export function preloadFleetMap(): void {
  void loadFleetMap();
  void import("world-atlas/countries-110m.json");
}
