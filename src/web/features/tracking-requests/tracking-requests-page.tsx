// The tracking requests list: search, status, shipping line and creation-date filters kept in the URL, server
// paging, and rows that refresh by themselves while a request is still being looked up.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link, useLocation } from "@tanstack/react-router";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { UpdatedRowsNote } from "../../components/data-table/updated-rows-note";
import { DateTime } from "../../components/date-time";
import { EmptyState } from "../../components/empty-state";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { Pagination } from "../../components/pagination";
import { SearchField } from "../../components/search-field";
import { WithUpdatedAgo } from "../../components/updated-ago";
import { plural } from "../../lib/format";
import { useListQuery } from "../../lib/list-query";
import { useChangedIds } from "../../lib/live-updates";
import { shippingLinesQuery } from "../../lib/shipping-lines";
import type { TrackingRequest } from "./contract";
import { linesByScac } from "./line-match";
import { isFiltered } from "./list-params";
import { pollInterval, trackingRequestsListQuery } from "./queries";
import { RequestResult, ShippingLineName, StatusBadge } from "./request-bits";
import { PAGE_SIZES, STATUS_FILTERS, type StatusFilter, type TrackingRequestsSearch } from "./search";
import { ShippingLineCombobox } from "./shipping-line-combobox";
import { REQUEST_TYPE_WORDS, statusWords } from "./words";

const route = getRouteApi("/_authenticated/tracking-requests/");

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** The request just made with the form, to point it out in the list. */
    createdTrackingRequestId?: string;
  }
}

export function TrackingRequestsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data, dataUpdatedAt, updating } = useListQuery(trackingRequestsListQuery(search));
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const createdId = useLocation({ select: (location) => location.state.createdTrackingRequestId });
  const filtered = isFiltered(search);
  const polling = pollInterval(data.data);
  const byScac = useMemo(() => linesByScac(lines), [lines]);

  return (
    <>
      <PageHeader
        title="Tracking requests"
        description={
          <WithUpdatedAgo at={dataUpdatedAt} what="Tracking requests">
            {filtered
              ? data.meta.total === 0
                ? "No matches"
                : `${plural(data.meta.total, "tracking request")} match`
              : data.meta.total === 0
                ? "Start tracking a shipment by its bill of lading, booking or container number"
                : `${plural(data.meta.total, "tracking request")} made by this account, newest first`}
          </WithUpdatedAgo>
        }
        actions={
          <Allowed permission="track" what="Tracking new shipments">
            <Link to="/tracking-requests/bulk" className={buttonClass("secondary")}>
              Track many at once
            </Link>
            <Link to="/tracking-requests/new" className={buttonClass("primary")}>
              <span aria-hidden="true">+</span> Track a shipment
            </Link>
          </Allowed>
        }
      />
      {/* Filters are no use before the first request is made. */}
      {filtered || data.meta.total > 0 ? <Filters /> : null}
      {data.data.length === 0 ? (
        <NoRequests total={data.meta.total} />
      ) : (
        <div>
          <RequestsTable
            requests={data.data}
            included={data.included}
            lines={byScac}
            highlight={createdId}
            note={
              polling ? (
                <p className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-sky-500" />
                  Requests still being looked up refresh by themselves every{" "}
                  {polling >= 60_000 ? `${polling / 60_000} min` : `${polling / 1000} s`}.
                </p>
              ) : null
            }
            busy={updating}
          />
          <Pagination
            page={search.page}
            size={search.size}
            total={data.meta.total}
            shown={data.data.length}
            noun="tracking requests"
            sizes={PAGE_SIZES}
            renderLink={({ page, ...props }) => (
              <Link to="/tracking-requests" search={(prev) => ({ ...prev, page })} {...props} />
            )}
            onSizeChange={(size) => navigate({ search: (prev) => ({ ...prev, size, page: 1 }) })}
          />
        </div>
      )}
    </>
  );
}

