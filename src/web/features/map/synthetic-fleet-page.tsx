// Development only (`/map?synthetic=2000` in `vite dev`, or in a build made with VITE_MAP_SYNTHETIC=1): the map page
// with a made-up fleet, to measure how the map pans and zooms with thousands of vessels. Only the route renders it,
// behind those flags, so that no other build carries it (the made-up fleet itself is made by the route's loader,
// synthetic-fleet-source.ts, and loads in a chunk of its own).
import { FleetPage } from "./fleet-page";
import type { SyntheticFleet } from "./synthetic-fleet-source";

export function SyntheticFleetPage({ fleet }: { fleet: SyntheticFleet }) {
  return <FleetPage vessels={fleet.vessels} source={fleet.source} note="Made-up fleet for measuring: " />;
}
