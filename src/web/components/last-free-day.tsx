// A container's last free day wherever a list shows one: the effective day (`last_free_day_at`: the deadline that
// applies where the box is now, src/api/last-free-day.ts) with how far it is ("in 2 days", "today", "passed 3
// days"), counted in its place's time zone against the service's clock, and a button (hover, tap or keyboard) that
// shows the terminal's, the line's and the rail's dates. Only a box still waiting is toned as urgent.
import type { Container } from "../../api/containers";
import { LAST_FREE_DAY_SOURCE_WORDS } from "../../api/last-free-day";
import { hasLeftTerminal } from "../../api/pickup";
import { calendarDaysFrom, formatDay, relativeDayWords, safeTimeZone, zoneAbbreviation } from "../lib/format";
import { useServiceNow } from "../lib/service-clock";
import { Popover } from "./popover";

const muted = "text-(--muted-text)";

/** The look of a deadline `days` away: passed and today in red, the next two days in amber. */
export function lfdTone(days: number): "overdue" | "soon" | "later" {
  if (days <= 0) return "overdue";
  if (days <= 2) return "soon";
  return "later";
}

const TONE_STYLE = {
  overdue: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  soon: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  later: "",
} as const;

/** The day and how far it is, toned by urgency, as both forms below show them. */
function DayAndWords({
  iso,
  timeZone,
  settled,
  now,
  dotted = false,
}: {
  iso: string;
  timeZone: string | null;
  settled: boolean;
  now: Date;
  /** Underlined with dots: a button that shows more. */
  dotted?: boolean;
}) {
  const days = calendarDaysFrom(iso, timeZone, now);
  return (
    <>
      <time
        dateTime={iso}
        className={`whitespace-nowrap ${dotted ? "underline decoration-dotted underline-offset-2" : ""}`}
      >
        {formatDay(iso, timeZone, now)}
      </time>
      <span className={`text-xs ${settled ? muted : "font-semibold"}`} data-lfd-days={days}>
        {settled ? "picked up" : relativeDayWords(days)}
      </span>
    </>
  );
}

const frame = "-mx-1.5 inline-flex flex-col items-start rounded px-1.5 py-0.5 text-left";

/** A last free day without its sources (a shipment's: the earliest of its waiting containers'). */
export function LastFreeDayOn({ iso, timeZone }: { iso: string | null; timeZone: string | null }) {
  const now = useServiceNow();
  if (!iso) return <span className={muted}>Not set</span>;
  return (
    <span className={`${frame} ${TONE_STYLE[lfdTone(calendarDaysFrom(iso, timeZone, now))]}`}>
      <DayAndWords iso={iso} timeZone={timeZone} settled={false} now={now} />
    </span>
  );
}

/** A container's last free day, with a button that shows the terminal's, the line's and the rail's dates. */
export function LastFreeDay({ container }: { container: Container }) {
  // "Today" and "passed" by the service's clock, whose days its lists and filters count too.
  const now = useServiceNow();
  const a = container.attributes;
  const lfd = a.last_free_day_at;
  if (!lfd) return <span className={muted}>Not set</span>;
  const zone = a.last_free_day_timezone ?? a.pod_timezone;
  const settled = hasLeftTerminal(a);
  const days = calendarDaysFrom(lfd, zone, now);
  const words = settled ? "picked up" : relativeDayWords(days);
  // A box not yet there (or already gone) raises no alarm, whatever the day.
  const tone = a.awaiting_pickup ? lfdTone(days) : "later";
  const day = formatDay(lfd, zone, now);
  const zoneName = safeTimeZone(zone);
  const { pickup_lfd_terminal: terminal, pickup_lfd_line: line, pickup_lfd_rail: rail } = a.import_deadlines;
  const facility = a.ind_facility_lfd_on !== rail ? a.ind_facility_lfd_on : null;
  const dates = [
    { name: "Terminal", at: terminal },
    { name: "Line", at: line },
    { name: "Rail", at: rail },
    { name: "Inland facility", at: facility },
  ].filter((d): d is { name: string; at: string } => d.at !== null);
  const place = a.last_free_day_source === "rail" ? "inland destination" : "port";

  return (
    <Popover
      hover
      label={`Last free day ${day}, ${words}: show the terminal's and the line's dates`}
      panelLabel={`Last free days of ${a.number}`}
      // Above a row link stretched over the row, so that hovering or tapping the day opens its dates.
      triggerClassName={`relative z-10 ${frame} ${TONE_STYLE[tone]}`}
      trigger={<DayAndWords iso={lfd} timeZone={zone} settled={settled} now={now} dotted />}
    >
      <p className="mb-2 font-medium">
        {a.last_free_day_source
          ? `Applies where it is now: the ${LAST_FREE_DAY_SOURCE_WORDS[a.last_free_day_source]}'s`
          : "Last free day, as given by"}
      </p>
      <dl className="grid w-max grid-cols-[auto_auto] gap-x-4 gap-y-1">
        {dates.map((d) => (
          <div key={d.name} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{d.name}</dt>
            <dd>
              <time dateTime={d.at} className={d.at === lfd ? "font-semibold" : ""}>
                {formatDay(
                  d.at,
                  d.name === "Rail" || d.name === "Inland facility"
                    ? (a.final_destination_timezone ?? a.pod_timezone)
                    : a.pod_timezone,
                  now,
                )}
              </time>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
        Days in {zoneName === "UTC" ? "UTC" : `${zoneName} (${zoneAbbreviation(new Date(lfd), zoneName)})`},
        the {place}'s time zone.
      </p>
    </Popover>
  );
}
