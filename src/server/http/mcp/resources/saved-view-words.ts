// A saved view's search in plain words, for an assistant to read and repeat: "containers whose last free day is
// within 2 days, sorted by last free day, latest first". Covers every key a view may hold (src/api/saved-views.ts);
// the columns only change how the dashboard shows the list, so they are not said.
import {
  CUSTOM_FIELD_FILTER_KEY,
  cleanSavedViewSearch,
  filterNameOf,
  type SavedViewList,
} from "../../../../api/saved-views";
import { type ListFilterName, sortKeysOf } from "../../../../api/triage";

const spaced = (value: string) => value.replaceAll("_", " ");
/** The table's words for a value a client saved, or the value spaced: never a name every object has (toString). */
const wordsOr = (table: Record<string, string>, value: string) =>
  Object.hasOwn(table, value) ? table[value] : spaced(value);
const anyOf = (value: string) =>
  value
    .split(",")
    .map((part) => spaced(part.trim()))
    .filter((part) => part !== "")
    .join(" or ");
const yes = (value: string) => value === "true";
const LFD_WINDOWS: Record<string, string> = {
  passed: "passed",
  today: "today",
  within_2_days: "within 2 days",
};

const FILTER_WORDS: Record<ListFilterName, (value: string) => string> = {
  status: (v) => `status ${anyOf(v)}`,
  phase: (v) => `now ${anyOf(v)}`,
  on_hold: (v) => (yes(v) ? "on hold" : "not on hold"),
  hold: (v) => `a ${anyOf(v)} hold on`,
  available: (v) => (yes(v) ? "available for pickup" : "not available for pickup"),
  lfd: (v) => `last free day ${wordsOr(LFD_WINDOWS, v)}`,
  lfd_before: (v) => `last free day before ${v}`,
  lfd_after: (v) => `last free day on or after ${v}`,
  eta_before: (v) => `ETA at the port of discharge before ${v}`,
  eta_after: (v) => `ETA at the port of discharge on or after ${v}`,
  arriving_within_days: (v) => `arriving at the port of discharge within ${v} days`,
  port_of_discharge: (v) => `port of discharge ${anyOf(v)}`,
  shipping_line: (v) => `shipping line ${anyOf(v)}`,
  vessel: (v) => `vessel ${anyOf(v)}`,
  tags: (v) => `tagged ${anyOf(v)}`,
  customer: (v) => `customer ${v}`,
  tracking_stopped: (v) => (yes(v) ? "tracking stopped" : "still tracked"),
  tracking_stopped_reason: (v) => `tracking stopped because ${anyOf(v)}`,
  eta_changed: (v) => `ETA moved by more than ${v} hours`,
  predicted_late: (v) => `predicted more than ${v} hours later than the line's ETA`,
  expected_missing: (v) => `expected news missing: ${anyOf(v)}`,
  voyage_exception: (v) => `voyage changed in the last 7 days: ${anyOf(v)}`,
  detention: (v) =>
    v === "running"
      ? "out full, empty not yet returned"
      : `empty return deadline ${v === "due_soon" ? "within 2 days" : v}`,
  charges: () => "demurrage or detention charged or starting within 2 days",
};

const SORT_WORDS: Record<string, string> = {
  next_arrival: "next arrival at the port of discharge",
  pod_eta_at: "ETA at the port of discharge",
  pod_ata_at: "arrival at the port of discharge",
  destination_eta_at: "ETA at the destination",
  destination_ata_at: "arrival at the destination",
  pol_etd_at: "ETD from the port of lading",
  pol_atd_at: "departure from the port of lading",
  last_free_day_at: "last free day",
  created_at: "when tracking began",
  updated_at: "last update",
  bill_of_lading_number: "bill of lading number",
  pod_discharged_at: "discharge",
  available_for_pickup: "availability for pickup",
  number: "container number",
};

/** "Containers with last free day within 2 days; sorted by last free day, latest first." */
export function savedViewWords(list: SavedViewList, search: Readonly<Record<string, string>>): string {
  const cleaned = cleanSavedViewSearch(search);
  const conditions: string[] = [];
  for (const [key, value] of Object.entries(cleaned)) {
    const filter = filterNameOf(key);
    // On the shipments list the tracking choice, not the filter, says whether tracking stopped (as on the page).
    if (filter && !(list === "shipments" && filter === "tracking_stopped")) {
      conditions.push(FILTER_WORDS[filter](value));
    }
    const slug = CUSTOM_FIELD_FILTER_KEY.exec(key)?.[1];
    if (slug) conditions.push(`custom field ${slug} ${value.split(",").join(" or ")}`);
  }
  if (list === "shipments" && cleaned.tracking === "stopped") conditions.push("tracking stopped");
  if (list === "shipments" && cleaned.tracking === "active") conditions.push("still tracked");
  if (cleaned.q) conditions.push(`matching “${cleaned.q}”`);
  const what =
    conditions.length === 0
      ? `All ${list}`
      : `${list === "containers" ? "Containers" : "Shipments"} with ${conditions.join(", ")}`;
  const order = sortKeysOf(cleaned.sort ?? "")
    .map(
      (key) =>
        `${wordsOr(SORT_WORDS, key.field)}, ${key.descending ? "latest or highest first" : "earliest or lowest first"}`,
    )
    .join(", then by ");
  return order ? `${what}; sorted by ${order}.` : `${what}; newest first.`;
}
