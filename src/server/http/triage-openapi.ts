// The OpenAPI description of the lists' triage parameters (`sort` and the `filter[…]` of src/api/triage.ts),
// shared by GET /v2/shipments and GET /v2/containers; http/list-query.ts parses what they describe.

import { z } from "@hono/zod-openapi";
import { CONTAINER_STATUSES } from "../../api/containers";
import { MISSING_EVENTS } from "../../api/expected-events";
import { DETENTION_FILTERS } from "../../api/free-time";
import { TRACKING_STOPPED_REASONS } from "../../api/shipments";
import {
  JOURNEY_PHASES,
  LFD_WINDOWS,
  MAX_ARRIVING_WITHIN_DAYS,
  MAX_ETA_CHANGE_HOURS,
} from "../../api/triage";
import { VOYAGE_EXCEPTION_KINDS } from "../../api/voyage-exceptions";
import { booleanFilter, commaListPattern, commaSeparatedPattern, EMPTY_IS_ABSENT } from "./openapi-common";

// Every parameter here reads an empty value as none (list-query.ts's filterValue; an empty sort is the default).
const text = (description: string, extra: Record<string, unknown> = {}) =>
  z
    .string()
    .optional()
    .openapi({ description, ...extra, ...EMPTY_IS_ABSENT });

const time = (description: string) =>
  text(
    `${description} An ISO 8601 date-time with its offset (2026-11-25T14:00:00Z), or a date (its 00:00 UTC).`,
    {
      anyOf: [
        { type: "string", format: "date" },
        { type: "string", format: "date-time" },
      ],
    },
  );

/** `sort` over a list's fields: comma-separated, `-` for descending. */
export function sortQuery(fields: readonly string[], notes: string, alone: readonly string[] = []) {
  // `alone`: fields that order the list by themselves (sort=charges), given without any other.
  const key = `-?(?:${fields.filter((f) => !alone.includes(f)).join("|")}|custom_fields\\.[a-z][a-z0-9_]{0,62})`;
  const list = `${key}(?:,${key})*`;
  const pattern = alone.length > 0 ? `^(?:-?(?:${alone.join("|")})|${list})$` : `^${list}$`;
  return {
    sort: text(
      `Orders the list by these fields, comma-separated, in priority order; \`-field\` for descending (JSON:API). Fields: ${fields.join(", ")}, and \`custom_fields.<api_slug>\` for a custom field of the list's kind of record (numbers numerically, dates and times chronologically, texts, enum values and booleans case-insensitively; an enum_multi field does not sort). Rows without a value come last in either direction; ties keep the default order (newest first). ${notes} A sorted list pages by page[number] (its links carry the sort); page[after] and page[before] page the default order only. An unknown field or custom field is a 400 naming \`sort\`.`,
      { pattern, example: "-pod_eta_at,bill_of_lading_number" },
    ),
  };
}

/**
 * The filters of both lists. `containerNote` says how container filters apply to the list (on shipments: when one
 * of its containers matches them all).
 */
