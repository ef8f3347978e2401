// Facts about a container at its port of discharge, shown the same way wherever a container appears.
import type { Container } from "../../api/containers";
import { feeWords, hasLeftTerminal } from "../../api/pickup";
import {
  calendarDaysFrom,
  type DeadlineUrgency,
  deadlineUrgency,
  formatDay,
  formatMoney,
  relativeDayWords,
} from "../lib/format";
import { useServiceNow } from "../lib/service-clock";

const muted = "text-(--muted-text)";

/** Whether the box can be picked up, in the Pickup column's words (the spreadsheet writes the same). */
export function availabilityWords(
  container: Container,
): "Already picked up" | "Not known yet" | "Available" | "Not available" {
  const a = container.attributes;
  if (hasLeftTerminal(a)) return "Already picked up";
  if (!a.availability_known || a.available_for_pickup === null) return "Not known yet";
  return a.available_for_pickup ? "Available" : "Not available";
}

const AVAILABILITY_STYLE = {
  "Already picked up": muted,
  "Not known yet": muted,
  Available: "font-medium text-emerald-700 dark:text-emerald-300",
  "Not available": "font-medium text-amber-700 dark:text-amber-300",
} as const;

export function Availability({ container }: { container: Container }) {
  const words = availabilityWords(container);
  return <span className={AVAILABILITY_STYLE[words]}>{words}</span>;
}

const URGENCY_STYLE = {
  past: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  today: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  tomorrow: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  later: "",
} as const;
/** Upcoming deadlines further out than this are shown without "in N days": they need no action yet. */
const COUNTDOWN_DAYS = 7;

/** "Passed 3 days", "Today", "Tomorrow", "In 2 days"; nothing for a day further out than COUNTDOWN_DAYS. */
function deadlineWords(iso: string, zone: string | null, now: Date): string {
  const days = calendarDaysFrom(iso, zone, now);
  if (days > COUNTDOWN_DAYS) return "";
  const words = relativeDayWords(days);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A deadline's day in the zone it counts in, marked when it is past, today or tomorrow. */
export function DeadlineDay({
  iso: lfd,
  timeZone: zone,
  settled,
}: {
  iso: string;
  timeZone: string | null;
  /** Once the box has left the terminal the deadline no longer matters. */
  settled: boolean;
}) {
  // "Today" and "passed" by the service's clock, whose days its lists and filters count too.
  const now = useServiceNow();
  const urgency: DeadlineUrgency = settled ? "later" : deadlineUrgency(lfd, zone, now);
  const words = settled ? "" : deadlineWords(lfd, zone, now);
  return (
    <span
      className={`inline-flex flex-col ${urgency === "later" ? "" : `-mx-1.5 rounded px-1.5 py-0.5 ${URGENCY_STYLE[urgency]}`}`}
      data-urgency={urgency}
    >
      <time dateTime={lfd} className="whitespace-nowrap">
        {formatDay(lfd, zone, now)}
      </time>
      {words ? (
        <span
          className={`text-xs ${urgency === "later" ? "text-slate-600 dark:text-slate-400" : "font-semibold"}`}
        >
          {words}
        </span>
      ) : null}
    </span>
  );
}

export function Holds({ container }: { container: Container }) {
  const holds = container.attributes.holds_at_pod_terminal;
  if (holds.length === 0) return <span className={muted}>None</span>;
  return (
    <ul className="space-y-0.5">
      {holds.map((hold) => (
        <li key={hold.name} title={hold.description ?? undefined} className="whitespace-nowrap">
          <span className={hold.status === "hold" ? "font-medium text-red-700 dark:text-red-300" : ""}>
            {hold.name}
          </span>{" "}
          <span className="text-xs text-slate-500 dark:text-slate-400">
            ({hold.status === "hold" ? "on hold" : "pending"})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Fees({ container }: { container: Container }) {
  const fees = container.attributes.fees_at_pod_terminal;
  if (fees.length === 0) return <span className={muted}>None</span>;
  return (
    <ul className="space-y-0.5">
      {fees.map((fee) => (
        <li key={`${fee.type}-${fee.currency_code}`} className="whitespace-nowrap">
          {feeWords(fee.type)}:{" "}
          <span className="font-medium">{formatMoney(fee.amount, fee.currency_code)}</span>
        </li>
      ))}
    </ul>
  );
}
