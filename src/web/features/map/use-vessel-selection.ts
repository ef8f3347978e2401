// The vessel selected on the map page, kept in the URL (`?vessel=`): chosen in the list, the map flies to it; chosen
// on the map, the list scrolls to it; either way a screen reader hears where its details are.
import { getRouteApi } from "@tanstack/react-router";
import { useCallback, useMemo, useState } from "react";
import type { FleetVesselView } from "./fleet";

const route = getRouteApi("/_authenticated/map");

/** Below Tailwind's `lg` the map sits under the list (fleet-page.tsx), out of sight of a choice made there. */
export function isNarrowScreen(): boolean {
  return window.matchMedia?.("(max-width: 1023.98px)").matches === true;
}

export interface VesselSelection {
  selected: FleetVesselView | null;
  /** The id in the URL, which the list scrolls into view when it changes (a choice on the map, a bookmark). */
  revealId: string | null;
  /** A new `seq` when the map should fly to the vessel: a choice in the list, or the vessel a bookmark names. */
  focus: { id: string; seq: number } | null;
  /** What a screen reader is told after a choice. */
  announcement: string;
  /** Stable, so that choosing a vessel re-renders two rows of the list rather than all of them. */
  chooseFromList(vessel: FleetVesselView): void;
  chooseOnMap(id: string): void;
  clear(): void;
}

export function useVesselSelection(vessels: FleetVesselView[]): VesselSelection {
  const { vessel: selectedId } = route.useSearch();
  const navigate = route.useNavigate();
  const selected = useMemo(() => vessels.find((v) => v.id === selectedId) ?? null, [vessels, selectedId]);
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(() =>
    selectedId ? { id: selectedId, seq: 0 } : null,
  );
  const [announcement, setAnnouncement] = useState("");

  const setSelectedId = useCallback(
    // The page stays where it is: the router would otherwise scroll it to the top on every choice.
    (id: string) =>
      void navigate({ search: (prev) => ({ ...prev, vessel: id }), replace: true, resetScroll: false }),
    [navigate],
  );
  const chooseFromList = useCallback(
    (vessel: FleetVesselView) => {
      setSelectedId(vessel.id);
      setFocus((f) => ({ id: vessel.id, seq: (f?.seq ?? 0) + 1 }));
      // On a phone the map is below the list, and the page scrolls to it (fleet-page.tsx).
      setAnnouncement(
        isNarrowScreen()
          ? `${vessel.name} selected: the map above shows it, its details are above the list.`
          : `${vessel.name} selected: the map moves to it, its details are above the list.`,
      );
    },
    [setSelectedId],
  );
  const chooseOnMap = useCallback(
    (id: string) => {
      const vessel = vessels.find((v) => v.id === id);
      if (!vessel) return;
      setSelectedId(vessel.id);
      setAnnouncement(`${vessel.name} selected on the map: its details are above the list.`);
    },
    [vessels, setSelectedId],
  );
  const clear = useCallback(() => setSelectedId(""), [setSelectedId]);

  return { selected, revealId: selectedId || null, focus, announcement, chooseFromList, chooseOnMap, clear };
}
