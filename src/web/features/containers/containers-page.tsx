// The containers list a coordinator triages from: status, holds, last free day, availability, port, ETA, vessel,
// shipment and tags; sorted by the API (`sort`, one column at a time from the headers), filtered by chips, every
// bit of it in the URL; saved as a named view, or downloaded as CSV (every page of it).
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Container } from "../../../api/containers";
import { type ListFilters, sortKeysOf } from "../../../api/triage";
import { buttonClass } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ExportProgress } from "../../components/export-progress";
import { FilterBar } from "../../components/filter-bar";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { Popover } from "../../components/popover";
import { SaveViewDialog } from "../../components/save-view-dialog";
import { SearchField } from "../../components/search-field";
import { showToast } from "../../components/toaster";
import { useExport } from "../../components/use-export";
import { csvFileName } from "../../lib/csv-file-name";
import { calendarDate, plural } from "../../lib/format";
import { filterKey, filtersOfSearch, LIST_FILTER_NAMES } from "../../lib/list-filters";
import { savedViews, saveView, subscribeSavedViews, viewMatching } from "../../lib/saved-views";
import { useServiceNow } from "../../lib/service-clock";
import {
  type CellContext,
  CONTAINER_COLUMNS,
  type ContainerColumn,
  columnsParamOf,
  visibleColumns,
} from "./containers-columns";
import { rememberContainersSearch } from "./list-memory";
import { containersListQuery } from "./queries";
import { type ContainersSearch, PAGE_SIZES } from "./search";

const route = getRouteApi("/_authenticated/containers/");

const th =
  "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const td = "px-3 py-3 align-top";

/** The search without its filters, to set a new set of them. */
function withoutFilters(search: ContainersSearch): ContainersSearch {
  const rest = { ...search };
  for (const name of LIST_FILTER_NAMES) delete rest[filterKey(name)];
  return rest;
}

function withFilters(search: ContainersSearch, filters: ListFilters): ContainersSearch {
  const next = withoutFilters(search);
  for (const [name, value] of Object.entries(filters) as [keyof ListFilters, string][]) {
    next[filterKey(name)] = value;
  }
  return { ...next, page: 1 };
}

/** What a saved view keeps: filters, sort, columns and the text search; not the page or its size. */
function viewSearchOf(search: ContainersSearch): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === "page" || key === "size") continue;
    if (typeof value === "string" && value !== "") kept[key] = value;
  }
  return kept;
}

