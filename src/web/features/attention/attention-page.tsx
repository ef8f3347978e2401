// Needs attention: the landing page. What in the account needs a person now (containers to pick up, holds, last free
// days passed, today or in two days, slipped ETAs, tracking that failed or that the line stopped), each count a link
// to the list of exactly those rows, and, when nothing does, what "all clear" covers.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { AttentionCount, ContainerSummary } from "../../../api/triage";
import { PageHeader } from "../../components/page-header";
import { formatCount, formatDateTime, formatMoney, plural } from "../../lib/format";
import { attentionLink } from "./attention-links";
import { attentionSummaryQuery } from "./queries";

type Summary = ContainerSummary["attributes"];

interface Row {
  /** The count's name, also its link's: "LFD within 2 days". */
  label: string;
  count: AttentionCount;
  /** What is counted, singular and plural: "container" / "containers". */
  noun: [string, string];
  /** How the count looks when it is not zero: urgent (red), a warning (amber), or good news (green). */
  tone: "urgent" | "warn" | "good";
}

/** A group of counts under one heading, with the sentence it shows when they are all zero. */
interface Group {
  id: string;
  title: string;
  description: string;
  rows: Row[];
  clear: string;
  /** A figure shown above the counts (the money at risk's amounts). */
  figure?: ReactNode;
}

const TONE_STYLE = {
  urgent: "bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
} as const;

const CONTAINERS: [string, string] = ["container", "containers"];

/** "$4,255.00" or "$4,255.00 + €300.00": what the containers at risk will have cost by the day after tomorrow. */
function amountsWords(amounts: Summary["money_at_risk"]["amounts"]): string {
  return amounts.map((a) => formatMoney(a.amount, a.currency)).join(" + ");
}

function groupsOf(s: Summary): Group[] {
  const money = s.money_at_risk;
  return [
    {
      id: "money",
      title: "Money at risk",
      description:
        "Demurrage and detention charged so far, or starting within 2 days, by the end of the day after tomorrow: from the lines' published tariffs or your own (Settings → Free time).",
      figure:
        money.count > 0 ? (
          <p className="mt-2 text-2xl font-semibold text-red-800 tabular-nums dark:text-red-300">
            <span className="sr-only">Money at risk: </span>
            {amountsWords(money.amounts)}
          </p>
        ) : null,
      rows: [
        { label: "Charges at risk", count: money, noun: CONTAINERS, tone: "urgent" },
        { label: "Empty return passed", count: s.detention_passed, noun: CONTAINERS, tone: "urgent" },
      ],
      clear: "No container is charged demurrage or detention, and none will be in the next two days.",
    },
    {
      id: "lfd",
      title: "Last free day",
      description:
        "Containers still at the terminal, by their earliest last free day in the port's time zone.",
      rows: [
        { label: "LFD passed", count: s.lfd_passed, noun: CONTAINERS, tone: "urgent" },
        { label: "LFD today", count: s.lfd_today, noun: CONTAINERS, tone: "urgent" },
        { label: "LFD within 2 days", count: s.lfd_within_2_days, noun: CONTAINERS, tone: "warn" },
      ],
      clear: "No container's last free day is passed, today or in the next two days.",
    },
    {
      id: "pickup",
      title: "Available for pickup now",
      description: "Released by the terminal: they can be collected.",
      rows: [
        { label: "Available for pickup", count: s.available_for_pickup, noun: CONTAINERS, tone: "good" },
      ],
      clear: "No container is available for pickup at the moment.",
    },
    {
      id: "holds",
      title: "On hold",
      description: "A terminal hold is on; by hold type (a container with two holds counts under both).",
      rows: [
        { label: "On hold", count: s.on_hold, noun: CONTAINERS, tone: "urgent" },
        ...s.holds.map((hold) => ({
          label: `${hold.name} hold`,
          count: hold,
          noun: CONTAINERS,
          tone: "warn" as const,
        })),
      ],
      clear: "No container is on hold at its terminal.",
    },
    {
      id: "eta",
      title: "Arriving late",
      description:
        "Still at sea, with an ETA more than 24 hours away from the line's first estimate, or our own prediction more than 24 hours later than the line's ETA.",
      rows: [
        { label: "ETA slipped more than 24 h", count: s.eta_slipped, noun: CONTAINERS, tone: "warn" },
        {
          label: "We predict more than 24 h later than the line",
          count: s.predicted_late,
          noun: CONTAINERS,
          tone: "warn",
        },
      ],
      clear: "No arriving container's ETA has moved by more than 24 hours, and we predict none a day late.",
    },
    {
      id: "missing",
      title: "Expected news missing",
      description:
        "A departure a day past the line's estimate, an arrival 12 hours past our predicted window, or no availability news 3 days after discharge: worth a call to the line or the terminal.",
      rows: [{ label: "Expected news missing", count: s.expected_missing, noun: CONTAINERS, tone: "warn" }],
      clear: "Every container's departure, arrival and availability news came when expected.",
    },
    {
      id: "voyage",
      title: "Voyage changed",
      description:
        "In the last 7 days the line rolled a box to a later vessel, changed its connection at a transshipment port, swapped its vessel or changed a port call: plans built on the old voyage need another look.",
      rows: [{ label: "Voyage changed", count: s.voyage_exception, noun: CONTAINERS, tone: "warn" }],
      clear: "No line changed a container's voyage in the last 7 days.",
    },
    {
      id: "tracking",
      title: "Tracking",
      description:
        "Numbers the line did not know, and shipments the line stopped answering for or cancelled.",
      rows: [
        {
          label: "Tracking requests failed",
          count: s.tracking_failed,
          noun: ["tracking request", "tracking requests"],
          tone: "urgent",
        },
        {
          label: "Tracking stopped by the line",
          count: s.tracking_stopped_by_line,
          noun: ["shipment", "shipments"],
          tone: "warn",
        },
      ],
      clear: "Every tracking request was accepted, and no line stopped tracking a shipment.",
    },
  ];
}

