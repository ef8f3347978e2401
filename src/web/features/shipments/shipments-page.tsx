// The shipments list: search, tracking filter, triage filters (chips), order and columns on the shared table, and
// server-side paging, all kept in the URL; saved as a named view, or downloaded as CSV or an Excel spreadsheet
// (every page of it); rows chosen with their checkboxes are stopped, resumed, tagged, given a customer or
// downloaded together (bulk-bar.tsx). The account's shipment custom fields are columns too (shown from the Columns
// menu, sorted from their headers), filters in the bar, kept in saved views and written to the CSV when shown.
import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { isShortSearchTerm, SUBSTRING_MIN } from "../../../api/search-terms";
import { type Shipment, shipmentSchema } from "../../../api/shipments";
import { customFieldSlugOf, sortKeysOf, sortParamOf } from "../../../api/triage";
import { buttonClass } from "../../components/button";
import {
  customFieldColumns,
  useCustomFieldFilters,
  useListFields,
} from "../../components/custom-fields/list-columns";
import { parseColumnsParam, visibleColumnsParam } from "../../components/data-table/column-choice";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { useChosenIds, useRowSelection } from "../../components/data-table/row-selection";
import { UpdatedRowsNote } from "../../components/data-table/updated-rows-note";
import { EmptyState } from "../../components/empty-state";
import { type BarFilters, FilterBar } from "../../components/filter-bar";
import { type ListExport, useListDownloads } from "../../components/list-downloads";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SaveViewButton } from "../../components/save-view-button";
import { SearchField } from "../../components/search-field";
import { WithUpdatedAgo } from "../../components/updated-ago";
import {
  customBarFilters,
  customFieldCsv,
  searchOfCustomFilters,
  slugsOf,
  valuesByRecord,
} from "../../lib/custom-field-list";
import { plural } from "../../lib/format";
import { filterKey, filtersOfSearch, LIST_FILTER_NAMES } from "../../lib/list-filters";
import { useListQuery } from "../../lib/list-query";
import { useChangedIds } from "../../lib/live-updates";
import { useCurrentView } from "../../lib/saved-views";
import { sheetColumnsFor } from "../../lib/spreadsheet";
import { BulkBar } from "./bulk-bar";
import { SHIPMENT_CSV_FIELDS, shipmentCsvRow } from "./export-rows";
import { shipmentsListQuery } from "./queries";
import {
  PAGE_SIZES,
  shipmentsListView,
  shipmentsQueryParams,
  TRACKING_FILTERS,
  type TrackingFilter,
} from "./search";
import { CONTAINER_ROW_COLUMNS, SHIPMENT_SHEET_COLUMNS, shipmentSheetRows } from "./sheet-columns";
import { SHIPMENT_COLUMNS } from "./shipment-columns";

const route = getRouteApi("/_authenticated/shipments/");

const FILTER_LABELS: Record<TrackingFilter, string> = { all: "All", active: "Tracking", stopped: "Stopped" };

/** The table's id: the browser keeps its column choice under it, and saved views read it from there. */
const TABLE_ID = "shipments";

