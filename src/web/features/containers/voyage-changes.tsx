// "Voyage changes": what the line changed of the box's voyage after we first saw its plan (a roll, a missed
// connection, a vessel swap, a port call; src/api/voyage-exceptions.ts), newest first, in the words and the port
// calendar a coordinator replans by. Shown only when there is one: most boxes sail as booked.
import { useQuery } from "@tanstack/react-query";
import {
  exceptionTimeZone,
  isRecentException,
  VOYAGE_EXCEPTION_WORDS,
  type VoyageException,
} from "../../../api/voyage-exceptions";
import { DateTime } from "../../components/date-time";
import { serviceNow } from "../../lib/service-clock";
import { voyageExceptionsQuery } from "./queries";

/** The summary after its kind's name, which the item's heading already says ("At Shanghai: was …"). */
export function withoutLabel(summary: string, label: string): string {
  if (!summary.startsWith(label)) return summary;
  const rest = summary.slice(label.length).replace(/^:?\s*/, "");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function Change({ exception }: { exception: VoyageException }) {
  const a = exception.attributes;
  const zone = exceptionTimeZone(a);
  const recent = isRecentException(a.detected_at, serviceNow());
  return (
    <li className="py-2">
      <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        <span>{VOYAGE_EXCEPTION_WORDS[a.kind].label}</span>
        {recent ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            Last 7 days
          </span>
        ) : null}
      </p>
      <p className="mt-0.5 text-sm text-slate-800 dark:text-slate-200">
        {withoutLabel(a.summary, VOYAGE_EXCEPTION_WORDS[a.kind].label)}
      </p>
      <p className="mt-0.5 text-xs text-(--muted-text)">
        Seen <DateTime iso={a.detected_at} timeZone={zone} />
      </p>
    </li>
  );
}

export function VoyageChanges({ containerId }: { containerId: string }) {
  const { data } = useQuery(voyageExceptionsQuery(containerId));
  const changes = data?.data ?? [];
  if (changes.length === 0) return null;
  return (
    <section
      aria-labelledby="voyage-changes-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="voyage-changes-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        Voyage changes
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        The line changed this box's voyage after booking: trucks, appointments and the customer's date built
        on the old one need another look.
      </p>
      <ul className="mt-2 divide-y divide-amber-200 dark:divide-amber-900">
        {changes.map((x) => (
          <Change key={x.id} exception={x} />
        ))}
      </ul>
    </section>
  );
}
