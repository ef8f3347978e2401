// The map page's filter menus (shipping line, port of discharge, arrival at the next port), offering what the
// fleet's cargo has, and a value from the URL that it lacks as well, so that a bookmark shows what it filters by.
import { buttonClass } from "../../components/button";
import { plural } from "../../lib/format";
import { ARRIVING_WITHIN_DAYS } from "./search";
import type { FleetFilters as Filters } from "./use-fleet-filters";

const selectClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

const labelClass = "flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400";

export function FleetFilters({ filters }: { filters: Filters }) {
  const { values, options, filtering, change, clear } = filters;
  const { line, pod, within } = values;
  return (
    <form
      aria-label="Filter vessels"
      className="mb-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className={labelClass}>
        Shipping line
        <select className={selectClass} value={line} onChange={(e) => change({ line: e.target.value })}>
          <option value="">All lines</option>
          {options.lines.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {line && !options.lines.some((o) => o.value === line) ? <option value={line}>{line}</option> : null}
        </select>
      </label>
      <label className={labelClass}>
        Port of discharge
        <select className={selectClass} value={pod} onChange={(e) => change({ pod: e.target.value })}>
          <option value="">All ports</option>
          {options.pods.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label} ({o.value})
            </option>
          ))}
          {pod && !options.pods.some((o) => o.value === pod) ? <option value={pod}>{pod}</option> : null}
        </select>
      </label>
      <label className={labelClass}>
        Arriving at next port
        <select
          className={selectClass}
          value={within}
          onChange={(e) => change({ within: Number(e.target.value) })}
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
        <button type="button" className={buttonClass("ghost")} onClick={clear}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