export function ShipmentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const fields = useListFields("Shipment");
  const slugs = useMemo(() => slugsOf(fields), [fields]);
  const { data, dataUpdatedAt, updating } = useListQuery(
    shipmentsListQuery(shipmentsListView(search), slugs),
  );
  const values = useMemo(() => valuesByRecord(data.included), [data.included]);
  const columns = useMemo(
    () => [...SHIPMENT_COLUMNS, ...customFieldColumns<Shipment>(fields, values)],
    [fields, values],
  );
  const extraFilters = useCustomFieldFilters(fields);
  const filters: BarFilters = { ...filtersOfSearch(search), ...customBarFilters(search) };
  const filtered = search.q !== "" || search.tracking !== "all" || Object.keys(filters).length > 0;
  const currentView = useCurrentView("shipments", search);
  const listQuery = shipmentsQueryParams(shipmentsListView(search), slugs);
  /** A spreadsheet of the columns shown now, in the list's order; with each container's row when asked. */
  const spreadsheet =
    (perContainer: boolean): ListExport =>
    async (options) => {
      const shown = parseColumnsParam(visibleColumnsParam(TABLE_ID, SHIPMENT_COLUMNS, search.columns));
      const columns = sheetColumnsFor(shown, SHIPMENT_SHEET_COLUMNS);
      return (await import("../../lib/xlsx-export")).exportListXlsx({
        path: "/v2/shipments",
        query: perContainer ? { ...listQuery, include: "containers" } : listQuery,
        resource: shipmentSchema,
        sheet: "Shipments",
        columns: perContainer ? [...columns, ...CONTAINER_ROW_COLUMNS] : columns,
        rowsOf: (shipment, included) => shipmentSheetRows(shipment, included, perContainer),
        ...options,
      });
    };
  const downloads = useListDownloads({
    noun: "shipments",
    fileName: currentView?.name,
    total: data.meta.total,
    csv: async (options) => {
      // The custom fields shown as columns now, after the file's own columns.
      const custom = customFieldCsv(
        fields,
        parseColumnsParam(visibleColumnsParam(TABLE_ID, columns, search.columns)),
      );
      return (await import("../../lib/csv-export")).exportListCsv({
        path: "/v2/shipments",
        query: listQuery,
        resource: shipmentSchema,
        fields: [...SHIPMENT_CSV_FIELDS, ...custom.fields],
        rowOf: (shipment, included) => [...shipmentCsvRow(shipment), ...custom.cells(shipment.id, included)],
        ...options,
      });
    },
    spreadsheets: [
      { label: "One row per shipment", run: spreadsheet(false) },
      { label: "One row per container", run: spreadsheet(true) },
    ],
  });

  return (
    <>
      <PageHeader
        title={currentView ? `Shipments: ${currentView.name}` : "Shipments"}
        description={
          <WithUpdatedAgo at={dataUpdatedAt} what="Shipments">
            {filtered
              ? data.meta.total === 0
                ? "No matches"
                : `${plural(data.meta.total, "shipment")} match`
              : `${plural(data.meta.total, "shipment")} tracked by this account, ${orderWords(search.sort, columns)}`}
          </WithUpdatedAgo>
        }
        actions={
          <>
            <SaveViewButton
              list="shipments"
              currentName={currentView?.name}
              search={search}
              table={{ id: TABLE_ID, columns }}
              onSaved={(columns) => navigate({ search: (prev) => ({ ...prev, columns }), replace: true })}
            />
            {downloads.buttons}
          </>
        }
      />
      {downloads.progress}
      <FilterBar
        filters={filters}
        names={SHIPMENT_FILTER_NAMES}
        extra={extraFilters}
        onChange={(next) =>
          navigate({
            search: (prev) => ({
              ...prev,
              ...searchOfFilters(next),
              ...searchOfCustomFilters(prev, next),
              page: 1,
            }),
          })
        }
      />
      <ShipmentsTable
        shipments={data.data}
        listColumns={columns}
        busy={updating}
        toolbar={<Filters />}
        empty={<NoShipments total={data.meta.total} />}
      />
      {data.data.length > 0 ? (
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
      ) : null}
    </>
  );
}

function Filters() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // The choice shows at once; the URL (and the data) follow when the next page has loaded.
  const [tracking, setTracking] = useState(search.tracking);
  useEffect(() => setTracking(search.tracking), [search.tracking]);
  return (
    <div className="flex flex-wrap items-center gap-3">
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
              className="cursor-pointer rounded px-3 py-1 text-sm text-slate-700 has-checked:bg-sky-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-(--focus-ring) dark:text-slate-300 dark:has-checked:bg-sky-700"
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
  );
}

/** The shipments list's own radio says whether tracking stopped; the rest are the chips'. */
const SHIPMENT_FILTER_NAMES = LIST_FILTER_NAMES.filter((name) => name !== "tracking_stopped");

