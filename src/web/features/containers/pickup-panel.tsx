// "Can I pick it up?": the verdict first, then availability, last free days by source, holds, fees, the pickup
// appointment and where the box is at the terminal; a warning when a last free day is today, tomorrow or past.
import type { ReactNode } from "react";
import type { Container } from "../../../api/containers";
import {
  type Deadline,
  hasLeftTerminal,
  lastFreeDays,
  pickupVerdict,
  urgentDeadline,
  VERDICT_WORDS,
  type Verdict,
} from "../../../api/pickup";
import type { Terminal } from "../../../api/reference";
import { Availability, DeadlineDay, Fees } from "../../components/container-facts";
import { DateTime } from "../../components/date-time";
import { formatDay } from "../../lib/format";
import { useServiceNow } from "../../lib/service-clock";

const muted = "text-(--muted-text)";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-2">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

export const VERDICT_STYLE: Record<Verdict, string> = {
  yes: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-50",
  no: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-50",
  not_yet:
    "border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100",
  gone: "border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100",
  unknown:
    "border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100",
};

/** "The terminal's last free day was Fri 20 Nov: storage charges may be running." */
function deadlineWarning(deadline: Deadline): string {
  const day = formatDay(deadline.iso, deadline.timeZone);
  const whose = deadline.label === "Last free day" ? "The" : `The ${deadline.label.toLowerCase()}'s`;
  if (deadline.urgency === "past") {
    return `${whose} last free day was ${day}: it has passed, so storage charges may already be running.`;
  }
  if (deadline.urgency === "today")
    return `${whose} last free day is today, ${day}: pick the container up today.`;
  return `${whose} last free day is tomorrow, ${day}.`;
}

export function PickupPanel({
  container,
  terminal,
  pickupFacility,
}: {
  container: Container;
  terminal: Terminal | undefined;
  pickupFacility: Terminal | undefined;
}) {
  const a = container.attributes;
  const { verdict, reason } = pickupVerdict(a);
  const now = useServiceNow();
  const warning = urgentDeadline(a, now);
  const deadlines = lastFreeDays(a, now);
  const settled = hasLeftTerminal(a);
  return (
    <section
      aria-labelledby="pickup-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="pickup-heading"
        className="scroll-mt-20 text-base font-semibold text-slate-900 dark:text-slate-100"
      >
        Can I pick it up?
      </h2>
      <p className={`mt-3 rounded-md border px-3 py-2 text-sm ${VERDICT_STYLE[verdict]}`}>
        <span className="mr-1.5 text-base font-semibold">{VERDICT_WORDS[verdict]}.</span>
        {reason}
      </p>
      {warning ? (
        <div
          role="alert"
          className={`mt-3 flex gap-2 rounded-md border px-3 py-2 text-sm font-medium ${
            warning.urgency === "tomorrow"
              ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-50"
              : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/50 dark:text-red-50"
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
            <path d="M8 1l7 13H1L8 1zm-.75 5v4h1.5V6h-1.5zm0 5v1.5h1.5V11h-1.5z" />
          </svg>
          <span>{deadlineWarning(warning)}</span>
        </div>
      ) : null}
      <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        <Fact term="Availability">
          <Availability container={container} />
        </Fact>
        <Fact term="Last free day">
          {deadlines.length === 0 ? (
            <span className={muted}>Not set</span>
          ) : (
            <ul className="space-y-1.5">
              {deadlines.map((d) => (
                <li key={d.source} className="flex flex-wrap items-start gap-x-2">
                  <span className={`w-24 shrink-0 ${muted}`}>{d.label}</span>
                  <DeadlineDay iso={d.iso} timeZone={d.timeZone} settled={settled} />
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Holds">
          {a.holds_at_pod_terminal.length === 0 ? (
            <span className={muted}>None</span>
          ) : (
            <ul className="space-y-1">
              {a.holds_at_pod_terminal.map((hold) => (
                <li key={hold.name}>
                  <span
                    className={`font-medium ${hold.status === "hold" ? "text-red-800 dark:text-red-300" : "text-amber-800 dark:text-amber-300"}`}
                  >
                    {hold.name}
                  </span>{" "}
                  <span className={`text-xs ${muted}`}>
                    ({hold.status === "hold" ? "on hold" : "pending"})
                  </span>
                  {hold.description ? <span className="block text-xs">{hold.description}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Fees">
          <Fees container={container} />
        </Fact>
        <Fact term="Pickup appointment">
          {a.pickup_appointment_at ? (
            <DateTime iso={a.pickup_appointment_at} timeZone={a.pod_timezone} />
          ) : (
            <span className={muted}>None booked</span>
          )}
        </Fact>
        <Fact term="Location at terminal">
          {a.location_at_pod_terminal ?? <span className={muted}>Not reported</span>}
        </Fact>
        <Fact term="Terminal">
          <TerminalName terminal={terminal} />
        </Fact>
        {pickupFacility && pickupFacility.id !== terminal?.id ? (
          <Fact term="Pickup facility">
            <TerminalName terminal={pickupFacility} />
          </Fact>
        ) : null}
        <Fact term="Terminal checked">
          {a.terminal_checked_at ? (
            <DateTime iso={a.terminal_checked_at} timeZone={a.pod_timezone} />
          ) : (
            <span className={muted}>Not yet</span>
          )}
          {/* The source of the dates above: the last free days name theirs, the rest are the terminal's. */}
          <span className={`block text-xs ${muted}`}>
            Availability, holds, fees, the appointment and the location are{" "}
            {terminal ? `${terminal.attributes.name}'s` : "the terminal's"} own.
          </span>
        </Fact>
      </dl>
    </section>
  );
}

function TerminalName({ terminal }: { terminal: Terminal | undefined }) {
  if (!terminal) return <span className={muted}>Not known</span>;
  const { name, nickname, firms_code: firms } = terminal.attributes;
  return (
    <>
      {name}
      {nickname && nickname !== name ? <span className={muted}> ({nickname})</span> : null}
      <span className="block text-xs">
        Firms code:{" "}
        {firms ? <span className="font-mono font-medium">{firms}</span> : <span className={muted}>none</span>}
      </span>
    </>
  );
}
