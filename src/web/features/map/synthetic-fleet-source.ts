// Development only (`/map?synthetic=2000` in `vite dev`, or in a build made with VITE_MAP_SYNTHETIC=1): the made-up
// fleet as the route's loader makes it. Apart from its page (synthetic-fleet-page.tsx), which imports the map: the
// loader's chunk then imports neither the map nor Leaflet, and runs (asking for the made-up fleet's chunk, as the
// real loader asks for the fleet) while they load and run.
import type { FleetVesselView, VesselDetailView } from "./fleet";
import type { FleetSource, VesselLines } from "./fleet-source";
import { loadSyntheticFleet } from "./synthetic-fleet-chunk";

export interface SyntheticFleet {
  vessels: FleetVesselView[];
  source: FleetSource;
}

/**
 * Makes the fleet in the route's loader, as the real page's fleet is read there, so that the page renders once
 * with its vessels as the real one does (and a measurement of the first frame measures what users see).
 */
export async function makeSyntheticFleet(count: number): Promise<SyntheticFleet | undefined> {
  const m = await loadSyntheticFleet();
  if (!m) return undefined;
  const vessels = m.syntheticFleet(count);
  // Made up once each, when first asked for, as the API gives them: no request to wait for.
  const details = new Map<string, VesselDetailView>();
  let allLines: Map<string, VesselLines> | undefined;
  const source: FleetSource = {
    useDetail: (vessel) => {
      if (!vessel) return null;
      let detail = details.get(vessel.id);
      if (!detail) {
        const lines = allLines?.get(vessel.id) ?? m.syntheticLines(vessel);
        detail = {
          ...lines,
          projectedArrival: vessel.projectedArrival,
          cargo: m.syntheticCargo(vessel),
          lastCall: null,
          dischargePorts: [],
        };
        details.set(vessel.id, detail);
      }
      return detail;
    },
    useAllLines: (wanted) => {
      if (wanted && !allLines) allLines = new Map(vessels.map((v) => [v.id, m.syntheticLines(v)]));
      return wanted ? allLines : undefined;
    },
  };
  return { vessels, source };
}
