// The containers list a coordinator triages from: status, holds, last free day, availability, port, ETA, vessel,
// shipment and tags, on the shared table (sorted by the API from its headers, columns chosen in its Columns menu),
// filtered by chips, every bit of it in the URL; saved as a named view, or downloaded as CSV or an Excel
// spreadsheet of the columns shown (every page of it); rows chosen with their checkboxes are refreshed or
// downloaded together (bulk-bar.tsx). The account's container custom fields are columns too (shown from the
// Columns menu, sorted from their headers), filters in the bar, kept in saved views and written to the CSV when shown.
import { getRouteApi, Link } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { type Container, containerSchema } from "../../../api/containers";
import { isShortSearchTerm, SUBSTRING_MIN } from "../../../api/search-terms";
import { sortKeysOf, sortParamOf } from "../../../api/triage";
import { buttonClass } from "../../components/button";
import {
  customFieldColumns,
  useCustomFieldFilters,
  useListFields,
} from "../../components/custom-fields/list-columns";
import { parseColumnsParam, visibleColumnsParam } from "../../components/data-table/column-choice";
import { DataTable } from "../../components/data-table/data-table";
import { useChosenIds, useRowSelection } from "../../components/data-table/row-selection";
import { UpdatedRowsNote } from "../../components/data-table/updated-rows-note";
import { EmptyState } from "../../components/empty-state";
import { type BarFilters, FilterBar } from "../../components/filter-bar";
import { useListDownloads } from "../../components/list-downloads";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SaveViewButton } from "../../components/save-view-button";
import { SearchField } from "../../components/search-field";
import { WithUpdatedAgo } from "../../components/updated-ago";
import {
  customBarFilters,
  customFieldCsv,
  customFilterKey,
  customFiltersOfSearch,
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
import { ContainersBulkBar } from "./bulk-bar";
import { CONTAINER_COLUMNS } from "./containers-columns";
import { CONTAINER_CSV_FIELDS, containerCsvRow } from "./export-rows";
import { rememberContainersSearch } from "./list-memory";
import { containersListQuery } from "./queries";
import { type ContainersSearch, containersListView, containersQueryParams, PAGE_SIZES } from "./search";
import { CONTAINER_SHEET_COLUMNS } from "./sheet-columns";

const route = getRouteApi("/_authenticated/containers/");

/** The table's id: the browser keeps its column choice under it, and saved views read it from there. */
const TABLE_ID = "containers";

const containerKey = (container: Container) => container.id;
const containerLabel = (container: Container) => container.attributes.number;

/** The search without its filters (its custom fields' too), to set a new set of them. */
function withoutFilters(search: ContainersSearch): ContainersSearch {
  const rest = { ...search };
  for (const name of LIST_FILTER_NAMES) delete rest[filterKey(name)];
  for (const slug of Object.keys(customFiltersOfSearch(search))) delete rest[customFilterKey(slug)];
  return rest;
}

function withFilters(search: ContainersSearch, filters: BarFilters): ContainersSearch {
  const next = withoutFilters(search);
  for (const name of LIST_FILTER_NAMES) {
    const value = filters[name];
    if (value) next[filterKey(name)] = value;
  }
  return { ...next, ...searchOfCustomFilters({}, filters), page: 1 };
}

export function ContainersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const fields = useListFields("Container");
  const slugs = useMemo(() => slugsOf(fields), [fields]);
  const { data, dataUpdatedAt, updating } = useListQuery(
    containersListQuery(containersListView(search), slugs),
  );
  const values = useMemo(() => valuesByRecord(data.included), [data.included]);
  const listColumns = useMemo(
    () => [...CONTAINER_COLUMNS, ...customFieldColumns<Container>(fields, values)],
    [fields, values],
  );
  const extraFilters = useCustomFieldFilters(fields);
  const changed = useChangedIds("container");
  const selection = useRowSelection({
    rows: data.data,
    rowKey: containerKey,
    label: containerLabel,
    noun: "containers",
  });
  const columns = useMemo(() => [selection.column, ...listColumns], [selection.column, listColumns]);
  const chosenIds = useChosenIds(selection.choice);
  const chosen = useMemo(() => data.data.filter((c) => chosenIds.includes(c.id)), [data.data, chosenIds]);
  const currentView = useCurrentView("containers", search);
  const filters: BarFilters = { ...filtersOfSearch(search), ...customBarFilters(search) };
  const filtered = Object.keys(filters).length > 0 || search.q !== "";
  const sortKeys = useMemo(() => sortKeysOf(search.sort), [search.sort]);
  const downloads = useListDownloads({
    noun: "containers",
    fileName: currentView?.name,
    total: data.meta.total,
    csv: async (options) => {
      // The custom fields shown as columns now, after the file's own columns.
      const custom = customFieldCsv(
        fields,
        parseColumnsParam(visibleColumnsParam(TABLE_ID, listColumns, search.columns)),
      );
      return (await import("../../lib/csv-export")).exportListCsv({
        path: "/v2/containers",
        query: containersQueryParams(search, slugs),
        resource: containerSchema,
        fields: [...CONTAINER_CSV_FIELDS, ...custom.fields],
        rowOf: (container, included) => [
          ...containerCsvRow(container),
          ...custom.cells(container.id, included),
        ],
        ...options,
      });
    },
    spreadsheets: [
      {
        label: "One row per container",
        // The columns shown now, in the list's order.
        run: async (options) =>
          (await import("../../lib/xlsx-export")).exportListXlsx({
            path: "/v2/containers",
            query: containersQueryParams(search, slugs),
            resource: containerSchema,
            sheet: "Containers",
            columns: sheetColumnsFor(
              parseColumnsParam(visibleColumnsParam(TABLE_ID, CONTAINER_COLUMNS, search.columns)),
              CONTAINER_SHEET_COLUMNS,
            ),
            rowsOf: (container) => [container],
            ...options,
          }),
      },
    ],
  });

  useEffect(() => rememberContainersSearch(search), [search]);

  return (
    <>
      <PageHeader
        title={currentView ? `Containers: ${currentView.name}` : "Containers"}
        description={
          <WithUpdatedAgo at={dataUpdatedAt} what="Containers">
            {filtered
              ? `${plural(data.meta.total, "container")} match`
              : `${plural(data.meta.total, "container")} in all shipments`}
          </WithUpdatedAgo>
        }
        actions={
          <>
            <SaveViewButton
              list="containers"
              currentName={currentView?.name}
              search={search}
              table={{ id: TABLE_ID, columns: listColumns }}
              onSaved={(columns) => navigate({ search: (prev) => ({ ...prev, columns }), replace: true })}
            />
            {downloads.buttons}
          </>
        }
      />
      {downloads.progress}
      <FilterBar
        filters={filters}
        names={LIST_FILTER_NAMES}
        extra={extraFilters}
        onChange={(next) => navigate({ search: (prev) => withFilters(prev, next) })}
      />
      <DataTable
        tableId={TABLE_ID}
        caption="Containers"
        columns={columns}
        rows={data.data}
        rowKey={containerKey}
        changedRowIds={changed}
        busy={updating}
        minWidthClass="min-w-[72rem]"
        toolbar={
          <div className="space-y-2">
            <SearchField
              label="Search containers"
              placeholder="Container number, or part of it"
              value={search.q}
              onCommit={(q) =>
                navigate({
                  search: (prev) => ({ ...prev, q, page: 1 }),
                  replace: search.q !== "" && q !== "",
                })
              }
            />
            <UpdatedRowsNote kind="container" shownIds={data.data.map((c) => c.id)} />
            <ContainersBulkBar chosen={chosen} onClear={() => selection.choice.clear()} />
          </div>
        }
        sort={{
          keys: sortKeys,
          // A new order starts at its first page.
          onChange: (keys) =>
            navigate({
              search: (prev) => ({ ...prev, sort: sortParamOf(keys), page: 1 }),
              resetScroll: false,
            }),
        }}
        columnsParam={{
          value: search.columns,
          onChange: (columns) => navigate({ search: (prev) => ({ ...prev, columns }), replace: true }),
        }}
        empty={<NoContainers total={data.meta.total} filtered={filtered} />}
      />
      {data.data.length > 0 ? (
        <Pagination
          page={search.page}
          size={search.size}
          total={data.meta.total}
          shown={data.data.length}
          noun="containers"
          sizes={PAGE_SIZES}
          renderLink={({ page, ...props }) => (
            <Link to="/containers" search={(prev) => ({ ...prev, page })} {...props} />
          )}
          onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
        />
      ) : null}
    </>
  );
}

function NoContainers({ total, filtered }: { total: number; filtered: boolean }) {
  const search = route.useSearch();
  if (total > 0) {
    return (
      <EmptyState
        title="This page is past the end of the list"
        action={
          <Link to="/containers" search={(prev) => ({ ...prev, page: 1 })} className={buttonClass("primary")}>
            Go to the first page
          </Link>
        }
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        title={search.q ? `No containers match “${search.q}”` : "No containers match these filters"}
        action={
          <Link
            to="/containers"
            search={{ ...withoutFilters(search), q: "", page: 1 }}
            className={buttonClass("secondary")}
          >
            Clear search and filters
          </Link>
        }
      >
        {isShortSearchTerm(search.q ?? "") && (search.q ?? "").trim() !== ""
          ? `A term of fewer than ${SUBSTRING_MIN} characters finds a whole tag or customer name only: type ${SUBSTRING_MIN} or more to search container numbers, ports and vessels.`
          : "Search matches any part of a container number, such as “MSCU” or “1234567”. Filters combine: a container must match every one."}
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No containers yet">Containers appear with the shipments that carry them.</EmptyState>
  );
}