export function ContainersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(containersListQuery(search));
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const now = useServiceNow();
  const views = useSyncExternalStore(subscribeSavedViews, savedViews, savedViews);
  const currentView = viewMatching("containers", viewSearchOf(search));
  const [saving, setSaving] = useState(false);
  const exporter = useExport();
  const filters = filtersOfSearch(search);
  const filtered = Object.keys(filters).length > 0 || search.q !== "";
  const columns = visibleColumns(search.columns);

  useEffect(() => rememberContainersSearch(search), [search]);

  const startExport = () => {
    const name = currentView?.name ?? "containers";
    const day = calendarDate(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    // The CSV writer (Papa Parse) loads on the first export, not with the list.
    void exporter.start(
      async (options) => (await import("./export")).exportContainersCsv(search, options),
      csvFileName(name, day),
    );
  };

  return (
    <>
      <PageHeader
        title={currentView ? `Containers: ${currentView.name}` : "Containers"}
        description={
          filtered
            ? `${plural(data.meta.total, "container")} match`
            : `${plural(data.meta.total, "container")} in all shipments`
        }
        actions={
          <>
            <ColumnsMenu
              visible={columns}
              onChange={(ids) => navigate({ search: (prev) => ({ ...prev, columns: columnsParamOf(ids) }) })}
            />
            <button type="button" className={buttonClass("secondary")} onClick={() => setSaving(true)}>
              Save view
            </button>
            <button
              type="button"
              className={buttonClass("primary")}
              onClick={startExport}
              disabled={exporter.state.kind === "running" || data.meta.total === 0}
            >
              Download CSV
            </button>
          </>
        }
      />
      <SaveViewDialog
        open={saving}
        initialName={currentView?.name ?? ""}
        existingNames={views.filter((v) => v.list === "containers").map((v) => v.name)}
        onClose={() => setSaving(false)}
        onSave={(name) => {
          saveView({ name, list: "containers", search: viewSearchOf(search) });
          setSaving(false);
          showToast({
            kind: "success",
            title: `Saved view “${name}”`,
            message: "It is listed under Views, beside Containers, in the navigation.",
          });
        }}
      />
      <ExportProgress state={exporter.state} noun="containers" onCancel={exporter.cancel} />
      <div className="mb-3">
        <SearchField
          label="Search containers"
          placeholder="Container number, or part of it"
          value={search.q}
          onCommit={(q) =>
            navigate({ search: (prev) => ({ ...prev, q, page: 1 }), replace: search.q !== "" && q !== "" })
          }
        />
      </div>
      <FilterBar
        filters={filters}
        names={LIST_FILTER_NAMES}
        onChange={(next) => navigate({ search: (prev) => withFilters(prev, next) })}
      />
      {data.data.length === 0 ? (
        data.meta.total > 0 ? (
          <EmptyState
            title="This page is past the end of the list"
            action={
              <Link
                to="/containers"
                search={(prev) => ({ ...prev, page: 1 })}
                className={buttonClass("primary")}
              >
                Go to the first page
              </Link>
            }
          />
        ) : filtered ? (
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
            Search matches any part of a container number, such as “MSCU” or “1234567”. Filters combine: a
            container must match every one.
          </EmptyState>
        ) : (
          <EmptyState title="No containers yet">
            Containers appear with the shipments that carry them.
          </EmptyState>
        )
      ) : (
        <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"} aria-busy={loading}>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full min-w-[64rem] text-sm">
              <caption className="sr-only">Containers</caption>
              <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
                <tr>
                  {columns.map((column) => (
                    <HeaderCell
                      key={column.id}
                      column={column}
                      sort={search.sort}
                      onSort={(sort) =>
                        navigate({ search: (prev) => ({ ...prev, sort, page: 1 }), resetScroll: false })
                      }
                    />
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.data.map((container) => (
                  <ContainerRow
                    key={container.id}
                    container={container}
                    columns={columns}
                    context={{ now }}
                  />
                ))}
              </tbody>
            </table>
          </div>
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
        </div>
      )}
    </>
  );
}

type Direction = "ascending" | "descending";

/** The direction the list is sorted by this field, if the sort starts with it. */
function directionOf(sort: string, field: string | undefined): Direction | undefined {
  const first = sortKeysOf(sort)[0];
  if (!field || first?.field !== field) return undefined;
  return first.descending ? "descending" : "ascending";
}

/** Ascending first, then descending, then the API's own order again. */
function nextSort(field: string, current: Direction | undefined): string {
  if (current === undefined) return field;
  if (current === "ascending") return `-${field}`;
  return "";
}

function HeaderCell({
  column,
  sort,
  onSort,
}: {
  column: ContainerColumn;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const field = column.sortField;
  const direction = directionOf(sort, field);
  if (!field) {
    return (
      <th scope="col" className={th}>
        {column.header}
      </th>
    );
  }
  const next = nextSort(field, direction);
  const nextWords = next === "" ? "the default order" : next.startsWith("-") ? "descending" : "ascending";
  return (
    <th scope="col" className={th} aria-sort={direction ?? "none"}>
      <button
        type="button"
        onClick={() => onSort(next)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold tracking-wide whitespace-nowrap uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:text-white"
        title={`Sort ${nextWords}`}
      >
        {column.header}
        <span aria-hidden="true" className={direction ? "text-sky-700 dark:text-sky-300" : "text-slate-400"}>
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}

function ContainerRow({
  container,
  columns,
  context,
}: {
  container: Container;
  columns: readonly ContainerColumn[];
  context: CellContext;
}) {
  return (
    <tr className="hover:bg-sky-50/60 dark:hover:bg-slate-800/60">
      {columns.map((column) => (
        <td key={column.id} className={td}>
          {column.cell(container, context)}
        </td>
      ))}
    </tr>
  );
}

function ColumnsMenu({
  visible,
  onChange,
}: {
  visible: readonly ContainerColumn[];
  onChange: (ids: ContainerColumn["id"][]) => void;
}) {
  const shown = new Set(visible.map((c) => c.id));
  return (
    <Popover
      label="Columns"
      trigger={
        <span className={buttonClass("secondary")}>
          Columns <span aria-hidden="true">▾</span>
        </span>
      }
      triggerClassName="p-0"
      panelLabel="Columns to show"
    >
      <fieldset>
        <legend className="mb-2 font-medium">Columns to show</legend>
        <ul className="space-y-1">
          {CONTAINER_COLUMNS.filter((c) => c.hideable).map((column) => (
            <li key={column.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={shown.has(column.id)}
                  onChange={(event) => {
                    const next = new Set(shown);
                    if (event.target.checked) next.add(column.id);
                    else next.delete(column.id);
                    onChange(CONTAINER_COLUMNS.filter((c) => next.has(c.id)).map((c) => c.id));
                  }}
                />
                {column.header}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Popover>
  );
}
