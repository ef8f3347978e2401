// Settings → Alerts → Morning summary: whether the person gets one, at what local time, in which zone, every day or
// on weekdays, and when the next is due. The service sends it only when something needs attention.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId } from "react";
import type { MorningSummary, SummaryDays } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { ChangedElsewhere } from "../../components/changed-elsewhere";
import { DateTime } from "../../components/date-time";
import { inputClass as fieldClass, labelClass } from "../../components/form-field";
import { meQuery } from "../../lib/actor";
import { useSession } from "../../lib/session";
import { useSavedFormState } from "../../lib/use-saved-form-state";
import { useSaveMySettings } from "./queries";
import { TimeOfDayField } from "./time-of-day-field";

/** The dashboard's field, a little below its label. */
const inputClass = `mt-1 block ${fieldClass}`;

/** This browser's zone: what a summary comes by until the person picks another. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zones to choose from: the runtime's IANA list, with the one set kept even if the list lacks it. */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

function SummaryForm({ summary }: { summary: MorningSummary }) {
  const id = useId();
  const save = useSaveMySettings();
  // The settings the person edits (not when the next summary is due, which moves as summaries are sent).
  const saved = { enabled: summary.enabled, time: summary.time, zone: summary.time_zone, days: summary.days };
  const form = useSavedFormState(saved, (s) => ({ ...s, zone: s.zone ?? browserTimeZone() }));
  const { enabled, time, zone, days } = form.state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ morning_summary: { enabled, time, time_zone: zone, days } }, { onSuccess: form.settle });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Morning summary
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        What needs attention in the account, by email at your time: the counts of Needs attention, the first
        containers of each, and links to the lists. Not sent when nothing needs attention.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => form.edit({ enabled: e.target.checked })} />{" "}
        Send me a morning summary
      </label>
      <div className="grid gap-4 sm:grid-cols-3">
        <TimeOfDayField
          id={`${id}-time`}
          label="Time"
          value={time}
          disabled={!enabled}
          onChange={(next) => form.edit({ time: next })}
        />
        <div>
          <label htmlFor={`${id}-zone`} className={labelClass}>
            Time zone
          </label>
          <select
            id={`${id}-zone`}
            className={inputClass}
            value={zone}
            disabled={!enabled}
            onChange={(e) => form.edit({ zone: e.target.value })}
          >
            {zonesWith(zone).map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-days`} className={labelClass}>
            Days
          </label>
          <select
            id={`${id}-days`}
            className={inputClass}
            value={days}
            disabled={!enabled}
            onChange={(e) => form.edit({ days: e.target.value as SummaryDays })}
          >
            <option value="daily">Every day</option>
            <option value="weekdays">Monday to Friday</option>
          </select>
        </div>
      </div>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {summary.next_at ? (
          <>
            Next summary: <DateTime iso={summary.next_at} timeZone={summary.time_zone} />
          </>
        ) : summary.enabled ? (
          "No summary is scheduled until a time zone is saved."
        ) : (
          "Morning summaries are off."
        )}
      </p>
      {form.changedElsewhere ? (
        <ChangedElsewhere what="Your morning summary settings" onTakeSaved={form.takeSaved} />
      ) : null}
      {save.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {save.error.message}
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary")} disabled={save.isPending}>
        Save summary
      </button>
    </form>
  );
}

/** The form, once the person is known (an API key has no summary: the page says why elsewhere). */
export function MorningSummarySection() {
  const { data } = useQuery(meQuery());
  const summary = data?.data.attributes.morning_summary;
  if (!summary) return null;
  return (
    <section className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <SummaryForm summary={summary} />
    </section>
  );
}

/**
 * Sets the summary's zone to this browser's the first time a person signs in (the service cannot know it): renders
 * nothing. Until then no summary is scheduled.
 */
export function SummaryZoneFromBrowser() {
  // Only a person has a summary: a tab signed in with a key asks nothing.
  const session = useSession();
  const { data } = useQuery({ ...meQuery(), enabled: session?.kind === "person" });
  const save = useSaveMySettings();
  const unknown = data?.data.attributes.morning_summary?.time_zone === null;
  const { mutate, isIdle } = save;
  useEffect(() => {
    if (unknown && isIdle) mutate({ morning_summary: { time_zone: browserTimeZone() } });
  }, [unknown, isIdle, mutate]);
  return null;
}
