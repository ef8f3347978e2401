// The map page: every vessel carrying the account's containers on a map that works offline, a list beside it that
// says everything the map shows (and is how keyboards and screen readers use it), the selected vessel's panel, and
// filters kept in the URL. The map draws first (Leaflet loads in its own chunk, started by the route's loader), the
// list once the map has drawn; the selected vessel's track, path and cargo are read when it is chosen.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buttonClass } from "../../components/button";
import type { LatLng } from "../../components/map/coordinates";
import { LandStatus, useLandState } from "../../components/map/land-status";
import { LAND_LEGEND, MapLegend } from "../../components/map/map-legend";
import { PageHeader } from "../../components/page-header";
import { formatCount, plural } from "../../lib/format";
import {
  arrivalTime,
  detailView,
  type FleetVesselView,
  filterFleet,
  filterOptions,
  fleetViews,
  type VesselDetailView,
} from "./fleet";
import { loadedFleetMap, loadFleetMap, loadSyntheticFleet } from "./fleet-map-chunk";
import { fleetPositionsQuery, fleetQuery, vesselPathQuery, vesselQuery } from "./queries";
import { ARRIVING_WITHIN_DAYS, type MapSearch } from "./search";
import { VesselList } from "./vessel-list";
import { VesselPanel } from "./vessel-panel";

const LazyFleetMap = lazy(loadFleetMap);

const route = getRouteApi("/_authenticated/map");

/** The made-up fleet for measurements exists only in development, or in a build made to measure. */
const SYNTHETIC_ENABLED = import.meta.env.DEV || import.meta.env.VITE_MAP_SYNTHETIC === "1";

export function MapPage() {
  const { synthetic } = route.useSearch();
  if (SYNTHETIC_ENABLED && synthetic) return <SyntheticFleetPage count={synthetic} />;
  return <AccountFleetPage />;
}

/** Where the page gets what the compact fleet lacks: from the API, or made up with the made-up fleet. */
interface Source {
  /** The selected vessel's track, path ahead and cargo, as far as known. */
  useDetail(vessel: FleetVesselView | null): VesselDetailView | null;
  /** Every vessel's track and path ahead, by id, once asked for (undefined while not read). */
  useAllLines(wanted: boolean): Map<string, { track: LatLng[]; ahead: LatLng[] }> | undefined;
}

function AccountFleetPage() {
  const { data } = useSuspenseQuery(fleetQuery());
  const vessels = useMemo(() => fleetViews(data), [data]);
  return <FleetPage vessels={vessels} source={accountSource} />;
}

