// Small pieces of shipment display shared by the list and the shipment page: milestones, ETA change, tracking state.
import type { ShipmentAttributes } from "../../../api/shipments";
import { DateTime } from "../../components/date-time";
import { etaChange, etaChangeWords, stoppedReasonWords } from "../../lib/format";

export function EtaChangeBadge({
  estimated,
  original,
}: {
  estimated: string | null;
  original: string | null;
}) {
  const change = etaChange(estimated, original);
  if (!change) return null;
  const later = change.startsWith("+");
  return (
    <span
      title={etaChangeWords(estimated, original) ?? undefined}
      className={`relative ml-1.5 inline-block rounded px-1 py-px text-xs font-medium whitespace-nowrap ${
        later
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200"
          : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200"
      }`}
    >
      <span aria-hidden="true">{change}</span>
      <span className="sr-only">{etaChangeWords(estimated, original)}</span>
    </span>
  );
}

const labelClass = "block text-xs text-slate-500 dark:text-slate-400";

/** An actual time if there is one, else the estimate; labelled which it is. */
export function Milestone({
  actual,
  estimated,
  original,
  timeZone,
  actualLabel,
}: {
  actual: string | null;
  estimated: string | null;
  original?: string | null;
  timeZone: string | null;
  actualLabel: string;
}) {
  if (actual) {
    return (
      <span className="block whitespace-nowrap">
        <span className={labelClass}>{actualLabel}</span>
        <DateTime iso={actual} timeZone={timeZone} />
      </span>
    );
  }
  if (estimated) {
    return (
      <span className="block whitespace-nowrap">
        <span className={labelClass}>Estimated</span>
        <DateTime iso={estimated} timeZone={timeZone} />
        <EtaChangeBadge estimated={estimated} original={original ?? null} />
      </span>
    );
  }
  return <span className="text-(--muted-text)">Not known</span>;
}

export function TrackingBadge({ attributes }: { attributes: ShipmentAttributes }) {
  const stopped = attributes.line_tracking_stopped_at !== null;
  return stopped ? (
    <span
      className="relative inline-flex items-center gap-1.5 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700 dark:bg-slate-700 dark:text-slate-200"
      title={stoppedReasonWords(attributes.line_tracking_stopped_reason)}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-slate-500 dark:bg-slate-400" />
      Stopped
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200">
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
      Tracking
    </span>
  );
}

/** "Shanghai (CNSHA)"; falls back to the code or "Unknown". */
export function placeName(name: string | null, locode: string | null): string {
  if (name && locode) return `${name} (${locode})`;
  return name ?? locode ?? "Unknown";
}
