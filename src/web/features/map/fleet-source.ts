// What the map page asks of wherever its fleet comes from, beyond the compact list (the selected vessel's track,
// cargo and estimated path, every vessel's lines when the map is to show them all), and the account's fleet's
// answer: read from the API when asked for. The made-up fleet for measurements makes it up
// (synthetic-fleet-source.ts).
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { Port } from "../../../api/reference";
import type { LatLng } from "../../components/map/coordinates";
import { portQuery } from "../../components/map/journey-queries";
import {
  detailView,
  dischargeLocodes,
  type FleetVesselView,
  fleetViews,
  type VesselDetailView,
} from "./fleet";
import { fleetPositionsQuery, vesselPathQuery, vesselQuery } from "./queries";

/** A vessel's track (last 7 days) and estimated path to its next port. */
export interface VesselLines {
  track: LatLng[];
  ahead: LatLng[];
}

/** Hooks, called on every render of the page, in the same order. */
export interface FleetSource {
  /** The selected vessel's track, path ahead and cargo, as far as known. */
  useDetail(vessel: FleetVesselView | null): VesselDetailView | null;
  /** Every vessel's track and path ahead, by id, once asked for (undefined while not read). */
  useAllLines(wanted: boolean): Map<string, VesselLines> | undefined;
}

/** The account's fleet, from the API. */
export const accountSource: FleetSource = {
  useDetail(vessel) {
    const detail = useQuery({ ...vesselQuery(vessel?.id ?? ""), enabled: vessel !== null });
    const request =
      vessel?.position && vessel.nextPort && vessel.previousPort && vessel.nextPortAta === null
        ? {
            id: vessel.id,
            latitude: vessel.position[0],
            longitude: vessel.position[1],
            portId: vessel.nextPort.id,
            previousPortId: vessel.previousPort.id,
          }
        : null;
    const path = useQuery({
      ...vesselPathQuery(request ?? { id: "", latitude: 0, longitude: 0, portId: "", previousPortId: "" }),
      enabled: request !== null,
    });
    // Where the account's boxes leave the vessel, when not at its next port: each port read once, by LOCODE.
    const dischargePorts = useQueries({
      queries: (vessel ? dischargeLocodes(vessel) : []).map((code) => portQuery(code)),
      combine: (results) => results.map((r) => r.data?.data),
    });
    const portsKey = dischargePorts.map((p) => p?.id ?? "").join(",");
    // Kept while the same ports are read (useQueries gives a new array each render).
    const known = useMemo(
      () =>
        new Map(dischargePorts.filter((p): p is Port => p !== undefined).map((p) => [p.attributes.code, p])),
      [portsKey],
    );
    return useMemo(
      () =>
        vessel
          ? detailView(vessel, detail.data?.data, path.data?.data, detail.data?.included ?? [], known)
          : null,
      [vessel, detail.data, path.data, known],
    );
  },
  useAllLines(wanted) {
    const { data } = useQuery({ ...fleetPositionsQuery(), enabled: wanted });
    return useMemo(
      () =>
        data ? new Map(fleetViews(data).map((v) => [v.id, { track: v.track, ahead: v.ahead }])) : undefined,
      [data],
    );
  },
};
