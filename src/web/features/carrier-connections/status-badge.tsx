// A connection's status as a coloured badge whose words carry the meaning (the colour only repeats it).
import type { CarrierConnectionStatus } from "../../../api/carrier-connections";
import { STATUS_WORDS, type Tone } from "./words";

const badge =
  "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

const TONES: Record<Tone, { box: string; dot: string }> = {
  good: {
    box: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
    dot: "bg-emerald-500",
  },
  bad: { box: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100", dot: "bg-red-500" },
  warn: { box: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100", dot: "bg-amber-500" },
  neutral: {
    box: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
    dot: "bg-slate-500 dark:bg-slate-400",
  },
};

export function StatusBadge({ status }: { status: CarrierConnectionStatus }) {
  const words = STATUS_WORDS[status];
  const tone = TONES[words.tone];
  return (
    <span className={`${badge} ${tone.box}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${tone.dot}`} />
      {words.label}
    </span>
  );
}
