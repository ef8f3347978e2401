// The map page's layout, whichever fleet it shows: the header, the filters, the selected vessel's panel above the
// list, and the map (beside them on a wide screen, above them on a phone: it is what a person opens the page for).
// The map draws first, the list once the map's first frame is painted; the selected vessel's track, path and cargo
// come from the fleet's source when it is chosen.
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLandState } from "../../components/map/land-status";
import { PageHeader } from "../../components/page-header";
import { formatCount, plural } from "../../lib/format";
import { type FleetVesselView, fleetPorts } from "./fleet";
import { FleetFilters } from "./fleet-filters";
import { FleetMapFigure } from "./fleet-map-figure";
import type { FleetSource } from "./fleet-source";
import { useFleetFilters } from "./use-fleet-filters";
import { usePaintedSince } from "./use-painted-since";
import { isNarrowScreen, useVesselSelection } from "./use-vessel-selection";
import { VesselListSection } from "./vessel-list-section";
import { VesselPanel } from "./vessel-panel";

export function FleetPage({
  vessels: listed,
  source,
  note,
}: {
  vessels: FleetVesselView[];
  source: FleetSource;
  /** Said before the count in the header. */
  note?: string;
}) {
  const [showTracks, setShowTracks] = useState(false);
  const [showAllPaths, setShowAllPaths] = useState(false);
  const allLines = source.useAllLines(showTracks || showAllPaths);
  // With every vessel's lines read, they join the fleet; until then the map draws vessels alone.
  const vessels = useMemo(
    () => (allLines ? listed.map((v) => ({ ...v, ...(allLines.get(v.id) ?? {}) })) : listed),
    [listed, allLines],
  );
  const filters = useFleetFilters(vessels);
  const { filtered } = filters;
  const selection = useVesselSelection(vessels);
  const { selected } = selection;
  const detail = source.useDetail(selected);
  const figureRef = useRef<HTMLElement>(null);
  const ports = useMemo(() => fleetPorts(vessels), [vessels]);
  useMapIntoViewOnNarrowScreens(figureRef, selection.focus, selected?.id ?? null);

  const [land, onLand] = useLandState();
  // The list waits for the map's first frame: the map is what most people look at first. Until that frame is
  // painted, not just until the land and the vessels are on the map: rendered in the same commit, the list's rows
  // (their dates in each port's time zone) held the map's first frame back.
  const [mapDrawn, setMapDrawn] = useState(false);
  const onDrawn = useCallback(() => setMapDrawn(true), []);
  const listShown = usePaintedSince(mapDrawn && land !== "drawing");

  return (
    <>
      <FleetPageHeader
        note={note}
        filtering={filters.filtering}
        shown={filtered.length}
        total={vessels.length}
      />
      <FleetFilters filters={filters} />

      <div className="grid gap-4 lg:h-[calc(100vh-15rem)] lg:min-h-[34rem] lg:grid-cols-[27rem_1fr]">
        <div className="flex min-h-0 min-w-0 flex-col gap-3 max-lg:order-last">
          {selected && detail ? (
            // As tall as it needs, up to where the list keeps a few rows: its next port, ETA and cargo in sight.
            <div className="max-h-[calc(100%-9rem)] min-h-0 shrink-0 overflow-hidden">
              <VesselPanel vessel={selected} detail={detail} ports={ports} onClose={selection.clear} />
            </div>
          ) : null}
          <VesselListSection
            vessels={filtered}
            filtering={filters.filtering}
            onClearFilters={filters.clear}
            shown={listShown}
            selectedId={selected?.id ?? null}
            onChoose={selection.chooseFromList}
            revealId={selection.revealId}
          />
        </div>

        <FleetMapFigure
          vessels={filtered}
          selected={selected && filtered.includes(selected) ? selected : null}
          selectedLines={detail}
          focus={selection.focus}
          onSelect={selection.chooseOnMap}
          showTracks={showTracks}
          showAllPaths={showAllPaths}
          onShowTracks={setShowTracks}
          onShowAllPaths={setShowAllPaths}
          land={land}
          onLand={onLand}
          onDrawn={onDrawn}
          figureRef={figureRef}
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {selection.announcement}
      </p>
    </>
  );
}

/**
 * On a narrow screen (a phone), a vessel chosen in the list brings the map into view and moves focus to it, so that
 * the choice is seen (and a screen reader is told, with the announcement, where it went). A vessel named in the
 * address (`seq` 0) does not scroll the page on load.
 */
function useMapIntoViewOnNarrowScreens(
  figureRef: RefObject<HTMLElement | null>,
  focus: { id: string; seq: number } | null,
  selectedId: string | null,
) {
  const seq = focus?.seq ?? 0;
  const handled = useRef(0);
  // Once the choice is in the URL too: that commit also shows the panel above the list and scrolls the list to the
  // row (the list's effect runs before this one), which would otherwise move the page after this scroll.
  const ready = focus !== null && focus.id === selectedId;
  useEffect(() => {
    const figure = figureRef.current;
    if (!ready || seq === 0 || seq === handled.current || !figure) return;
    handled.current = seq;
    if (!isNarrowScreen()) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    figure.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
    figure.focus({ preventScroll: true });
  }, [figureRef, seq, ready]);
}

function FleetPageHeader({
  note,
  filtering,
  shown,
  total,
}: {
  note: string | undefined;
  filtering: boolean;
  shown: number;
  total: number;
}) {
  return (
    <PageHeader
      title="Map"
      description={
        <>
          {note}
          {filtering
            ? `${plural(shown, "vessel")} of ${formatCount(total)} match the filters`
            : total === 0
              ? "No vessel carries your containers at the moment"
              : `${plural(total, "vessel")} ${total === 1 ? "carries" : "carry"} your containers`}
        </>
      }
    />
  );
}
