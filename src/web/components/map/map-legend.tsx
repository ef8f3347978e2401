// The legend of the dashboard's maps, in the page (not on the canvas): what each mark means and what the land is.
import { HAS_TILES } from "./tiles";

type LegendKind = "vessel" | "track" | "ahead" | "inland" | "port" | "discharge" | "land" | "past";

function Swatch({ kind }: { kind: LegendKind }) {
  const common = "inline-block shrink-0";
  switch (kind) {
    case "vessel":
      return (
        <svg aria-hidden="true" viewBox="0 0 16 16" className={`${common} h-4 w-4`}>
          <path d="M8 1 13 13 8 10.5 3 13Z" className="fill-sky-700 stroke-white dark:fill-sky-400" />
        </svg>
      );
    case "port":
      return (
        <span
          aria-hidden="true"
          className={`${common} h-3 w-3 rounded-full bg-slate-900 dark:bg-slate-100`}
        />
      );
    case "discharge":
      return (
        <span
          aria-hidden="true"
          className={`${common} h-3 w-3 rounded-full border-2 border-slate-900 bg-white dark:border-slate-100 dark:bg-slate-900`}
        />
      );
    case "land":
      return (
        <span
          aria-hidden="true"
          className={`${common} h-3 w-5 rounded-sm border border-slate-400 bg-slate-50 dark:border-slate-500 dark:bg-slate-800`}
        />
      );
    case "track":
    case "past":
      return <span aria-hidden="true" className={`${common} h-0.5 w-6 bg-sky-700 dark:bg-sky-400`} />;
    case "ahead":
      return (
        <span
          aria-hidden="true"
          className={`${common} h-0 w-6 border-t-2 border-dashed border-orange-700 dark:border-orange-400`}
        />
      );
    case "inland":
      return (
        <span
          aria-hidden="true"
          className={`${common} h-0 w-6 border-t-2 border-dotted border-slate-600 dark:border-slate-300`}
        />
      );
  }
}

export interface LegendItem {
  kind: LegendKind;
  label: string;
}

export const LAND_LEGEND: LegendItem = {
  kind: "land",
  label: HAS_TILES ? "Map tiles, over offline Natural Earth land" : "Land: Natural Earth, works offline",
};

export function MapLegend({ items, className = "" }: { items: LegendItem[]; className?: string }) {
  return (
    <ul
      aria-label="Map legend"
      className={`flex flex-wrap items-center gap-x-5 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400 ${className}`}
    >
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <Swatch kind={item.kind} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
