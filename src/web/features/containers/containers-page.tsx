// The containers list a coordinator triages from: status, holds, last free day, availability, port, ETA, vessel,
// shipment and tags, on the shared table (sorted by the API from its headers, columns chosen in its Columns menu),
// filtered by chips, every bit of it in the URL; saved as a named view, or downloaded as CSV (every page of it).
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { type ListFilters, sortKeysOf, sortParamOf } from "../../../api/triage";
import { buttonClass } from "../../components/button";
import { visibleColumnsParam } from "../../components/data-table/column-choice";
import { DataTable } from "../../components/data-table/data-table";
import { EmptyState } from "../../components/empty-state";
import { ExportProgress } from "../../components/export-progress";
import { FilterBar } from "../../components/filter-bar";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SaveViewDialog } from "../../components/save-view-dialog";
import { SearchField } from "../../components/search-field";
import { showToast } from "../../components/toaster";
import { useExport } from "../../components/use-export";
import { csvFileName } from "../../lib/csv-file-name";
import { calendarDate, plural } from "../../lib/format";
import { filterKey, filtersOfSearch, LIST_FILTER_NAMES } from "../../lib/list-filters";
import { savedViews, saveView, subscribeSavedViews, viewMatching } from "../../lib/saved-views";
import { useServiceNow } from "../../lib/service-clock";
import { CONTAINER_COLUMNS } from "./containers-columns";
import { rememberContainersSearch } from "./list-memory";
import { containersListQuery } from "./queries";
import { type ContainersSearch, containersListView, PAGE_SIZES } from "./search";

const route = getRouteApi("/_authenticated/containers/");

/** The table's id: the browser keeps its column choice under it, and saved views read it from there. */
const TABLE_ID = "containers";

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
  const { data } = useSuspenseQuery(containersListQuery(containersListView(search)));
  const loading = useRouterState({ select: (state) => state.status === "pending" });
  const now = useServiceNow();
  const views = useSyncExternalStore(subscribeSavedViews, savedViews, savedViews);
  const currentView = viewMatching("containers", viewSearchOf(search));
  const [saving, setSaving] = useState(false);
  const exporter = useExport();
  const filters = filtersOfSearch(search);
  const filtered = Object.keys(filters).length > 0 || search.q !== "";
  const sortKeys = useMemo(() => sortKeysOf(search.sort), [search.sort]);

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
          // The view keeps the columns shown now; the URL then names them too, so that the page reads as the view.
          const columns = visibleColumnsParam(TABLE_ID, CONTAINER_COLUMNS, search.columns);
          saveView({ name, list: "containers", search: { ...viewSearchOf(search), columns } });
          void navigate({ search: (prev) => ({ ...prev, columns }), replace: true });
          setSaving(false);
          showToast({
            kind: "success",
            title: `Saved view “${name}”`,
            message: "It is listed under Views, beside Containers, in the navigation.",
          });
        }}
      />
      <ExportProgress state={exporter.state} noun="containers" onCancel={exporter.cancel} />
      <FilterBar
        filters={filters}
        names={LIST_FILTER_NAMES}
        onChange={(next) => navigate({ search: (prev) => withFilters(prev, next) })}
      />
      <DataTable
        tableId={TABLE_ID}
        caption="Containers"
        columns={CONTAINER_COLUMNS}
        rows={data.data}
        rowKey={(container) => container.id}
        busy={loading}
        minWidthClass="min-w-[72rem]"
        toolbar={
          <SearchField
            label="Search containers"
            placeholder="Container number, or part of it"
            value={search.q}
            onCommit={(q) =>
              navigate({ search: (prev) => ({ ...prev, q, page: 1 }), replace: search.q !== "" && q !== "" })
            }
          />
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
        Search matches any part of a container number, such as “MSCU” or “1234567”. Filters combine: a
        container must match every one.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No containers yet">Containers appear with the shipments that carry them.</EmptyState>
  );
}
