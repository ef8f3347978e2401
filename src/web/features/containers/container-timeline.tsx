// The container's timeline: one vertical list of milestones grouped by leg, each with the carrier's wording beside
// it; done, planned and carrier-only drawn apart, and the container's position now marked where it is.

import { useId, useState } from "react";
import { milestoneWords } from "../../../api/milestone-words";
import type { Milestone } from "../../../api/timeline-merge";
import { buttonClass } from "../../components/button";
import { DateTime } from "../../components/date-time";
import { MilestoneSource } from "./milestone-source";
import { durationWords, moveTitle, placeWords, stayTitle } from "./milestone-words";
import { PositionSentence } from "./position-summary";
import type { Journey, Move, Position, Progress, Stay } from "./timeline-legs";
import { type Row, shownRows } from "./timeline-rows";

/** Up to this many milestones every leg starts open; beyond it only where the container is and what comes next. */
const OPEN_ALL_UP_TO = 20;

/** The stays that start open: all of a short timeline; else the current one (or the one a movement leads to) and the next planned one. */
function initiallyOpen(journey: Journey): Set<string> {
  const stays = journey.legs.filter((l): l is Stay => l.type === "stay");
  const total = stays.reduce((n, s) => n + s.milestones.length, 0);
  if (total <= OPEN_ALL_UP_TO) return new Set(stays.map((s) => s.key));
  const open = new Set<string>();
  const at = journey.legs.findIndex((l) => l.key === journey.currentLeg);
  const current = journey.legs[at];
  if (current?.type === "stay") open.add(current.key);
  const nextPlanned = journey.legs
    .slice(Math.max(at, 0))
    .find((l) => l.type === "stay" && l.key !== current?.key);
  if (nextPlanned) open.add(nextPlanned.key);
  if (open.size === 0 && stays[0]) open.add(stays[0].key);
  return open;
}

