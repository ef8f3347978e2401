// The map part of the map page: the map, the land's status, the legend, and the switches for every vessel's track
// and path. The map (Leaflet) is imported here, not loaded on demand: the route's chunk then names Leaflet's chunk
// and the coarse land among its own, and the browser fetches them together with it, instead of one after the other.
import type { Ref } from "react";
import { type LandState, LandStatus } from "../../components/map/land-status";
import { LAND_LEGEND, MapLegend } from "../../components/map/map-legend";
import FleetMap, { type FleetMapProps } from "./fleet-map";

export function FleetMapFigure({
  land,
  onShowTracks,
  onShowAllPaths,
  figureRef,
  ...map
}: FleetMapProps & {
  land: LandState;
  /** The figure, focusable by script (not in the tab order): where a choice in the list takes a phone's reader. */
  figureRef?: Ref<HTMLElement>;
  onShowTracks(show: boolean): void;
  onShowAllPaths(show: boolean): void;
}) {
  return (
    <div className="flex min-h-0 min-w-0 flex-col gap-2">
      <figure
        ref={figureRef}
        tabIndex={-1}
        aria-label="Map of the vessels carrying your containers"
        aria-describedby="fleet-map-note"
        className="relative h-[60vh] min-h-[24rem] scroll-mt-28 overflow-hidden rounded-lg border border-slate-200 lg:h-auto lg:flex-1 dark:border-slate-800"
      >
        <FleetMap {...map} />
        <figcaption id="fleet-map-note" className="sr-only">
          The list of vessels beside the map holds everything the map shows. Choosing a vessel there moves the
          map to it.
        </figcaption>
        <LandStatus state={land} />
      </figure>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MapLegend
          items={[
            { kind: "vessel", label: "Vessel, pointing along its heading" },
            { kind: "track", label: "Track, last 7 days" },
            { kind: "ahead", label: "Estimated path to the next port" },
            { kind: "port", label: "Next port of the selected vessel, with its ETA" },
            { kind: "discharge", label: "Where your containers leave it, when not at its next port" },
            LAND_LEGEND,
          ]}
        />
        <fieldset className="flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-300">
          <legend className="sr-only">Show on the map besides the selected vessel's</legend>
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={map.showTracks}
              onChange={(e) => onShowTracks(e.target.checked)}
            />
            Tracks of all vessels
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={map.showAllPaths}
              onChange={(e) => onShowAllPaths(e.target.checked)}
            />
            Estimated paths of all vessels
          </label>
        </fieldset>
      </div>
    </div>
  );
}
