// The questions a coordinator asks a list most ("what arrives this week?", "what is at the port?", "what is
// costing money?") as one-press
// toggles over the same `filter[…]` the chips edit: pressed when the list is filtered exactly so, pressed again to
// clear. A phase quick filter replaces another phase filter rather than adding to it.
import type { ListFilterName, ListFilters } from "../../api/triage";

interface QuickFilter {
  label: string;
  name: ListFilterName;
  value: string;
}

export const QUICK_FILTERS: readonly QuickFilter[] = [
  { label: "Arriving in 7 days", name: "arriving_within_days", value: "7" },
  { label: "On water", name: "phase", value: "on_water" },
  { label: "At port", name: "phase", value: "at_port" },
  { label: "At rail", name: "phase", value: "on_rail,at_rail_ramp" },
  // Demurrage and detention (src/api/free-time.ts): what costs money now or within 2 days, and empties overdue.
  { label: "Money at risk", name: "charges", value: "at_risk" },
  { label: "Empty return passed", name: "detention", value: "passed" },
];

/** The filters after pressing `quick`: set to its value, or removed when it was already so. */
export function toggledFilters(filters: ListFilters, quick: QuickFilter): ListFilters {
  if (filters[quick.name] === quick.value) {
    const { [quick.name]: _removed, ...rest } = filters;
    return rest;
  }
  return { ...filters, [quick.name]: quick.value };
}

export function QuickFilters({
  filters,
  onChange,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Quick filters</legend>
      {QUICK_FILTERS.map((quick) => {
        const pressed = filters[quick.name] === quick.value;
        return (
          <button
            key={quick.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(toggledFilters(filters, quick))}
            className={`rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring) ${
              pressed
                ? "border-sky-700 bg-sky-700 text-white hover:bg-sky-800 dark:border-sky-500 dark:bg-sky-700"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {quick.label}
          </button>
        );
      })}
    </fieldset>
  );
}
