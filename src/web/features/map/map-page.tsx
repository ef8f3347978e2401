// The map page: every vessel carrying the account's containers on a map that works offline, a list beside it that
// says everything the map shows (and is how keyboards and screen readers use it), the selected vessel's panel, and
// filters kept in the URL. Leaflet loads in its own chunk, after the list is on screen.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import {
  type KeyboardEvent,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { PageHeader } from "../../components/page-header";
import { plural } from "../../lib/format";
import { arrivalTime, type FleetVesselView, filterFleet, filterOptions, fleetViews } from "./fleet";
import { LandStatus, useLandState } from "./land-status";
import { LAND_LEGEND, MapLegend } from "./map-legend";
import { fleetQuery } from "./queries";
import { ARRIVING_WITHIN_DAYS, type MapSearch } from "./search";
import { VesselPanel } from "./vessel-panel";

const FleetMap = lazy(() => import("./fleet-map"));

const route = getRouteApi("/_authenticated/map");

/** The made-up fleet for measurements exists only in development, or in a build made to measure. */
const SYNTHETIC_ENABLED = import.meta.env.DEV || import.meta.env.VITE_MAP_SYNTHETIC === "1";

export function MapPage() {
  const { synthetic } = route.useSearch();
  if (SYNTHETIC_ENABLED && synthetic) return <SyntheticFleetPage count={synthetic} />;
  return <AccountFleetPage />;
}

function AccountFleetPage() {
  const { data } = useSuspenseQuery(fleetQuery());
  const vessels = useMemo(() => fleetViews(data), [data]);
  return <FleetPage vessels={vessels} />;
}

function SyntheticFleetPage({ count }: { count: number }) {
  const [vessels, setVessels] = useState<FleetVesselView[] | null>(null);
  useEffect(() => {
    let live = true;
    void import("./synthetic-fleet").then((m) => {
      if (live) setVessels(m.syntheticFleet(count));
    });
    return () => {
      live = false;
    };
  }, [count]);
  if (!vessels) return <p role="status">Making up {plural(count, "vessel")}…</p>;
  return <FleetPage vessels={vessels} synthetic />;
}

const byArrival = (a: FleetVesselView, b: FleetVesselView) =>
  (arrivalTime(a) ?? Number.POSITIVE_INFINITY) - (arrivalTime(b) ?? Number.POSITIVE_INFINITY) ||
  a.name.localeCompare(b.name);

const selectClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