/** Every filter param set to the chips' values (the ones removed set to undefined, so they leave the URL). */
function searchOfFilters(filters: BarFilters) {
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
  const filters = { ...filtersOfSearch(search), ...customBarFilters(search) };
  if (search.q !== "" || search.tracking !== "all" || Object.keys(filters).length > 0) {
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
        {isShortSearchTerm(search.q) && search.q.trim() !== ""
          ? `A term of fewer than ${SUBSTRING_MIN} characters finds a whole tag or customer name only: type ${SUBSTRING_MIN} or more to search numbers, ports and vessels.`
          : "Search looks for a bill of lading, a reference number or a container number. Check the spelling, or try part of the number."}
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No shipments yet">
      Shipments appear here once a tracking request for a bill of lading succeeds.
    </EmptyState>
  );
}

/** The list's order in words, for the page's description. */
function orderWords(sort: string, columns: readonly DataColumn<Shipment>[]): string {
  const first = sortKeysOf(sort)[0];
  if (!first) return "newest first";
  const column = columns.find((c) => c.sortField === first.field);
  const name = column?.header ?? first.field;
  // "ETA" stays as it is; "Last free day" reads "by last free day"; a custom field's name as the account wrote it
  // ("PO number").
  const asWritten = name === name.toUpperCase() || customFieldSlugOf(first.field) !== undefined;
  const words = asWritten ? name : name.toLowerCase();
  return `by ${words}${first.descending ? ", descending" : ""}`;
}

const shipmentKey = (shipment: Shipment) => shipment.id;
const shipmentLabel = (shipment: Shipment) => shipment.attributes.bill_of_lading_number;

function ShipmentsTable({
  shipments,
  listColumns,
  busy,
  toolbar,
  empty,
}: {
  shipments: Shipment[];
  /** The list's columns, its custom fields' included. */
  listColumns: readonly DataColumn<Shipment>[];
  busy: boolean;
  toolbar: ReactNode;
  empty: ReactNode;
}) {
  const router = useRouter();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const prefetchProps = useCallback(
    (shipment: Shipment) => {
      const prefetch = () => {
        router
          .preloadRoute({ to: "/shipments/$shipmentId", params: { shipmentId: shipment.id } })
          .catch(() => {
            // A failed prefetch is retried when the page is opened; nothing to tell the user yet.
          });
      };
      return { onMouseEnter: prefetch, onFocus: prefetch };
    },
    [router],
  );
  const sortKeys = useMemo(() => sortKeysOf(search.sort), [search.sort]);
  const changed = useChangedIds("shipment");
  const selection = useRowSelection({
    rows: shipments,
    rowKey: shipmentKey,
    label: shipmentLabel,
    noun: "shipments",
  });
  const columns = useMemo(() => [selection.column, ...listColumns], [selection.column, listColumns]);
  const chosenIds = useChosenIds(selection.choice);
  const chosen = useMemo(
    () => shipments.filter((shipment) => chosenIds.includes(shipment.id)),
    [shipments, chosenIds],
  );

  return (
    <DataTable
      tableId={TABLE_ID}
      caption="Shipments"
      columns={columns}
      rows={shipments}
      rowKey={shipmentKey}
      rowProps={prefetchProps}
      changedRowIds={changed}
      busy={busy}
      toolbar={
        <div className="space-y-2">
          {toolbar}
          <UpdatedRowsNote kind="shipment" shownIds={shipments.map((s) => s.id)} />
          <BulkBar chosen={chosen} onClear={() => selection.choice.clear()} />
        </div>
      }
      empty={empty}
      minWidthClass="min-w-[72rem]"
      sort={{
        keys: sortKeys,
        // A new order starts at its first page.
        onChange: (keys) => navigate({ search: (prev) => ({ ...prev, sort: sortParamOf(keys), page: 1 }) }),
      }}
      columnsParam={{
        value: search.columns,
        onChange: (columns) => navigate({ search: (prev) => ({ ...prev, columns }), replace: true }),
      }}
    />
  );
}
