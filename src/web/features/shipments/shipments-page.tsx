// The shipments list: search, tracking filter and server-side paging, all kept in the URL.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { Shipment } from "../../../api/shipments";
import type { ListFilters } from "../../../api/triage";
import { buttonClass } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { FilterBar } from "../../components/filter-bar";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SearchField } from "../../components/search-field";
import { plural } from "../../lib/format";
import { filterKey, filtersOfSearch, LIST_FILTER_NAMES } from "../../lib/list-filters";
import { shipmentsListQuery } from "./queries";
import { PAGE_SIZES, TRACKING_FILTERS, type TrackingFilter } from "./search";
import { Milestone, placeName, TrackingBadge } from "./shipment-bits";

const route = getRouteApi("/_authenticated/shipments/");

const FILTER_LABELS: Record<TrackingFilter, string> = { all: "All", active: "Tracking", stopped: "Stopped" };

export function ShipmentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(shipmentsListQuery(search));
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const filters = filtersOfSearch(search);
  const filtered = search.q !== "" || search.tracking !== "all" || Object.keys(filters).length > 0;
  // The choice shows at once; the URL (and the data) follow when the next page has loaded.
  const [tracking, setTracking] = useState(search.tracking);
  useEffect(() => setTracking(search.tracking), [search.tracking]);

  return (
    <>
      <PageHeader
        title="Shipments"
        description={
          filtered
            ? data.meta.total === 0
              ? "No matches"
              : `${plural(data.meta.total, "shipment")} match`
            : `${plural(data.meta.total, "shipment")} tracked by this account, newest first`
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchField
          label="Search shipments"
          placeholder="Bill of lading, reference or container number"
          value={search.q}
          onCommit={(q) =>
            navigate({
              search: (prev) => ({ ...prev, q, page: 1 }),
              // Refining a search replaces the entry; the first search is one Back away from the full list.
              replace: search.q !== "" && q !== "",
            })
          }
        />
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Tracking state</legend>
          <span aria-hidden="true" className="text-sm text-slate-600 dark:text-slate-400">
            Show
          </span>
          <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
            {TRACKING_FILTERS.map((filter) => (
              <label
                key={filter}
                className="cursor-pointer rounded px-3 py-1 text-sm text-slate-700 has-checked:bg-sky-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-sky-500 dark:text-slate-300 dark:has-checked:bg-sky-600"
              >
                <input
                  type="radio"
                  name="tracking"
                  value={filter}
                  checked={tracking === filter}
                  onChange={() => {
                    setTracking(filter);
                    void navigate({ search: (prev) => ({ ...prev, tracking: filter, page: 1 }) });
                  }}
                  className="sr-only"
                />
                {FILTER_LABELS[filter]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <FilterBar
        filters={filters}
        names={SHIPMENT_FILTER_NAMES}
        onChange={(next) => navigate({ search: (prev) => ({ ...prev, ...searchOfFilters(next), page: 1 }) })}
      />

      {data.data.length === 0 ? (
        <NoShipments total={data.meta.total} />
      ) : (
        <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} aria-busy={loading}>
          <ShipmentsTable shipments={data.data} />
          <Pagination
            page={search.page}
            size={search.size}
            total={data.meta.total}
            shown={data.meta.size}
            noun="shipments"
            sizes={PAGE_SIZES}
            renderLink={({ page, ...props }) => (
              <Link to="/shipments" search={(prev) => ({ ...prev, page })} {...props} />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </div>
      )}
    </>
  );
}

/** The shipments list's own radio says whether tracking stopped; the rest are the chips'. */
const SHIPMENT_FILTER_NAMES = LIST_FILTER_NAMES.filter((name) => name !== "tracking_stopped");

/** Every filter param set to the chips' values (the ones removed set to undefined, so they leave the URL). */
function searchOfFilters(filters: ListFilters) {
  return Object.fromEntries(LIST_FILTER_NAMES.map((name) => [filterKey(name), filters[name]]));
}

function NoShipments({ total }: { total: number }) {
  const search = route.useSearch();
  if (total > 0) {
    return (
      <EmptyState
        title="This page is past the end of the list"
        action={
          <Link to="/shipments" search={(prev) => ({ ...prev, page: 1 })} className={buttonClass("primary")}>
            Go to the first page
          </Link>
        }
      >
        There are {plural(total, "shipment")}, but not as many as page {search.page} would show.
      </EmptyState>
    );
  }
  if (search.q !== "" || search.tracking !== "all" || Object.keys(filtersOfSearch(search)).length > 0) {
    const what =
      search.tracking === "stopped"
        ? "stopped shipments"
        : search.tracking === "active"
          ? "tracked shipments"
          : "shipments";
    return (
      <EmptyState
        title={search.q ? `No ${what} match “${search.q}”` : `No ${what}`}
        action={
          <Link to="/shipments" search={{}} className={buttonClass("secondary")}>
            Clear search and filters
          </Link>
        }
      >
        Search looks for a bill of lading, a reference number or a container number. Check the spelling, or
        try part of the number.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No shipments yet">
      Shipments appear here once a tracking request for a bill of lading succeeds.
    </EmptyState>
  );
}

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-3 align-top";

function ShipmentsTable({ shipments }: { shipments: Shipment[] }) {
  const router = useRouter();
  const prefetch = (shipmentId: string) => {
    router.preloadRoute({ to: "/shipments/$shipmentId", params: { shipmentId } }).catch(() => {
      // A failed prefetch is retried when the page is opened; nothing to tell the user yet.
    });
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[62rem] text-sm">
        <caption className="sr-only">Shipments</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Bill of lading
            </th>
            <th scope="col" className={th}>
              Line
            </th>
            <th scope="col" className={th}>
              Route
            </th>
            <th scope="col" className={th}>
              Vessel / voyage
            </th>
            <th scope="col" className={th}>
              Departure
            </th>
            <th scope="col" className={th}>
              Arrival at POD
            </th>
            <th scope="col" className={`${th} text-right`}>
              Containers
            </th>
            <th scope="col" className={th}>
              Tracking
            </th>
            <th scope="col" className={th}>
              Tags
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {shipments.map((shipment) => {
            const a = shipment.attributes;
            return (
              <tr
                key={shipment.id}
                className="relative hover:bg-sky-50/60 focus-within:bg-sky-50/60 dark:hover:bg-slate-800/60 dark:focus-within:bg-slate-800/60"
                onMouseEnter={() => prefetch(shipment.id)}
                onFocus={() => prefetch(shipment.id)}
              >
                <td className={td}>
                  <Link
                    to="/shipments/$shipmentId"
                    params={{ shipmentId: shipment.id }}
                    className="font-mono font-medium text-sky-800 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none dark:text-sky-300"
                  >
                    {a.bill_of_lading_number}
                  </Link>
                  {a.ref_numbers.length > 0 ? (
                    <div className="mt-0.5 max-w-44 text-xs text-slate-500 dark:text-slate-400">
                      <span className="sr-only">Reference numbers: </span>
                      {a.ref_numbers.map((ref, index) => (
                        <span key={ref} className="whitespace-nowrap">
                          {ref}
                          {index < a.ref_numbers.length - 1 ? ", " : ""}
                        </span>
                      ))}
                    </div>
                  ) : null}
                </td>
                <td className={td}>
                  <span title={`${a.shipping_line_name} (${a.shipping_line_scac})`}>
                    {a.shipping_line_short_name}
                  </span>
                </td>
                <td className={`${td} min-w-40 max-w-64`}>
                  <span>{placeName(a.port_of_lading_name, null)}</span>
                  <span aria-hidden="true" className="mx-1 text-slate-400">
                    →
                  </span>
                  <span className="sr-only"> to </span>
                  <span>{placeName(a.port_of_discharge_name, null)}</span>
                  {a.destination_name && a.destination_locode !== a.port_of_discharge_locode ? (
                    <>
                      <span aria-hidden="true" className="mx-1 text-slate-400">
                        →
                      </span>
                      <span className="sr-only"> then </span>
                      <span>{a.destination_name}</span>
                    </>
                  ) : null}
                </td>
                <td className={`${td} max-w-48`}>
                  {a.pod_vessel_name ? (
                    <>
                      <div>{a.pod_vessel_name}</div>
                      {a.pod_voyage_number ? (
                        <div className="text-xs text-slate-500 dark:text-slate-400">
                          Voyage {a.pod_voyage_number}
                        </div>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-slate-400 dark:text-slate-500">Not known</span>
                  )}
                </td>
                <td className={td}>
                  <Milestone
                    actual={a.pol_atd_at}
                    estimated={a.pol_etd_at}
                    timeZone={a.pol_timezone}
                    actualLabel="Departed"
                  />
                </td>
                <td className={td}>
                  <Milestone
                    actual={a.pod_ata_at}
                    estimated={a.pod_eta_at}
                    original={a.pod_original_eta_at}
                    timeZone={a.pod_timezone}
                    actualLabel="Arrived"
                  />
                </td>
                <td className={`${td} text-right`}>{shipment.relationships.containers.data.length}</td>
                <td className={td}>
                  <TrackingBadge attributes={a} />
                </td>
                <td className={td}>
                  {a.tags.length > 0 ? (
                    <ul className="flex max-w-48 flex-wrap gap-1">
                      {a.tags.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
