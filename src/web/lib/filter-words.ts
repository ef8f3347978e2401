// How the lists' filters read to a person: each filter's label, the control that sets it and its value in words
// ("LFD: within 2 days", "On hold: yes"), for chips, the "Add filter" form and saved views.
import { CONTAINER_STATUSES } from "../../api/containers";
import { MISSING_EVENT_WORDS, MISSING_EVENTS } from "../../api/expected-events";
import { DETENTION_FILTERS } from "../../api/free-time";
import { journeyPhaseWords } from "../../api/milestone-words";
import { TRACKING_STOPPED_REASONS } from "../../api/shipments";
import { JOURNEY_PHASES, LFD_WINDOWS, type ListFilterName } from "../../api/triage";
import { VOYAGE_EXCEPTION_KINDS, VOYAGE_EXCEPTION_WORDS } from "../../api/voyage-exceptions";
import { containerStatusWords, stoppedReasonWords } from "./format";

export type FilterKind = "choice" | "yes_no" | "date" | "text" | "hours" | "days" | "number";

export interface FilterDefinition {
  label: string;
  kind: FilterKind;
  /** For `choice`: the values offered, with their words. */
  options?: readonly { value: string; words: string }[];
  /** For `text`: what to type. */
  hint?: string;
}

const LFD_WINDOW_WORDS = { passed: "passed", today: "today", within_2_days: "within 2 days" } as const;
const DETENTION_WORDS = {
  passed: "passed",
  due_soon: "due within 2 days",
  running: "out, not returned",
} as const;

export const FILTER_DEFINITIONS: Record<ListFilterName, FilterDefinition> = {
  status: {
    label: "Status",
    kind: "choice",
    options: CONTAINER_STATUSES.map((s) => ({ value: s, words: containerStatusWords(s) })),
  },
  phase: {
    label: "Where",
    kind: "choice",
    options: JOURNEY_PHASES.map((p) => ({ value: p, words: journeyPhaseWords(p) })),
  },
  on_hold: { label: "On hold", kind: "yes_no" },
  hold: { label: "Hold type", kind: "text", hint: "customs, freight, USDA…" },
  available: { label: "Available for pickup", kind: "yes_no" },
  lfd: {
    label: "LFD",
    kind: "choice",
    options: LFD_WINDOWS.map((w) => ({ value: w, words: LFD_WINDOW_WORDS[w] })),
  },
  lfd_before: { label: "LFD before", kind: "date" },
  lfd_after: { label: "LFD on or after", kind: "date" },
  eta_before: { label: "ETA before", kind: "date" },
  eta_after: { label: "ETA on or after", kind: "date" },
  arriving_within_days: { label: "Arriving within", kind: "days" },
  port_of_discharge: { label: "Port of discharge", kind: "text", hint: "UN/LOCODE, such as USSAV" },
  shipping_line: { label: "Line", kind: "text", hint: "SCAC, such as MAEU" },
  vessel: { label: "Vessel", kind: "text", hint: "Name or IMO number" },
  tags: { label: "Tags", kind: "text", hint: "One tag, or several separated by commas" },
  customer: { label: "Customer", kind: "text", hint: "Pick one of your customers, or type a whole name" },
  tracking_stopped: { label: "Tracking stopped", kind: "yes_no" },
  tracking_stopped_reason: {
    label: "Tracking stopped because",
    kind: "choice",
    options: TRACKING_STOPPED_REASONS.map((r) => ({ value: r, words: stoppedReasonWords(r) })),
  },
  eta_changed: { label: "ETA moved by more than", kind: "hours" },
  predicted_late: { label: "Predicted later than the line's ETA by more than", kind: "hours" },
  expected_missing: {
    label: "Expected news missing",
    kind: "choice",
    options: MISSING_EVENTS.map((m) => ({ value: m, words: MISSING_EVENT_WORDS[m].label.toLowerCase() })),
  },
  detention: {
    label: "Empty return",
    kind: "choice",
    options: DETENTION_FILTERS.map((d) => ({ value: d, words: DETENTION_WORDS[d] })),
  },
  charges: { label: "Charges", kind: "choice", options: [{ value: "at_risk", words: "money at risk" }] },
  voyage_exception: {
    label: "Voyage changed in the last 7 days",
    kind: "choice",
    options: VOYAGE_EXCEPTION_KINDS.map((k) => ({
      value: k,
      words: VOYAGE_EXCEPTION_WORDS[k].label.toLowerCase(),
    })),
  },
};

/** A filter's value in words: "within 2 days", "yes", "Available for pickup or Not available for pickup". */
export function filterValueWords(name: ListFilterName, value: string): string {
  return valueWordsOf(FILTER_DEFINITIONS[name], value);
}

/** A value in the words of its filter's definition (a list's own filter's, or a custom field's). */
export function valueWordsOf(definition: FilterDefinition, value: string): string {
  switch (definition.kind) {
    case "yes_no":
      return value === "true" ? "yes" : "no";
    case "hours":
      return `${value} h`;
    case "days":
      return value === "1" ? "1 day" : `${value} days`;
    case "date":
      return value.length === 10 ? value : value.replace("T", " ");
    case "choice":
    case "number":
      return value
        .split(",")
        .map((part) => definition.options?.find((o) => o.value === part.trim())?.words ?? part.trim())
        .join(" or ");
    default:
      return value
        .split(",")
        .map((part) => part.trim())
        .join(", ");
  }
}

/** "LFD: within 2 days". */
export function filterChipWords(name: ListFilterName, value: string): string {
  return chipWordsOf(FILTER_DEFINITIONS[name], value);
}

export function chipWordsOf(definition: FilterDefinition, value: string): string {
  return `${definition.label}: ${valueWordsOf(definition, value)}`;
}