const STATUS_FILTER_WORDS = (status: StatusFilter) =>
  status === "all" ? "All statuses" : statusWords(status);

function Filters() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: lines } = useSuspenseQuery(shippingLinesQuery());
  const statusId = useId();
  const lineId = useId();
  const fromId = useId();
  const toId = useId();
  // Choices show at once; the URL (and the rows) follow when the next page has loaded.
  const [status, setStatus] = useState(search.status);
  useEffect(() => setStatus(search.status), [search.status]);
  const [from, setFrom] = useState(search.from);
  const [to, setTo] = useState(search.to);
  useEffect(() => setFrom(search.from), [search.from]);
  useEffect(() => setTo(search.to), [search.to]);

  /** Date inputs report "" while half typed; only a whole day (or clearing) changes the URL. */
  const commitDay = (which: "from" | "to", value: string) => {
    if (value !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    if (value === search[which]) return;
    void navigate({ search: (prev) => ({ ...prev, [which]: value, page: 1 }), replace: true });
  };

  return (
    <div className="mb-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <span aria-hidden="true" className={`${labelClass} mb-1`}>
            Search
          </span>
          <SearchField
            label="Search tracking requests"
            placeholder="Request or reference number"
            value={search.q}
            onCommit={(q) =>
              navigate({ search: (prev) => ({ ...prev, q, page: 1 }), replace: search.q !== "" && q !== "" })
            }
          />
        </div>
        <div>
          <label htmlFor={statusId} className={labelClass}>
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              const next = event.target.value as StatusFilter;
              setStatus(next);
              void navigate({ search: (prev) => ({ ...prev, status: next, page: 1 }) });
            }}
            className={`${inputClass} mt-1 h-9.5 w-auto pr-8`}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_FILTER_WORDS(s)}
              </option>
            ))}
          </select>
        </div>
        <ShippingLineCombobox
          id={lineId}
          label="Shipping line"
          lines={lines}
          value={search.scac}
          emptyOption="Any shipping line"
          placeholder="Any shipping line"
          onChange={(scac) => navigate({ search: (prev) => ({ ...prev, scac, page: 1 }) })}
          className="w-64"
        />
        <fieldset className="flex items-end gap-2">
          <legend className="sr-only">Created between (UTC days)</legend>
          <div>
            <label htmlFor={fromId} className={labelClass}>
              Created from
            </label>
            <input
              id={fromId}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                commitDay("from", event.target.value);
              }}
              className={`${inputClass} mt-1 h-9.5 w-auto`}
            />
          </div>
          <div>
            <label htmlFor={toId} className={labelClass}>
              to
              <span className="sr-only"> (created on or before)</span>
            </label>
            <input
              id={toId}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                commitDay("to", event.target.value);
              }}
              className={`${inputClass} mt-1 h-9.5 w-auto`}
            />
          </div>
          <span className="pb-2 text-xs text-slate-500 dark:text-slate-400">UTC days</span>
        </fieldset>
        {isFiltered(search) ? (
          <Link to="/tracking-requests" search={{}} className={buttonClass("ghost", "mb-0.5")}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function emptyTitle(search: TrackingRequestsSearch): string {
  if (search.q) return `No tracking requests match “${search.q}”`;
  const { status } = search;
  if (status !== "all" && !search.scac && !search.from && !search.to)
    return `No tracking requests with the status “${statusWords(status)}”`;
  return "No tracking requests match these filters";
}

function NoRequests({ total }: { total: number }) {
  const search = route.useSearch();
  if (total > 0) {
    return (
      <EmptyState
        title="This page is past the end of the list"
        action={
          <Link
            to="/tracking-requests"
            search={(prev) => ({ ...prev, page: 1 })}
            className={buttonClass("primary")}
          >
            Go to the first page
          </Link>
        }
      >
        There are {plural(total, "tracking request")}, but not as many as page {search.page} would show.
      </EmptyState>
    );
  }
  if (isFiltered(search)) {
    return (
      <EmptyState
        title={emptyTitle(search)}
        action={
          <Link to="/tracking-requests" search={{}} className={buttonClass("secondary")}>
            Clear search and filters
          </Link>
        }
      >
        Search looks for a request number or a reference number. Check the spelling, try part of the number,
        or widen the status, shipping line and dates.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No tracking requests yet"
      action={
        <Allowed permission="track" what="Tracking new shipments">
          <Link to="/tracking-requests/new" className={buttonClass("primary")}>
            Track a shipment
          </Link>
        </Allowed>
      }
    >
      Give a bill of lading, booking or container number and its shipping line, and we start tracking the
      shipment. Each request is listed here until its shipment appears.
    </EmptyState>
  );
}

/** The columns of the list; the result and the creation time need the included shipments and the line names. */
function requestColumns(
  included: { id: string; type: string }[] | undefined,
  lines: ReturnType<typeof linesByScac>,
  highlight: string | undefined,
): DataColumn<TrackingRequest>[] {
  return [
    {
      id: "number",
      header: "Number",
      card: "title",
      cell: (request) => {
        const a = request.attributes;
        return (
          <>
            <RowLink
              to="/tracking-requests/$trackingRequestId"
              params={{ trackingRequestId: request.id }}
              className="font-mono"
            >
              {a.request_number}
            </RowLink>
            {request.id === highlight ? (
              <span className="ml-2 rounded bg-sky-700 px-1.5 py-px text-xs font-medium text-white">
                Just added
              </span>
            ) : null}
            {a.ref_numbers.length > 0 ? (
              <div className="mt-0.5 max-w-44 text-xs text-slate-500 dark:text-slate-400">
                <span className="sr-only">Reference numbers: </span>
                {a.ref_numbers.join(", ")}
              </div>
            ) : null}
          </>
        );
      },
    },
    {
      id: "type",
      header: "Type",
      hideable: true,
      className: "whitespace-nowrap",
      cell: ({ attributes: a }) => REQUEST_TYPE_WORDS[a.request_type]?.label ?? a.request_type,
    },
    {
      id: "shipping_line",
      header: "Shipping line",
      hideable: true,
      cell: ({ attributes: a }) => <ShippingLineName scac={a.scac} lines={lines} />,
    },
    {
      id: "status",
      header: "Status",
      card: "title",
      cell: ({ attributes: a }) => <StatusBadge status={a.status} />,
    },
    {
      id: "result",
      header: "Result",
      hideable: true,
      cell: (request) => <RequestResult request={request} included={included} />,
    },
    {
      id: "created",
      header: "Created",
      hideable: true,
      cell: ({ attributes: a }) => <DateTime iso={a.created_at} timeZone="UTC" />,
    },
  ];
}

function RequestsTable({
  requests,
  included,
  lines,
  highlight,
  note,
  busy,
}: {
  requests: TrackingRequest[];
  included: { id: string; type: string }[] | undefined;
  lines: ReturnType<typeof linesByScac>;
  highlight: string | undefined;
  /** Said above the rows, beside the Columns menu. */
  note: ReactNode;
  busy: boolean;
}) {
  const columns = useMemo(() => requestColumns(included, lines, highlight), [included, lines, highlight]);
  const changed = useChangedIds("tracking_request");
  return (
    <DataTable
      tableId="tracking-requests"
      caption="Tracking requests"
      columns={columns}
      rows={requests}
      rowKey={(request) => request.id}
      changedRowIds={changed}
      rowClassName={(request) => (request.id === highlight ? "bg-sky-50 dark:bg-sky-950/40" : undefined)}
      busy={busy}
      toolbar={
        <div className="space-y-2">
          {note}
          <UpdatedRowsNote kind="tracking_request" shownIds={requests.map((r) => r.id)} />
        </div>
      }
      minWidthClass="min-w-[56rem]"
    />
  );
}
