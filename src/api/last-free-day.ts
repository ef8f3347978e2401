// The effective last free day: the one deadline that applies where a container is now, and whether the box is
// still waiting there. One rule for both programs (the dashboard, the MCP answers) and the one the service's
// stored columns compute in SQL (the containers' last_free_day_at, last_free_day_source, last_free_day_time_zone
// and awaiting_pickup, migration 0020): lists, filters, sorts, counts and exports all read it, and a service test
// checks the SQL against this module case by case.
//
// - At the port of discharge (on the ship, at the terminal, waiting there for its rail move) the terminal's and
//   the line's last free days apply: the earlier of the two. A carrier that reports only an inland facility's day
//   for a box that shows no rail move yet has that day applied, rather than none.
// - Once the box has left the port by rail (rail departed, on rail, arrived or unloaded inland, or out of the
//   inland facility), the rail or inland facility's day applies (the earlier of `pickup_lfd_rail` and
//   `ind_facility_lfd_on`), counted in the inland destination's time zone; the port's days are history.
// - A box is waiting while it sits where that day runs and has not left: discharged (or arrived) at the terminal
//   and not out full, or arrived at the inland facility and not out full there. Only waiting boxes raise an
//   alarm: a shipment's last free day is the earliest of its waiting boxes' days.
import type { ContainerAttributes } from "./containers";

export type LastFreeDaySource = "terminal" | "line" | "rail";

/** What the rule reads of a container: the hosted API's attributes. */
export type LastFreeDayFacts = Pick<
  ContainerAttributes,
  | "current_status"
  | "pod_arrived_at"
  | "pod_discharged_at"
  | "pod_full_out_at"
  | "final_destination_full_out_at"
  | "empty_terminated_at"
  | "pod_rail_departed_at"
  | "ind_ata_at"
  | "ind_rail_unloaded_at"
  | "ind_facility_lfd_on"
  | "import_deadlines"
  | "pod_timezone"
  | "final_destination_timezone"
>;

export interface EffectiveLastFreeDay {
  /** The day (an instant: its start in the place's zone), or null when no day applies where the box is. */
  at: string | null;
  source: LastFreeDaySource | null;
  /** The zone whose calendar counts the day: the port's, or the inland destination's once the box went inland. */
  timeZone: string | null;
  /** The box is still where its last free day runs, not yet picked up: only then is a passed day an alarm. */
  awaitingPickup: boolean;
}

/** Statuses of a box still at the port of discharge (or on the ship there) that has not left it. */
const AT_PORT_STATUSES: readonly string[] = [
  "new",
  "on_ship",
  "available",
  "not_available",
  "grounded",
  "awaiting_inland_transfer",
];

/** Statuses of a box that has arrived at its inland facility and waits there. */
const AT_INLAND_STATUSES: readonly string[] = ["available", "not_available", "grounded"];

/** The box has left the port of discharge by rail (or shows it has reached the inland facility). */
export function hasGoneInland(a: LastFreeDayFacts): boolean {
  return (
    a.pod_rail_departed_at !== null ||
    a.ind_ata_at !== null ||
    a.ind_rail_unloaded_at !== null ||
    a.final_destination_full_out_at !== null ||
    a.current_status === "on_rail"
  );
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The earlier of two days, with its source; ties go to the first. */
function earlier(
  a: [LastFreeDaySource, string | null],
  b: [LastFreeDaySource, string | null],
): [LastFreeDaySource, string] | null {
  const [, first] = a;
  const [, second] = b;
  if (first === null && second === null) return null;
  if (second === null || (first !== null && (time(first) ?? 0) <= (time(second) ?? 0))) {
    return [a[0], first as string];
  }
  return [b[0], second];
}

export function effectiveLastFreeDay(a: LastFreeDayFacts): EffectiveLastFreeDay {
  const deadlines = a.import_deadlines;
  const inlandDay = earlier(["rail", deadlines.pickup_lfd_rail], ["rail", a.ind_facility_lfd_on]);
  const inlandZone = a.final_destination_timezone ?? a.pod_timezone;
  if (hasGoneInland(a)) {
    const awaiting =
      (a.ind_ata_at !== null || a.ind_rail_unloaded_at !== null) &&
      a.final_destination_full_out_at === null &&
      a.empty_terminated_at === null &&
      AT_INLAND_STATUSES.includes(a.current_status);
    return {
      at: inlandDay?.[1] ?? null,
      source: inlandDay ? "rail" : null,
      timeZone: inlandDay ? inlandZone : null,
      awaitingPickup: awaiting,
    };
  }
  const portDay = earlier(["terminal", deadlines.pickup_lfd_terminal], ["line", deadlines.pickup_lfd_line]);
  const awaiting =
    (a.pod_discharged_at ?? a.pod_arrived_at) !== null &&
    a.pod_full_out_at === null &&
    a.empty_terminated_at === null &&
    AT_PORT_STATUSES.includes(a.current_status);
  const day = portDay ?? inlandDay;
  return {
    at: day?.[1] ?? null,
    source: day?.[0] ?? null,
    timeZone: day === null ? null : portDay ? a.pod_timezone : inlandZone,
    awaitingPickup: awaiting,
  };
}

/** Words for a source, as the dashboard and the MCP answers name it. */
export const LAST_FREE_DAY_SOURCE_WORDS: Record<LastFreeDaySource, string> = {
  terminal: "terminal",
  line: "shipping line",
  rail: "rail / inland facility",
};
