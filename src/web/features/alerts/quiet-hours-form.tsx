// Settings → Alerts → Quiet hours: a time of day when alert emails wait (the bell does not), to come as one email
// when it ends; in the zone of the morning summary.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { QuietHours } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { meQuery } from "../../lib/actor";
import { useSaveMySettings } from "./queries";
import { TimeOfDayField } from "./time-of-day-field";

function QuietForm({ quiet, timeZone }: { quiet: QuietHours | null; timeZone: string | null }) {
  const id = useId();
  const save = useSaveMySettings();
  const [on, setOn] = useState(quiet !== null);
  const [start, setStart] = useState(quiet?.start ?? "22:00");
  const [end, setEnd] = useState(quiet?.end ?? "07:00");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ quiet_hours: on ? { start, end } : null });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Quiet hours
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Hold alert mail
        during quiet hours
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <TimeOfDayField id={`${id}-start`} label="From" value={start} disabled={!on} onChange={setStart} />
        <TimeOfDayField id={`${id}-end`} label="Until" value={end} disabled={!on} onChange={setEnd} />
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {quiet
          ? `Alert emails from ${quiet.start} until ${quiet.end}${timeZone ? ` (${timeZone})` : ""} wait, and come as one email when quiet hours end. The bell still shows them.`
          : "No quiet hours: alert emails come as they happen."}
      </p>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {save.error.message}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
        Save quiet hours
      </button>
    </form>
  );
}

/** The form, once the person is known; keyed by what is saved, so that it starts again from the answer. */
export function QuietHoursSection() {
  const { data } = useQuery(meQuery());
  const attributes = data?.data.attributes;
  if (!attributes?.morning_summary) return null;
  const quiet = attributes.quiet_hours ?? null;
  return (
    <section className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <QuietForm key={JSON.stringify(quiet)} quiet={quiet} timeZone={attributes.morning_summary.time_zone} />
    </section>
  );
}
