// The pickup answer at the top of the container page, under "Where is it now?": the verdict in one line
// ("Can I pick it up? No: on hold: customs"), the holds and the last free day, with a link to the full panel,
// so that a phone shows the answer without scrolling past the timeline.
import type { Container } from "../../../api/containers";
import { hasLeftTerminal, lastFreeDays, pickupHeadline, urgentDeadline } from "../../../api/pickup";
import { DeadlineDay } from "../../components/container-facts";
import { useServiceNow } from "../../lib/service-clock";
import { VERDICT_STYLE } from "./pickup-panel";

export function PickupSummary({ container, panelId }: { container: Container; panelId: string }) {
  const a = container.attributes;
  const now = useServiceNow();
  const { verdict, text } = pickupHeadline(a);
  const deadline = urgentDeadline(a, now) ?? lastFreeDays(a, now)[0];
  const holds = a.holds_at_pod_terminal;
  return (
    <div className="mt-3 border-t border-sky-200 pt-3 dark:border-sky-900">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900 dark:text-slate-50">Can I pick it up?</span>
        <span className={`rounded-md border px-2 py-0.5 font-semibold ${VERDICT_STYLE[verdict]}`}>
          {text}
        </span>
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <dt className="text-slate-600 dark:text-slate-400">Holds</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">
            {holds.length === 0
              ? "None"
              : holds.map((h) => `${h.name} (${h.status === "hold" ? "on hold" : "pending"})`).join(", ")}
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <dt className="text-slate-600 dark:text-slate-400">
            Last free day
            {deadline && deadline.label !== "Last free day" ? ` (${deadline.label.toLowerCase()})` : ""}
          </dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">
            {deadline ? (
              <DeadlineDay iso={deadline.iso} timeZone={deadline.timeZone} settled={hasLeftTerminal(a)} />
            ) : (
              "Not set"
            )}
          </dd>
        </div>
      </dl>
      <a
        href={`#${panelId}`}
        className="mt-2 inline-block text-sm font-medium text-sky-800 hover:underline dark:text-sky-300"
      >
        Fees, appointment and terminal
      </a>
    </div>
  );
}