export function ContainerTimeline({ journey }: { journey: Journey }) {
  const [open, setOpen] = useState(() => initiallyOpen(journey));
  const stays = journey.legs.filter((l): l is Stay => l.type === "stay");
  const milestones = stays.flatMap((s) => s.milestones);
  const counts = {
    done: milestones.filter((m) => m.state === "done").length,
    planned: milestones.filter((m) => m.state === "planned").length,
    carrierOnly: milestones.filter((m) => m.state === "carrier_only").length,
  };
  const moveCounts = { vessel: 0, rail: 0, road: 0 };
  for (const leg of journey.legs) if (leg.type === "move") moveCounts[leg.mode] += 1;
  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section
      aria-labelledby="timeline-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="timeline-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            Timeline
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {counts.done} done · {counts.planned} planned
            {counts.carrierOnly > 0 ? ` · ${counts.carrierOnly} carrier only` : ""}. Times are local to each
            place; hover a time for UTC.
          </p>
        </div>
        {stays.length > 1 ? (
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass("secondary", "text-xs")}
              onClick={() => setOpen(new Set(stays.map((s) => s.key)))}
              disabled={open.size === stays.length}
            >
              Expand all legs
            </button>
            <button
              type="button"
              className={buttonClass("secondary", "text-xs")}
              onClick={() => setOpen(new Set())}
              disabled={open.size === 0}
            >
              Collapse all legs
            </button>
          </div>
        ) : null}
      </div>
      <Legend />
      {journey.legs.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          No events yet: the shipping line has not reported anything for this container.
        </p>
      ) : (
        <ol aria-label="Legs of the journey" className="mt-4">
          {journey.legs.map((leg) =>
            leg.type === "stay" ? (
              <StayItem
                key={leg.key}
                stay={leg}
                open={open.has(leg.key)}
                onToggle={() => toggle(leg.key)}
                journey={journey}
              />
            ) : (
              <MoveItem key={leg.key} move={leg} count={moveCounts[leg.mode]} journey={journey} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}

// ---- Markers: shape and fill tell done, planned and carrier-only apart, not colour alone ----

/** On the timeline's line by default; `inline` for the legend. */
function Marker({ state, inline = false }: { state: Milestone["state"] | "now"; inline?: boolean }) {
  const base = `${inline ? "relative" : "absolute top-1.5 -left-[0.6875rem]"} flex h-5 w-5 shrink-0 items-center justify-center rounded-full`;
  if (state === "done") {
    return (
      <span aria-hidden="true" className={`${base} bg-emerald-600 text-white dark:bg-emerald-500`}>
        <svg
          aria-hidden="true"
          viewBox="0 0 12 12"
          className="h-3 w-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M2.5 6.2 5 8.5l4.5-5" />
        </svg>
      </span>
    );
  }
  if (state === "planned") {
    return (
      <span
        aria-hidden="true"
        className={`${base} border-2 border-dashed border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-900`}
      />
    );
  }
  if (state === "now") {
    return (
      <span aria-hidden="true" className={`${base} bg-sky-600 ring-4 ring-sky-200 dark:ring-sky-900`}>
        <span className="h-2 w-2 rounded-full bg-white" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${base} border-2 border-violet-500 bg-violet-100 dark:border-violet-400 dark:bg-violet-950`}
    >
      <span className="h-1.5 w-1.5 rotate-45 bg-violet-600 dark:bg-violet-300" />
    </span>
  );
}

function Legend() {
  const item = "inline-flex items-center gap-1.5";
  return (
    <ul
      aria-label="Timeline legend"
      className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
    >
      <li className={item}>
        <Marker state="done" inline />
        Done
      </li>
      <li className={item}>
        <Marker state="planned" inline />
        Planned (estimated)
      </li>
      <li className={item}>
        <Marker state="carrier_only" inline />
        Carrier only (the line reports it; no movement confirms it)
      </li>
      <li className={item}>
        <Marker state="now" inline />
        Now
      </li>
    </ul>
  );
}

/** The line down the timeline: solid where the container has been, dashed where it is still to go. */
function rail(progress: Progress | Milestone["state"]) {
  return progress === "planned"
    ? "border-dashed border-slate-300 dark:border-slate-600"
    : "border-solid border-emerald-600/70 dark:border-emerald-500/70";
}

const PROGRESS_WORDS: Record<Progress, string> = { done: "Done", current: "Now", planned: "Planned" };

function ProgressTag({ progress }: { progress: Progress }) {
  const style =
    progress === "current"
      ? "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100"
      : progress === "done"
        ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200"
        : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300";
  return (
    <span className={`rounded px-1.5 py-px text-xs font-medium whitespace-nowrap ${style}`}>
      {PROGRESS_WORDS[progress]}
    </span>
  );
}

function span(milestones: Milestone[]) {
  const timed = milestones.filter((m) => m.at !== null);
  const first = timed[0];
  const last = timed.at(-1);
  return { first, last };
}

function StayItem({
  stay,
  open,
  onToggle,
  journey,
}: {
  stay: Stay;
  open: boolean;
  onToggle: () => void;
  journey: Journey;
}) {
  const listId = useId();
  const title = stayTitle(stay);
  const { first, last } = span(stay.milestones);
  const position = journey.position;
  const hereNow =
    journey.currentLeg === stay.key && position.kind !== "moving" && position.kind !== "not_started";
  const lastHappened = hereNow && "last" in position ? position.last : null;
  // A long stay (a terminal reporting every few hours for weeks) shows its ends and where the box is now.
  const [showAll, setShowAll] = useState(false);
  const rows: Row[] = showAll
    ? stay.milestones.map((_, index) => ({ kind: "row", index }))
    : shownRows(stay.milestones.length, lastHappened ? [stay.milestones.indexOf(lastHappened)] : []);
  return (
    <li className={`relative ml-2.5 border-l-2 pb-2 pl-6 ${rail(stay.progress)}`}>
      <span
        aria-hidden="true"
        className={`absolute top-2 -left-[0.4375rem] h-3 w-3 rounded-sm ${
          stay.progress === "planned"
            ? "border-2 border-slate-400 bg-white dark:border-slate-500 dark:bg-slate-900"
            : stay.progress === "current"
              ? "bg-sky-600"
              : "bg-emerald-600 dark:bg-emerald-500"
        }`}
      />
      <h3 className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
          className="-mx-1.5 flex w-full flex-wrap items-center gap-x-2 gap-y-0.5 rounded px-1.5 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 12 12"
            className={`h-3 w-3 shrink-0 text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}
            fill="currentColor"
          >
            <path d="M4 2l5 4-5 4z" />
          </svg>
          <span className="text-xs font-semibold tracking-wide text-(--muted-text) uppercase">
            {title.kind}
          </span>
          <span className="font-semibold text-slate-900 dark:text-slate-100">{title.place}</span>
          <ProgressTag progress={stay.progress} />
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {stay.milestones.length} {stay.milestones.length === 1 ? "event" : "events"}
            {first?.at ? (
              <>
                {" · "}
                <DateTime iso={first.at} timeZone={first.place?.timeZone ?? null} />
                {last?.at && last !== first ? (
                  <>
                    {" – "}
                    <DateTime iso={last.at} timeZone={last.place?.timeZone ?? null} />
                  </>
                ) : null}
              </>
            ) : null}
          </span>
        </button>
      </h3>
      <ol id={listId} hidden={!open} aria-label={`Events at ${placeWords(stay.place)}`} className="mt-1">
        {rows.map((row) =>
          row.kind === "gap" ? (
            <li key={`gap-${row.from}`} className="py-1 pl-5">
              <button
                type="button"
                onClick={() => setShowAll(true)}
                className="rounded px-1.5 py-0.5 text-xs font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
              >
                Show {row.count} more {row.count === 1 ? "event" : "events"} at {placeWords(stay.place)}
              </button>
            </li>
          ) : (
            <MilestoneWithNow
              key={stay.milestones[row.index]!.key}
              milestone={stay.milestones[row.index]!}
              now={hereNow && stay.milestones[row.index] === lastHappened ? position : null}
            />
          ),
        )}
      </ol>
    </li>
  );
}

/** A milestone, followed by the "Now" row when it is the last thing that happened. */
function MilestoneWithNow({ milestone, now }: { milestone: Milestone; now: Position | null }) {
  return (
    <>
      <MilestoneRow milestone={milestone} />
      {now ? (
        <li className="relative py-1.5 pl-5">
          <Marker state="now" />
          <p className="rounded-md bg-sky-50 px-2 py-1 text-sm font-medium text-sky-950 dark:bg-sky-950/60 dark:text-sky-100">
            <span className="mr-1 font-semibold">Now:</span>
            <PositionSentence position={now} />
          </p>
        </li>
      ) : null}
    </>
  );
}

const STATE_WORDS = {
  done: "Done",
  planned: "Planned",
  carrier_only: "Carrier only",
} as const;

function MilestoneRow({ milestone: m }: { milestone: Milestone }) {
  const planned = m.state === "planned";
  return (
    <li className="relative grid gap-x-4 py-1.5 pl-5 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_auto]">
      <Marker state={m.state} />
      <div className={planned ? "text-slate-600 dark:text-slate-400" : "text-slate-900 dark:text-slate-100"}>
        <p className="text-sm">
          <span className={planned ? "italic" : "font-medium"}>{milestoneWords(m.name)}</span>
          {m.state === "done" ? <span className="sr-only"> (done)</span> : null}
          {m.state !== "done" ? (
            <span
              className={`ml-2 rounded px-1 py-px align-middle text-xs font-medium not-italic ${
                planned
                  ? "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                  : "bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100"
              }`}
              title={
                planned
                  ? "The shipping line's estimate: this has not happened yet."
                  : "The shipping line reports this, but it is not one of the movements tracked for the container."
              }
            >
              {STATE_WORDS[m.state]}
            </span>
          ) : null}
        </p>
        {m.vessel || m.voyage || m.terminal ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {[m.vessel?.name, m.voyage ? `voyage ${m.voyage}` : null, m.terminal].filter(Boolean).join(" · ")}
          </p>
        ) : null}
      </div>
      <div className="text-xs text-slate-600 sm:pt-0.5 dark:text-slate-400">
        {m.lines.map((line) => (
          <p key={line.id} className="break-words">
            <span className="sr-only">Carrier's wording: </span>
            <span className="font-mono text-[0.8rem]">“{line.text}”</span>
            {line.estimated && m.state === "done" ? <span> (earlier estimate)</span> : null}
          </p>
        ))}
      </div>
      <p className="text-sm whitespace-nowrap text-slate-800 sm:pt-0 sm:text-right dark:text-slate-200">
        {m.at ? (
          <>
            <span className="text-xs text-slate-500 dark:text-slate-400">{planned ? "Est. " : ""}</span>
            <DateTime iso={m.at} timeZone={m.place?.timeZone ?? null} />
          </>
        ) : (
          <span className="text-(--muted-text)">Time not known</span>
        )}
        <MilestoneSource milestone={m} />
      </p>
    </li>
  );
}

const MODE_ICONS: Record<Move["mode"], string> = {
  // A hull on the water, a rail car on its track, a truck.
  vessel: "M2 10h12l-2 3H4L2 10zm3-5h6v4H5V5zm2-3h2v3H7V2z",
  rail: "M4 2h8a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm1 2v3h6V4H5zM4 12h8l1 2H3l1-2z",
  road: "M1 4h9v6H1V4zm9 2h3l2 2v2h-5V6zM3 12a1.5 1.5 0 1 0 0 .01zm9 0a1.5 1.5 0 1 0 0 .01z",
};

function MoveItem({ move, count, journey }: { move: Move; count: number; journey: Journey }) {
  const now = journey.currentLeg === move.key && journey.position.kind === "moving";
  const start = move.departure?.at;
  const end = move.arrival?.at;
  const duration = start && end ? durationWords(start, end) : null;
  const details = [
    move.vessel?.name,
    move.voyage ? `voyage ${move.voyage}` : null,
    move.from || move.to ? `${placeWords(move.from)} → ${placeWords(move.to)}` : null,
    duration ? (move.progress === "done" ? duration : `about ${duration}`) : null,
  ].filter(Boolean);
  return (
    <li className={`relative ml-2.5 border-l-2 py-2 pl-6 ${rail(move.progress)}`}>
      <span
        aria-hidden="true"
        className={`absolute top-2 -left-[0.8125rem] flex h-6 w-6 items-center justify-center rounded-full ${
          now
            ? "bg-sky-600 text-white ring-4 ring-sky-200 dark:ring-sky-900"
            : move.progress === "done"
              ? "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-600/40 dark:bg-emerald-950 dark:text-emerald-300"
              : "bg-white text-slate-500 ring-1 ring-slate-300 dark:bg-slate-900 dark:text-slate-400 dark:ring-slate-600"
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor">
          <path d={MODE_ICONS[move.mode]} />
        </svg>
      </span>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{moveTitle(move, count)}</span>
        <ProgressTag progress={move.progress} />
        <span>{details.join(" · ")}</span>
      </p>
      {now ? (
        <p className="mt-1.5 rounded-md bg-sky-50 px-2 py-1 text-sm font-medium text-sky-950 dark:bg-sky-950/60 dark:text-sky-100">
          <span className="mr-1 font-semibold">Now:</span>
          <PositionSentence position={journey.position} />
        </p>
      ) : null}
    </li>
  );
}