export function AttentionPage() {
  const { data } = useSuspenseQuery(attentionSummaryQuery());
  const s = data.data.attributes;
  const groups = groupsOf(s);
  const allClear = groups.every((g) => g.rows.every((r) => r.count.count === 0));
  const asOf = formatDateTime(s.as_of, Intl.DateTimeFormat().resolvedOptions().timeZone);

  return (
    <>
      <PageHeader
        title="Needs attention"
        description={
          <>
            {plural(s.total, "container")} tracked · counted at{" "}
            <time dateTime={asOf.iso} title={asOf.utc}>
              {asOf.text}
            </time>{" "}
            by the service's clock
          </>
        }
      />
      {allClear ? <AllClear /> : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} />
        ))}
      </div>
    </>
  );
}

function AllClear() {
  return (
    <section
      aria-labelledby="all-clear"
      className="mb-6 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
    >
      <h2 id="all-clear" className="text-lg font-semibold">
        All clear
      </h2>
      <p className="mt-1 text-sm">
        Nothing needs you now: no container's last free day is passed, today or in the next two days; none is
        available and waiting, none is on hold; no ETA has slipped by more than 24 hours; every tracking
        request was accepted and no line stopped tracking. This page counts again every minute.
      </p>
    </section>
  );
}

function GroupCard({ group }: { group: Group }) {
  const empty = group.rows.every((r) => r.count.count === 0);
  const headingId = `attention-${group.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-50">
        {group.title}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{group.description}</p>
      {group.figure}
      {empty ? (
        <p className="mt-4 flex items-start gap-2 text-sm text-emerald-800 dark:text-emerald-300">
          <span aria-hidden="true">✓</span>
          {group.clear}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {group.rows.map((row) => (
            <li key={row.label}>
              <CountRow row={row} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CountRow({ row }: { row: Row }) {
  const { count } = row.count;
  const words = `${formatCount(count)} ${count === 1 ? row.noun[0] : row.noun[1]}`;
  const content: ReactNode = (
    <>
      <span className="min-w-0 flex-1">{row.label}</span>
      <span
        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums ${
          count === 0
            ? "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400"
            : TONE_STYLE[row.tone]
        }`}
      >
        <span className="sr-only">: </span>
        {words}
      </span>
    </>
  );
  if (count === 0) {
    return (
      <div className="flex items-center gap-3 py-2.5 text-sm text-slate-500 dark:text-slate-400">
        {content}
      </div>
    );
  }
  const link = attentionLink(row.count);
  return (
    <Link
      to={link.to}
      search={link.search as never}
      className="-mx-2 flex items-center gap-3 rounded-md px-2 py-2.5 text-sm font-medium text-sky-800 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-slate-800"
    >
      {content}
      <span aria-hidden="true" className="text-(--muted-text)">
        →
      </span>
    </Link>
  );
}
