// Settings → Alerts → Quiet hours: a time of day when alert emails wait (the bell does not), to come as one email
// when it ends; in the zone of the morning summary.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import type { QuietHours } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { ChangedElsewhere } from "../../components/changed-elsewhere";
import { meQuery } from "../../lib/actor";
import { useSavedFormState } from "../../lib/use-saved-form-state";
import { useSaveMySettings } from "./queries";
import { TimeOfDayField } from "./time-of-day-field";

function QuietForm({ quiet, timeZone }: { quiet: QuietHours | null; timeZone: string | null }) {
  const id = useId();
  const save = useSaveMySettings();
  const form = useSavedFormState(quiet, (saved) => ({
    on: saved !== null,
    start: saved?.start ?? "22:00",
    end: saved?.end ?? "07:00",
  }));
  const { on, start, end } = form.state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ quiet_hours: on ? { start, end } : null }, { onSuccess: form.settle });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Quiet hours
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={on} onChange={(e) => form.edit({ on: e.target.checked })} /> Hold
        alert mail during quiet hours
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <TimeOfDayField
          id={`${id}-start`}
          label="From"
          value={start}
          disabled={!on}
          onChange={(next) => form.edit({ start: next })}
        />
        <TimeOfDayField
          id={`${id}-end`}
          label="Until"
          value={end}
          disabled={!on}
          onChange={(next) => form.edit({ end: next })}
        />
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {quiet
          ? `Alert emails from ${quiet.start} until ${quiet.end}${timeZone ? ` (${timeZone})` : ""} wait, and come as one email when quiet hours end. The bell still shows them.`
          : "No quiet hours: alert emails come as they happen."}
      </p>
      {form.changedElsewhere ? (
        <ChangedElsewhere what="Your quiet hours" onTakeSaved={form.takeSaved} />
      ) : null}
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

/** The form, once the person is known. */
export function QuietHoursSection() {
  const { data } = useQuery(meQuery());
  const attributes = data?.data.attributes;
  if (!attributes?.morning_summary) return null;
  const quiet = attributes.quiet_hours ?? null;
  return (
    <section className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <QuietForm quiet={quiet} timeZone={attributes.morning_summary.time_zone} />
    </section>
  );
}
