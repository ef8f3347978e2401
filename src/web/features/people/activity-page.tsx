// Settings → Activity: who did what in the account (GET /v2/activity), newest first, filtered by kind of actor, kind
// of action and dates (UTC), paged, and downloadable as CSV with the same filters. Below admin, one's own entries.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ACTIVITY_ACTOR_TYPES, ACTIVITY_KINDS, activitySchema } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { describeError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { ACTIVITY_PAGE_SIZE, type ActivityFilters, activityQuery, activityQueryParams } from "./queries";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const ACTOR_WORDS: Record<(typeof ACTIVITY_ACTOR_TYPES)[number], string> = {
  user: "People",
  api_key: "API keys",
  system: "The service",
  anonymous: "Not signed in",
};
const CSV_FIELDS = [
  "occurred_at",
  "kind",
  "actor_type",
  "actor_name",
  "summary",
  "ip_address",
  "subject_type",
  "subject_id",
];

export function ActivityPage() {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [draft, setDraft] = useState<ActivityFilters>({});
  const [exporting, setExporting] = useState<string | null>(null);
  const { data, error, isPending } = useQuery({
    ...activityQuery(filters),
    placeholderData: keepPreviousData,
  });
  const ids = { actor: useId(), kind: useId(), from: useId(), to: useId() };
  const page = filters.page ?? 1;
  const total = data?.meta?.total;
  const hasNext = data ? data.data.length === ACTIVITY_PAGE_SIZE : false;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };

  const exportCsv = async () => {
    setExporting("Preparing the file…");
    try {
      const { exportListCsv } = await import("../../lib/csv-export");
      const { page: _page, ...rest } = filters;
      const query = activityQueryParams(rest);
      delete (query as Record<string, unknown>)["page[number]"];
      delete (query as Record<string, unknown>)["page[size]"];
      const { blob } = await exportListCsv({
        path: "/v2/activity",
        query,
        resource: activitySchema,
        fields: CSV_FIELDS,
        rowOf: (entry) => {
          const a = entry.attributes;
          return [
            a.occurred_at,
            a.kind,
            a.actor_type,
            a.actor_name,
            a.summary,
            a.ip_address,
            a.subject_type,
            a.subject_id,
          ];
        },
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `activity-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExporting(null);
    } catch (caught) {
      setExporting(`The file could not be made: ${describeError(caught)}`);
    }
  };

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Activity"
        description="Who did what in this account, newest first. Times are in UTC."
        actions={
          <button type="button" className={buttonClass("secondary")} onClick={() => void exportCsv()}>
            Download CSV
          </button>
        }
      />
      {exporting ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {exporting}
        </p>
      ) : null}
      <form
        onSubmit={apply}
        className={`${card} grid gap-3 sm:grid-cols-5 sm:items-end`}
        aria-label="Filters"
      >
        <div>
          <label htmlFor={ids.actor} className={labelClass}>
            Done by
          </label>
          <select
            id={ids.actor}
            value={draft.actor_type ?? ""}
            onChange={(event) => setDraft({ ...draft, actor_type: event.target.value || undefined })}
            className={`${inputClass} mt-1`}
          >
            <option value="">Anyone</option>
            {ACTIVITY_ACTOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {ACTOR_WORDS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.kind} className={labelClass}>
            What
          </label>
          <select
            id={ids.kind}
            value={draft.kind ?? ""}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value || undefined })}
            className={`${inputClass} mt-1`}
          >
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind.replaceAll("_", " ").replace(".", ": ")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className={labelClass}>
            From
          </label>
          <input
            id={ids.from}
            type="date"
            value={draft.from ?? ""}
            onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className={labelClass}>
            To
          </label>
          <input
            id={ids.to}
            type="date"
            value={draft.to ?? ""}
            onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
            className={`${inputClass} mt-1`}
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Apply filters
        </button>
      </form>
      <section aria-labelledby="entries-heading" className={card}>
        <h2 id="entries-heading" className="text-base font-semibold">
          Entries{total !== undefined ? ` (${total})` : ""}
        </h2>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {describeError(error)}
          </p>
        ) : isPending ? (
          <p className="mt-2 text-sm">Loading…</p>
        ) : data && data.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing matches these filters.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {data?.data.map((entry) => {
              const a = entry.attributes;
              return (
                <li key={entry.id} className="py-2.5">
                  <p className="break-words">{a.summary}</p>
                  <p className="text-xs break-all text-slate-600 dark:text-slate-400">
                    <time dateTime={a.occurred_at}>{formatDateTime(a.occurred_at, "UTC").text}</time> ·{" "}
                    {a.actor_name ?? ACTOR_WORDS[a.actor_type]} · {a.kind}
                    {a.ip_address ? ` · ${a.ip_address}` : ""}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2">
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={page <= 1}
            onClick={() => setFilters({ ...filters, page: page - 1 })}
          >
            Newer
          </button>
          <span className="text-sm">Page {page}</span>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={!hasNext}
            onClick={() => setFilters({ ...filters, page: page + 1 })}
          >
            Older
          </button>
        </nav>
      </section>
    </div>
  );
}