const accountSource: Source = {
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
    return useMemo(
      () => (vessel ? detailView(vessel, detail.data?.data, path.data?.data) : null),
      [vessel, detail.data, path.data],
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

function SyntheticFleetPage({ count }: { count: number }) {
  const [made, setMade] = useState<{ vessels: FleetVesselView[]; source: Source } | null>(null);
  useEffect(() => {
    let live = true;
    void loadSyntheticFleet().then((m) => {
      if (!live || !m) return;
      const vessels = m.syntheticFleet(count);
      // Made up once each, when first asked for, as the API gives them: no request to wait for.
      const details = new Map<string, VesselDetailView>();
      let allLines: Map<string, { track: LatLng[]; ahead: LatLng[] }> | undefined;
      const source: Source = {
        useDetail: (vessel) => {
          if (!vessel) return null;
          let detail = details.get(vessel.id);
          if (!detail) {
            const lines = allLines?.get(vessel.id) ?? m.syntheticLines(vessel);
            detail = { ...lines, projectedArrival: vessel.projectedArrival, cargo: m.syntheticCargo(vessel) };
            details.set(vessel.id, detail);
          }
          return detail;
        },
        useAllLines: (wanted) => {
          if (wanted && !allLines) allLines = new Map(vessels.map((v) => [v.id, m.syntheticLines(v)]));
          return wanted ? allLines : undefined;
        },
      };
      setMade({ vessels, source });
    });
    return () => {
      live = false;
    };
  }, [count]);
  if (!made) return <p role="status">Making up {plural(count, "vessel")}…</p>;
  return <FleetPage vessels={made.vessels} source={made.source} synthetic />;
}

/** By arrival at the next port, soonest first (unknown last), then by name; each date read once, not per comparison. */
function byArrival(vessels: FleetVesselView[]): FleetVesselView[] {
  const at = new Map(vessels.map((v) => [v.id, arrivalTime(v) ?? Number.POSITIVE_INFINITY]));
  return vessels.sort((a, b) => at.get(a.id)! - at.get(b.id)! || a.name.localeCompare(b.name));
}

const selectClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

function FleetPage({
  vessels: listed,
  source,
  synthetic = false,
}: {
  vessels: FleetVesselView[];
  source: Source;
  synthetic?: boolean;
}) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { line, pod, within } = search;
  // The route's loader has usually loaded the map already: then it draws in the first render.
  const [FleetMap] = useState(() => loadedFleetMap() ?? LazyFleetMap);
  const [showTracks, setShowTracks] = useState(false);
  const [showAllPaths, setShowAllPaths] = useState(false);
  const allLines = source.useAllLines(showTracks || showAllPaths);
  // With every vessel's lines read, they join the fleet; until then the map draws vessels alone.
  const vessels = useMemo(
    () => (allLines ? listed.map((v) => ({ ...v, ...(allLines.get(v.id) ?? {}) })) : listed),
    [listed, allLines],
  );
  const filtered = useMemo(
    () => byArrival(filterFleet(vessels, { line, pod, within }, Date.now())),
    [vessels, line, pod, within],
  );
  const options = useMemo(() => filterOptions(vessels), [vessels]);
  const selected = useMemo(
    () => vessels.find((v) => v.id === search.vessel) ?? null,
    [vessels, search.vessel],
  );
  const detail = source.useDetail(selected);
  const filtering = line !== "" || pod !== "" || within !== 0;

  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(() =>
    search.vessel ? { id: search.vessel, seq: 0 } : null,
  );
  const [announcement, setAnnouncement] = useState("");
  const [land, onLand] = useLandState();
  // The list waits for the map's first frame: the map is what most people look at first.
  const [mapDrawn, setMapDrawn] = useState(false);
  const onDrawn = useCallback(() => setMapDrawn(true), []);
  const listShown = mapDrawn && land !== "drawing";

  const setSearch = (change: Partial<MapSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...change }), replace: true });

  const select = (vessel: FleetVesselView, from: "list" | "map") => {
    void setSearch({ vessel: vessel.id });
    if (from === "list") {
      setFocus((f) => ({ id: vessel.id, seq: (f?.seq ?? 0) + 1 }));
      setAnnouncement(`${vessel.name} selected: the map moves to it, its details are above the list.`);
    } else {
      setAnnouncement(`${vessel.name} selected on the map: its details are above the list.`);
    }
  };
  const selectRef = useRef(select);
  selectRef.current = select;
  // Stable, so that choosing a vessel re-renders two rows of the list rather than all of them.
  const chooseFromList = useCallback((vessel: FleetVesselView) => selectRef.current(vessel, "list"), []);
  const onMapSelect = useCallback(
    (id: string) => {
      const vessel = vessels.find((v) => v.id === id);
      if (vessel) selectRef.current(vessel, "map");
    },
    [vessels],
  );

  return (
    <>
      <PageHeaderLine
        synthetic={synthetic}
        filtering={filtering}
        shown={filtered.length}
        total={vessels.length}
      />
      <form
        aria-label="Filter vessels"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          Shipping line
          <select className={selectClass} value={line} onChange={(e) => setSearch({ line: e.target.value })}>
            <option value="">All lines</option>
            {options.lines.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            {line && !options.lines.some((o) => o.value === line) ? (
              <option value={line}>{line}</option>
            ) : null}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          Port of discharge
          <select className={selectClass} value={pod} onChange={(e) => setSearch({ pod: e.target.value })}>
            <option value="">All ports</option>
            {options.pods.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label} ({o.value})
              </option>
            ))}
            {pod && !options.pods.some((o) => o.value === pod) ? <option value={pod}>{pod}</option> : null}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          Arriving at next port
          <select
            className={selectClass}
            value={within}
            onChange={(e) => setSearch({ within: Number(e.target.value) })}
          >
            <option value={0}>Any time</option>
            {ARRIVING_WITHIN_DAYS.map((d) => (
              <option key={d} value={d}>
                Within {plural(d, "day")}
              </option>
            ))}
          </select>
        </label>
        {filtering ? (
          <button
            type="button"
            className={buttonClass("ghost")}
            onClick={() => setSearch({ line: "", pod: "", within: 0 })}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      <div className="grid gap-4 lg:h-[calc(100vh-15rem)] lg:min-h-[34rem] lg:grid-cols-[27rem_1fr]">
        <div className="flex min-h-0 min-w-0 flex-col gap-3">
          {selected && detail ? (
            <div className="max-h-[55%] min-h-0 shrink-0 overflow-hidden">
              <VesselPanel vessel={selected} detail={detail} onClose={() => setSearch({ vessel: "" })} />
            </div>
          ) : null}
          <section
            aria-labelledby="vessel-list-heading"
            className="flex max-h-[28rem] min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white lg:max-h-none dark:border-slate-800 dark:bg-slate-900"
          >
            <h2
              id="vessel-list-heading"
              className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-slate-100"
            >
              Vessels <span className="font-normal text-slate-500">({formatCount(filtered.length)})</span>
            </h2>
            {filtered.length === 0 ? (
              <div className="p-4 text-sm text-slate-600 dark:text-slate-400">
                {filtering ? (
                  <>
                    <p>No vessel matches these filters.</p>
                    <button
                      type="button"
                      className={`${buttonClass("secondary")} mt-3`}
                      onClick={() => setSearch({ line: "", pod: "", within: 0 })}
                    >
                      Clear filters
                    </button>
                  </>
                ) : (
                  <p>
                    Vessels show here while they carry your containers. Track a shipment on the{" "}
                    <Link to="/tracking-requests" className="text-sky-800 underline dark:text-sky-300">
                      tracking requests
                    </Link>{" "}
                    page to see it sail.
                  </p>
                )}
              </div>
            ) : listShown ? (
              <VesselList
                vessels={filtered}
                selectedId={selected?.id ?? null}
                onChoose={chooseFromList}
                revealId={search.vessel || null}
              />
            ) : (
              <p role="status" className="p-4 text-sm text-slate-600 dark:text-slate-400">
                Listing the vessels…
              </p>
            )}
          </section>
        </div>

        <div className="flex min-h-0 min-w-0 flex-col gap-2">
          <figure
            aria-label="Map of the vessels carrying your containers"
            aria-describedby="fleet-map-note"
            className="relative h-[60vh] min-h-[24rem] overflow-hidden rounded-lg border border-slate-200 lg:h-auto lg:flex-1 dark:border-slate-800"
          >
            <Suspense fallback={<MapLoading />}>
              <FleetMap
                vessels={filtered}
                selected={selected && filtered.includes(selected) ? selected : null}
                selectedLines={detail}
                focus={focus}
                onSelect={onMapSelect}
                showTracks={showTracks}
                showAllPaths={showAllPaths}
                onLand={onLand}
                onDrawn={onDrawn}
              />
            </Suspense>
            <figcaption id="fleet-map-note" className="sr-only">
              The list of vessels beside the map holds everything the map shows. Choosing a vessel there moves
              the map to it.
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
                LAND_LEGEND,
              ]}
            />
            <fieldset className="flex flex-wrap gap-3 text-xs text-slate-700 dark:text-slate-300">
              <legend className="sr-only">Show on the map besides the selected vessel's</legend>
              <label className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={showTracks}
                  onChange={(e) => setShowTracks(e.target.checked)}
                />
                Tracks of all vessels
              </label>
              <label className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={showAllPaths}
                  onChange={(e) => setShowAllPaths(e.target.checked)}
                />
                Estimated paths of all vessels
              </label>
            </fieldset>
          </div>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function PageHeaderLine({
  synthetic,
  filtering,
  shown,
  total,
}: {
  synthetic: boolean;
  filtering: boolean;
  shown: number;
  total: number;
}) {
  return (
    <PageHeader
      title="Map"
      description={
        <>
          {synthetic ? "Made-up fleet for measuring: " : null}
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

function MapLoading() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-blue-100 dark:bg-[#0b1a2e]">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Loading the map…
      </p>
    </div>
  );
}
