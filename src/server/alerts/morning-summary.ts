// A morning summary's contents: the Needs attention counts of the account (the same groups, by the service clock),
// the first rows of each container group, and a link to each filtered list, as an email in text and simple HTML.
// Nothing is mailed when nothing needs attention.
import { calendarDayIn } from "../../api/calendar-days";
import type { SummaryDays } from "../../api/people";
import { ATTENTION_STOP_REASONS, filterParamsOf, type ListFilters } from "../../api/triage";
import type { Db } from "../db/connection";
import { countContainers, listContainers } from "../db/containers";
import type { ListFilterSpec } from "../db/list-filters";
import { countShipments } from "../db/shipments";
import { countTrackingRequests } from "../db/tracking-requests";

/** The rows listed under each container group; the link lists them all. */
export const SUMMARY_ROWS = 5;

export interface SummaryGroup {
  /** "Last free day passed". */
  label: string;
  /** For the subject: "2 LFD passed". */
  short: string;
  count: number;
  /** The first rows (container number and last free day), for container groups. */
  rows: string[];
  /** The dashboard's path with the filters that list exactly what was counted. */
  path: string;
}

interface ContainerGroup {
  label: string;
  short: string;
  filters: ListFilters;
  spec: ListFilterSpec;
}

// The attention view's groups (GET /v2/containers/summary), each as its list's filters and the repository's spec.
const CONTAINER_GROUPS: ContainerGroup[] = [
  { label: "Last free day passed", short: "LFD passed", filters: { lfd: "passed" }, spec: { lfd: "passed" } },
  { label: "Last free day today", short: "LFD today", filters: { lfd: "today" }, spec: { lfd: "today" } },
  {
    label: "Last free day within 2 days",
    short: "LFD within 2 days",
    filters: { lfd: "within_2_days" },
    spec: { lfd: "within_2_days" },
  },
  { label: "On hold", short: "on hold", filters: { on_hold: "true" }, spec: { onHold: true } },
  {
    label: "Available for pickup",
    short: "available",
    filters: { available: "true" },
    spec: { available: true },
  },
  {
    label: "ETA moved more than 24 hours, not yet arrived",
    short: "ETA moved",
    filters: { eta_changed: "24", status: "new,on_ship" },
    spec: { etaChangedHours: 24, statuses: ["new", "on_ship"] },
  },
];

const pathOf = (list: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `/${list}?${query}` : `/${list}`;
};

/** The account's groups now (by the service clock), with the first rows of each container group. */
export async function summaryGroups(db: Db, accountId: string, now: Date): Promise<SummaryGroup[]> {
  const clock = { now };
  const containerGroups = await Promise.all(
    CONTAINER_GROUPS.map(async (group): Promise<SummaryGroup> => {
      const count = await countContainers(db, accountId, group.spec, clock);
      const rows =
        count === 0
          ? []
          : (
              await listContainers(
                db,
                accountId,
                group.spec,
                clock,
                [{ field: "last_free_day_at", descending: false }],
                {
                  number: 1,
                  size: SUMMARY_ROWS,
                },
              )
            ).records.map(({ container: c }) =>
              c.lastFreeDayAt
                ? `${c.number} · last free day ${calendarDayIn(c.lastFreeDayAt, c.lastFreeDayTimeZone)}`
                : c.number,
            );
      return {
        label: group.label,
        short: group.short,
        count,
        rows,
        path: pathOf("containers", filterParamsOf(group.filters)),
      };
    }),
  );
  const reasons = ATTENTION_STOP_REASONS.join(",");
  const [failed, stopped] = await Promise.all([
    countTrackingRequests(db, accountId, { statuses: ["failed"] }),
    countShipments(db, accountId, { trackingStoppedReasons: [...ATTENTION_STOP_REASONS] }, clock),
  ]);
  return [
    ...containerGroups,
    {
      label: "Tracking requests that failed",
      short: "requests failed",
      count: failed,
      rows: [],
      path: pathOf("tracking-requests", { status: "failed" }),
    },
    {
      label: "Shipments whose tracking the line stopped",
      short: "stopped by the line",
      count: stopped,
      rows: [],
      path: pathOf("shipments", filterParamsOf({ tracking_stopped_reason: reasons })),
    },
  ];
}

export interface SummaryEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface SummaryReader {
  name: string;
  accountName: string;
  /** The local date it is for (YYYY-MM-DD), and the settings it came by. */
  date: string;
  time: string;
  timeZone: string;
  days: SummaryDays;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** "Mon 30 Nov": the day as the person's calendar has it. */
function dayWords(date: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

/** The email, or undefined when nothing needs attention (no summary is sent then). */
export function summaryEmail(
  groups: SummaryGroup[],
  reader: SummaryReader,
  publicUrl: string,
): SummaryEmail | undefined {
  const shown = groups.filter((g) => g.count > 0);
  if (shown.length === 0) return undefined;
  const base = publicUrl.replace(/\/+$/, "");
  const day = dayWords(reader.date);
  const subject = `Morning summary, ${day}: ${shown.map((g) => `${g.count} ${g.short}`).join(", ")}`;
  const greeting = `Good morning${reader.name ? `, ${reader.name.split(" ")[0]}` : ""}. What needs attention in ${reader.accountName} on ${day}:`;
  const settings = `${base}/settings/alerts`;
  const why = `You get this summary at ${reader.time} (${reader.timeZone}) ${reader.days === "weekdays" ? "on weekdays" : "every day"}, when something needs attention. Change or stop it: ${settings}`;
  const text = [
    greeting,
    "",
    ...shown.flatMap((g) => [
      `${g.label}: ${g.count}`,
      ...g.rows.map((row) => `  ${row}`),
      ...(g.count > g.rows.length && g.rows.length > 0 ? [`  and ${g.count - g.rows.length} more`] : []),
      `  See ${g.count === 1 ? "it" : `all ${g.count}`}: ${base}${g.path}`,
      "",
    ]),
    why,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(
    `Morning summary, ${day}`,
  )}</h1><p>${escapeHtml(greeting)}</p>${shown
    .map(
      (g) =>
        `<h2 style="font-size:15px">${escapeHtml(g.label)}: ${g.count}</h2>${
          g.rows.length > 0 ? `<ul>${g.rows.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>` : ""
        }<p><a href="${escapeHtml(`${base}${g.path}`)}">See ${g.count === 1 ? "it" : `all ${g.count}`}</a></p>`,
    )
    .join(
      "",
    )}<p style="color:#555">${escapeHtml(why.replace(/ Change or stop it: .*$/, ""))} <a href="${escapeHtml(
    settings,
  )}">Change or stop it</a>.</p></body></html>`;
  return { subject, text, html, links: [...shown.map((g) => `${base}${g.path}`), settings] };
}
