// The containers list's free time cells: demurrage (days left at the terminal, or days charged), detention (the
// empty return deadline from pickup, toned as the last free day is) and the money at risk that `sort=-charges`
// orders by, all as the service counted them (src/api/free-time.ts).
import type { Container } from "../../../api/containers";
import { type FreeTimeState, moneyAtRisk } from "../../../api/free-time";
import { lfdTone } from "../../components/last-free-day";
import { formatDay, formatMoney } from "../../lib/format";

const muted = "text-(--muted-text)";
const TONE = {
  overdue: "font-semibold text-red-800 dark:text-red-300",
  soon: "font-semibold text-amber-800 dark:text-amber-300",
  later: "",
} as const;

function daysWords(n: number): string {
  return n === 1 ? "1 day" : `${n} days`;
}

/** How a running clock stands: "2 days left" (toned when close) or "charged 3 days". */
function Standing({ s }: { s: FreeTimeState }) {
  if (s.days_charged > 0) {
    return <span className={TONE.overdue}>charged {daysWords(s.days_charged)}</span>;
  }
  return <span className={TONE[lfdTone(s.days_left)]}>{daysWords(s.days_left)} left</span>;
}

function Amount({ s }: { s: FreeTimeState }) {
  return s.charges_so_far > 0 ? (
    <span className="text-xs">{formatMoney(s.charges_so_far, s.currency)}</span>
  ) : null;
}

export function DemurrageCell({ container }: { container: Container }) {
  const s = container.attributes.demurrage;
  if (!s) return <span className={muted}>No tariff</span>;
  if (s.status === "not_started") return <span className={muted}>{daysWords(s.free_days)} free</span>;
  return (
    <span className="inline-flex flex-col whitespace-nowrap">
      {s.status === "running" ? <Standing s={s} /> : <span className={muted}>picked up</span>}
      <Amount s={s} />
    </span>
  );
}

export function DetentionCell({ container }: { container: Container }) {
  const s = container.attributes.detention;
  if (!s) return <span className={muted}>No tariff</span>;
  if (!s.awaiting_return) {
    if (s.status === "stopped") {
      return (
        <span className="inline-flex flex-col whitespace-nowrap">
          <span className={muted}>returned</span>
          <Amount s={s} />
        </span>
      );
    }
    return <span className={muted}>{daysWords(s.free_days)} free</span>;
  }
  return (
    <span className="inline-flex flex-col whitespace-nowrap">
      {s.last_free_day ? <span>return by {formatDay(`${s.last_free_day}T12:00:00Z`, "UTC")}</span> : null}
      <Standing s={s} />
      <Amount s={s} />
    </span>
  );
}

/** Money at risk (charged, or starting within 2 days), per currency; "None" without. */
export function ChargesCell({ container }: { container: Container }) {
  const { demurrage, detention } = container.attributes;
  const amounts = Object.entries(moneyAtRisk([demurrage, detention]));
  if (amounts.length === 0) return <span className={muted}>None</span>;
  return (
    <span className="font-semibold whitespace-nowrap">
      {amounts.map(([currency, amount]) => formatMoney(amount, currency)).join(" + ")}
    </span>
  );
}
