// The map page's filters, kept in the URL: which vessels they leave (soonest arrival first), the choices the menus
// offer, and how to change or clear them.
import { getRouteApi } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { serviceNow } from "../../lib/service-clock";
import { byArrival, type FilterOption, type FleetVesselView, filterFleet, filterOptions } from "./fleet";
import type { MapSearch } from "./search";

const route = getRouteApi("/_authenticated/map");

export type FleetFilterValues = Pick<MapSearch, "line" | "pod" | "within">;

const NO_FILTERS: FleetFilterValues = { line: "", pod: "", within: 0 };

export interface FleetFilters {
  values: FleetFilterValues;
  /** Whether any filter is set. */
  filtering: boolean;
  /** The vessels that match, by arrival at the next port. */
  filtered: FleetVesselView[];
  /** The lines and ports the fleet's cargo has, for the menus. */
  options: { lines: FilterOption[]; pods: FilterOption[] };
  change(change: Partial<FleetFilterValues>): void;
  clear(): void;
}

export function useFleetFilters(vessels: FleetVesselView[]): FleetFilters {
  const { line, pod, within } = route.useSearch();
  const navigate = route.useNavigate();
  const filtered = useMemo(
    // "Arriving within N days" of the service's now: the ETAs are the service's world.
    () => byArrival(filterFleet(vessels, { line, pod, within }, serviceNow().getTime())),
    [vessels, line, pod, within],
  );
  const options = useMemo(() => filterOptions(vessels), [vessels]);
  const change = useCallback(
    (next: Partial<FleetFilterValues>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  const clear = useCallback(() => change(NO_FILTERS), [change]);
  return {
    values: { line, pod, within },
    filtering: line !== "" || pod !== "" || within !== 0,
    filtered,
    options,
    change,
    clear,
  };
}
