// A voyage exception, beyond the hosted API: the line changed a box's voyage after we first saw its plan. Four,
// each detected by the service from what the carrier shows (never from a sandbox's hidden voyage):
// - `rolled`: the sailing from the port of lading changed to another vessel a day or more later (left behind,
//   or a blank sailing);
// - `missed_transshipment`: the connection at a transshipment port changed to another vessel, because the box
//   arrived there too late or its planned ship left without it;
// - `vessel_swap`: the line put another vessel on the same sailing (within a day of the planned departure);
// - `port_call_changed`: a transshipment call or the port of discharge changed, was skipped or was added.
// `GET /v2/containers/{id}/voyage_exceptions` lists a container's, `filter[voyage_exception]` the boxes with a
// recent one, and the alerts and the container page say them in the words below.
import { z } from "zod";
import { DAY } from "./durations";
import { nullableDateTime } from "./json-api";

export const VOYAGE_EXCEPTION_KINDS = [
  "rolled",
  "missed_transshipment",
  "vessel_swap",
  "port_call_changed",
] as const;
export type VoyageExceptionKind = (typeof VOYAGE_EXCEPTION_KINDS)[number];

/** A departure moved this much later on another vessel is a roll (or a missed connection), less is a swap. */
export const ROLL_DELAY_MS = DAY;

/** How long an exception stays "recent": what `filter[voyage_exception]` and Needs attention count. */
export const RECENT_EXCEPTION_MS = 7 * DAY;

/** Whether an exception seen at `detectedAt` (ISO 8601) is recent at `now`: the page marks it, the assistant says it. */
export const isRecentException = (detectedAt: string, now: Date) =>
  now.getTime() - Date.parse(detectedAt) < RECENT_EXCEPTION_MS;

/** Each kind's name and what it means, for the container page, the alerts and the filter's chip. */
export const VOYAGE_EXCEPTION_WORDS: Record<VoyageExceptionKind, { label: string; detail: string }> = {
  rolled: {
    label: "Rolled to a later vessel",
    detail: "The line moved the box from its booked sailing to a later one.",
  },
  missed_transshipment: {
    label: "Missed its connection",
    detail: "The box will leave its transshipment port on a later vessel than planned.",
  },
  vessel_swap: {
    label: "Vessel swapped",
    detail: "The line put another vessel on the box's sailing.",
  },
  port_call_changed: {
    label: "Port call changed",
    detail: "A transshipment call or the port of discharge changed.",
  },
};

/** A port: its UN/LOCODE, name and IANA time zone (the calendar its days are read in). */
const place = z
  .object({ locode: z.string().nullable(), name: z.string(), time_zone: z.string().nullable() })
  .nullable();
const vessel = z.object({ name: z.string(), imo: z.string().nullable() }).nullable();

export const voyageExceptionSchema = z
  .object({
    id: z.string(),
    type: z.literal("voyage_exception"),
    attributes: z.object({
      kind: z.enum(VOYAGE_EXCEPTION_KINDS),
      /** When the service saw the change (by the service clock). */
      detected_at: z.iso.datetime({ offset: true }),
      /**
       * The port it happened at: where the box now leaves from or calls (for a skipped call, null: see
       * `previous_location`).
       */
      location: place,
      /** The port planned before: the same as `location` for a change of vessel; null for an added call. */
      previous_location: place,
      /** The vessel the box is now to leave on, and its voyage; null for a change of port only. */
      vessel,
      voyage_number: z.string().nullable(),
      previous_vessel: vessel,
      previous_voyage_number: z.string().nullable(),
      /** The planned departure from `location` now, and before the change. */
      departure_at: nullableDateTime,
      previous_departure_at: nullableDateTime,
      /** One sentence saying what changed, in the port's calendar ("Rolled to a later vessel at Shanghai: …"). */
      summary: z.string(),
    }),
    relationships: z.object({
      container: z.object({ data: z.object({ id: z.string(), type: z.literal("container") }) }),
      shipment: z.object({ data: z.object({ id: z.string(), type: z.literal("shipment") }) }),
    }),
  })
  .meta({ id: "VoyageException" });
export type VoyageException = z.infer<typeof voyageExceptionSchema>;
export type VoyageExceptionAttributes = VoyageException["attributes"];

export const voyageExceptionListSchema = z.object({ data: z.array(voyageExceptionSchema) });

type Describable = Pick<
  VoyageExceptionAttributes,
  | "kind"
  | "location"
  | "previous_location"
  | "vessel"
  | "voyage_number"
  | "previous_vessel"
  | "previous_voyage_number"
  | "departure_at"
  | "previous_departure_at"
>;

const sailingOf = (
  v: Describable["vessel"],
  voyage: string | null,
  at: string | null,
  day: (iso: string) => string,
) => [v?.name ?? "an unnamed vessel", voyage, at ? `leaving ${day(at)}` : null].filter(Boolean).join(" ");

/**
 * One sentence on what changed ("Rolled at Shanghai: was MAERSK ESSEX 412W leaving 3 Dec, now MAERSK EMDEN 413W
 * leaving 10 Dec (7 days later)."), with days written by `day` (the port's calendar, or UTC).
 */
export function describeVoyageException(x: Describable, day: (iso: string) => string): string {
  const label = VOYAGE_EXCEPTION_WORDS[x.kind].label;
  if (x.kind === "port_call_changed") {
    if (x.previous_location && x.location)
      return `${label}: ${x.previous_location.name} replaced by ${x.location.name}.`;
    if (x.previous_location) return `${label}: the call at ${x.previous_location.name} was dropped.`;
    return `${label}: a call at ${x.location?.name ?? "another port"} was added.`;
  }
  const at = x.location ? ` at ${x.location.name}` : "";
  const was = sailingOf(x.previous_vessel, x.previous_voyage_number, x.previous_departure_at, day);
  const now = sailingOf(x.vessel, x.voyage_number, x.departure_at, day);
  const moved =
    x.departure_at && x.previous_departure_at
      ? Math.round((Date.parse(x.departure_at) - Date.parse(x.previous_departure_at)) / DAY)
      : 0;
  const later = moved >= 1 ? ` (${moved} day${moved === 1 ? "" : "s"} later)` : "";
  return `${label}${at}: was ${was}, now ${now}${later}.`;
}

/** Days as "3 Dec 2026" in a zone's calendar. */
export const dayWordsIn =
  (timeZone: string) =>
  (iso: string): string =>
    new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone });

/** The zone an exception's days are read in: its port's (where the box leaves from, or the call planned before). */
export function exceptionTimeZone(x: Pick<Describable, "location" | "previous_location">): string {
  return x.location?.time_zone ?? x.previous_location?.time_zone ?? "UTC";
}