export function triageFilterQuery(containerNote: string) {
  return {
    "filter[status]": text(
      `Container statuses, comma-separated (any of): ${CONTAINER_STATUSES.join(", ")}. ${containerNote}`,
      { pattern: commaListPattern(CONTAINER_STATUSES) },
    ),
    "filter[phase]": text(
      `Journey phases, comma-separated (any of): ${JOURNEY_PHASES.join(", ")}. \`at_port\` is discharged at the port of discharge and not yet out (waiting for a train included); \`at_rail_ramp\` is arrived at the inland ramp and not yet out; \`on_water\` is aboard (arrived but not yet discharged included). ${containerNote}`,
      { pattern: commaListPattern(JOURNEY_PHASES) },
    ),
    "filter[on_hold]": booleanFilter(
      `\`true\`: a terminal hold is on (a hold with status \`hold\`); \`false\`: none. ${containerNote}`,
    ),
    "filter[hold]": text(
      `Hold names (customs, freight, USDA…), comma-separated, any case: a hold of that name is on. ${containerNote}`,
    ),
    "filter[available]": booleanFilter(`\`true\` / \`false\`: available for pickup. ${containerNote}`),
    "filter[lfd_before]": time(
      `Effective last free day (the earliest of the terminal's and the line's) before this time. ${containerNote}`,
    ),
    "filter[lfd_after]": time(`Effective last free day at or after this time. ${containerNote}`),
    "filter[lfd]": text(
      `Containers still waiting at the terminal (arrived or discharged, not yet out full nor gone on by rail) whose effective last free day falls, by the calendar of the port of discharge's time zone and the service clock (the X-Service-Clock header): \`passed\` before today, \`today\`, \`within_2_days\` tomorrow or the day after. ${containerNote}`,
      { enum: [...LFD_WINDOWS] },
    ),
    "filter[eta_before]": time("ETA at the port of discharge before this time."),
    "filter[eta_after]": time("ETA at the port of discharge at or after this time."),
    "filter[arriving_within_days]": text(
      `A whole number of days N from 1 to ${MAX_ARRIVING_WITHIN_DAYS}: not yet arrived at the port of discharge, with an ETA there from now (the service clock, the X-Service-Clock header) to N days later. What arrives this week: 7.`,
      { type: "integer", minimum: 1, maximum: MAX_ARRIVING_WITHIN_DAYS, example: "7" },
    ),
    "filter[port_of_discharge]": text(
      "Ports of discharge: UN/LOCODEs (USSAV) or port ids, comma-separated (any of). A LOCODE no port has matches nothing.",
      {
        pattern: commaSeparatedPattern(
          "(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z]{2}[A-Za-z2-9]{3})",
        ),
        example: "USSAV",
      },
    ),
    "filter[shipping_line]": text(
      "Shipping lines by SCAC (or an alternative SCAC of the line), comma-separated (any of).",
      { pattern: commaSeparatedPattern("[A-Za-z]{2,4}"), example: "MAEU" },
    ),
    "filter[vessel]": text(
      "Vessel at the port of discharge: IMO numbers (7 digits) or whole names in any case, comma-separated (any of).",
    ),
    "filter[tags]": text("Tags, comma-separated: the shipment carries any of them (exact tags)."),
    "filter[customer]": text("The customer: a party's id, or its whole name in any case."),
    "filter[tracking_stopped]": booleanFilter("`true` or `false`: tracking has stopped."),
    "filter[tracking_stopped_reason]": text(
      `Why tracking stopped, comma-separated (any of): ${TRACKING_STOPPED_REASONS.join(", ")}.`,
      { pattern: commaListPattern(TRACKING_STOPPED_REASONS) },
    ),
    "filter[eta_changed]": text(
      "A number of hours N greater than 0: the ETA at the port of discharge differs from the original ETA by more than N hours.",
      { type: "number", exclusiveMinimum: 0, maximum: MAX_ETA_CHANGE_HOURS, example: "24" },
    ),
    "filter[expected_missing]": text(
      `Expected events missing, comma-separated (any of): ${MISSING_EVENTS.join(", ")}. \`departure\`: still at the port of lading a day after the line's estimated departure; \`arrival\`: not arrived 12 hours after the end of our predicted window (a day after the line's ETA before there is one); \`availability\`: discharged 3 days ago, not picked up, and the terminal has said nothing of availability. Shipments whose tracking stopped never match. ${containerNote}`,
      { pattern: commaListPattern(MISSING_EVENTS) },
    ),
    "filter[voyage_exception]": text(
      `Voyage exceptions the service saw in the last 7 days, comma-separated (any of): ${VOYAGE_EXCEPTION_KINDS.join(", ")}. \`rolled\`: moved from its sailing at the port of lading to another vessel a day or more later; \`missed_transshipment\`: its connection at a transshipment port moved to another vessel; \`vessel_swap\`: another vessel on the same sailing; \`port_call_changed\`: a transshipment call or the port of discharge replaced, dropped or added. Each container's are at \`/v2/containers/{id}/voyage_exceptions\`. ${containerNote}`,
      { pattern: commaListPattern(VOYAGE_EXCEPTION_KINDS) },
    ),
    "filter[detention]": text(
      `Boxes out full whose empty is not yet returned, by their detention (the \`detention\` attribute, counted from the tariff that applies): \`passed\` the empty return deadline passed (charges running), \`due_soon\` its last free day is today, tomorrow or the day after, \`running\` any of them. ${containerNote}`,
      { enum: [...DETENTION_FILTERS] },
    ),
    "filter[charges]": text(
      `\`at_risk\`: demurrage or detention charged so far, or starting within 2 days (the summary's money at risk). ${containerNote}`,
      { enum: ["at_risk"] },
    ),
    "filter[predicted_late]": text(
      "A number of hours N greater than 0: our own predicted arrival at the port of discharge (`pod_predicted_arrival_at`) is more than N hours later than the line's ETA, not yet arrived.",
      { type: "number", exclusiveMinimum: 0, maximum: MAX_ETA_CHANGE_HOURS, example: "24" },
    ),
  };
}