function FleetPage({ vessels, synthetic = false }: { vessels: FleetVesselView[]; synthetic?: boolean }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { line, pod, within } = search;
  const filtered = useMemo(
    () => filterFleet(vessels, { line, pod, within }, Date.now()).sort(byArrival),
    [vessels, line, pod, within],
  );
  const options = useMemo(() => filterOptions(vessels), [vessels]);
  const selected = useMemo(
    () => vessels.find((v) => v.id === search.vessel) ?? null,
    [vessels, search.vessel],
  );
  const filtering = line !== "" || pod !== "" || within !== 0;

  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(() =>
    search.vessel ? { id: search.vessel, seq: 0 } : null,
  );
  const [announcement, setAnnouncement] = useState("");
  const [showTracks, setShowTracks] = useState(true);
  const [showAllPaths, setShowAllPaths] = useState(false);
  const [land, onLand] = useLandState();
  const rows = useRef(new Map<string, HTMLTableRowElement>());

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

  // The list shows what the map selected.
  useEffect(() => {
    if (search.vessel) rows.current.get(search.vessel)?.scrollIntoView({ block: "nearest" });
  }, [search.vessel]);

  const onListKey = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-vessel]")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, at + (event.key === "ArrowDown" ? 1 : -1)))]?.focus();
  };

  return (
    <>
      <PageHeader
        title="Map"
        description={
          <>
            {synthetic ? "Made-up fleet for measuring: " : null}
            {filtering
              ? `${plural(filtered.length, "vessel")} of ${vessels.length.toLocaleString("en-US")} match the filters`
              : vessels.length === 0
                ? "No vessel carries your containers at the moment"
                : `${plural(vessels.length, "vessel")} ${vessels.length === 1 ? "carries" : "carry"} your containers`}
          </>
        }
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
          {selected ? (
            <div className="max-h-[55%] min-h-0 shrink-0 overflow-hidden">
              <VesselPanel vessel={selected} onClose={() => setSearch({ vessel: "" })} />
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
              Vessels{" "}
              <span className="font-normal text-slate-500">({filtered.length.toLocaleString("en-US")})</span>
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
            ) : (
              <div className="min-h-0 flex-1 overflow-auto">
                <table aria-labelledby="vessel-list-heading" className="w-full text-left text-sm">
                  <thead className="sticky top-0 z-10 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                    <tr>
                      <th scope="col" className="px-3 py-1.5 font-medium">
                        Vessel <span className="font-normal">· voyage</span>
                      </th>
                      <th scope="col" className="px-2 py-1.5 font-medium">
                        Next port
                      </th>
                      <th scope="col" className="px-2 py-1.5 font-medium">
                        ETA
                      </th>
                      <th scope="col" className="px-2 py-1.5 text-right font-medium">
                        <span aria-hidden="true">Boxes</span>
                        <span className="sr-only">Your containers aboard</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody onKeyDown={onListKey}>
                    {filtered.map((v) => (
                      <VesselRow
                        key={v.id}
                        vessel={v}
                        selected={v.id === selected?.id}
                        onChoose={chooseFromList}
                        rows={rows.current}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
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
                focus={focus}
                onSelect={onMapSelect}
                showTracks={showTracks}
                showAllPaths={showAllPaths}
                onLand={onLand}
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
              <legend className="sr-only">Show on the map</legend>
              <label className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={showTracks}
                  onChange={(e) => setShowTracks(e.target.checked)}
                />
                Tracks
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

const VesselRow = memo(function VesselRow({
  vessel: v,
  selected,
  onChoose,
  rows,
}: {
  vessel: FleetVesselView;
  selected: boolean;
  onChoose(vessel: FleetVesselView): void;
  rows: Map<string, HTMLTableRowElement>;
}) {
  const next = v.nextPort?.attributes;
  const arrival = v.nextPortAta ?? v.nextPortEta;
  return (
    <tr
      ref={(row) => {
        if (row) rows.set(v.id, row);
        else rows.delete(v.id);
      }}
      className={`border-t border-slate-100 dark:border-slate-800 ${selected ? "bg-orange-50 dark:bg-orange-950/40" : ""}`}
    >
      <td className="px-3 py-1.5">
        <button
          type="button"
          data-vessel={v.id}
          aria-pressed={selected}
          onClick={() => onChoose(v)}
          className="text-left font-medium text-sky-800 hover:underline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300"
        >
          {v.name}
        </button>
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {v.voyageNumber ? `Voyage ${v.voyageNumber}` : "Voyage not known"}
        </span>
      </td>
      <td className="px-2 py-1.5">
        {next ? (
          <>
            {next.name}
            <span className="block font-mono text-xs text-slate-500">{next.code}</span>
          </>
        ) : (
          <span className="text-slate-400">Not known</span>
        )}
      </td>
      <td className="px-2 py-1.5 text-xs">
        {arrival ? (
          <>
            {v.nextPortAta ? <span className="block text-slate-500">arrived</span> : null}
            <DateTime iso={arrival} timeZone={next?.time_zone ?? "UTC"} />
          </>
        ) : (
          <span className="text-slate-400">Not known</span>
        )}
      </td>
      <td className="px-2 py-1.5 text-right">{v.cargo.length}</td>
    </tr>
  );
});

function MapLoading() {
  return (
    <div className="flex h-full w-full items-center justify-center bg-blue-100 dark:bg-[#0b1a2e]">
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Loading the map…
      </p>
    </div>
  );
}
