// An expected event missing: a milestone that should have happened by now and that nobody has reported, for a
// coordinator to chase with the line or the terminal before it costs money. Three, each read per container:
// - `departure`: still at the port of lading a day after the line's estimated departure;
// - `arrival`: not arrived at the port of discharge 12 hours after the end of our predicted window (or, before
//   there is a prediction, a day after the line's ETA);
// - `availability`: discharged three days ago, not picked up, and the terminal has said nothing of availability.
// `filter[expected_missing]` lists them (any of the kinds named), the container page and the alerts name them.
import type { ContainerAttributes } from "./containers";
import { DAY, HOUR } from "./durations";
import type { ShipmentAttributes } from "./shipments";

export const MISSING_EVENTS = ["departure", "arrival", "availability"] as const;
export type MissingEvent = (typeof MISSING_EVENTS)[number];

/** How long after it was due each is missing. */
export const MISSING_AFTER_MS = {
  departure: DAY,
  /** After our window's end; a day after the line's ETA when there is no prediction. */
  arrival: 12 * HOUR,
  arrivalWithoutPrediction: DAY,
  /** After discharge. */
  availability: 3 * DAY,
} as const;

/** Each kind's name and what it means, for the container page, the alerts and the filter's chip. */
export const MISSING_EVENT_WORDS: Record<MissingEvent, { label: string; detail: string }> = {
  departure: {
    label: "Departure overdue",
    detail: "The line's estimated departure passed more than a day ago, and none is reported.",
  },
  arrival: {
    label: "Arrival overdue",
    detail: "Our predicted window ended more than 12 hours ago, and no arrival is reported.",
  },
  availability: {
    label: "No availability news",
    detail: "Discharged more than 3 days ago, and the terminal has said nothing of pickup.",
  },
};

/** What a container and its shipment say of the three (times as ISO 8601, as the API gives them). */
export interface ExpectedEventFacts {
  /** `new`: not yet left the port of lading. */
  current_status: string;
  /** Tracking stopped: nothing more is expected from the line. */
  tracking_stopped: boolean;
  pol_etd_at: string | null;
  pol_atd_at: string | null;
  pod_eta_at: string | null;
  pod_ata_at: string | null;
  pod_predicted_arrival_window: { earliest_at: string; latest_at: string } | null;
  pod_discharged_at: string | null;
  pod_full_out_at: string | null;
  /** Waiting at its terminal to be picked up (the API's `awaiting_pickup`). */
  awaiting_pickup: boolean;
  availability_known: boolean;
}

/** The facts as a container and its shipment give them on the wire. */
export function expectedEventFactsOf(c: ContainerAttributes, s: ShipmentAttributes): ExpectedEventFacts {
  return {
    current_status: c.current_status,
    tracking_stopped: s.line_tracking_stopped_at !== null,
    pol_etd_at: s.pol_etd_at,
    pol_atd_at: s.pol_atd_at,
    pod_eta_at: c.pod_eta_at,
    pod_ata_at: c.pod_ata_at,
    pod_predicted_arrival_window: c.pod_predicted_arrival_window,
    pod_discharged_at: c.pod_discharged_at,
    pod_full_out_at: c.pod_full_out_at,
    awaiting_pickup: c.awaiting_pickup,
    availability_known: c.availability_known,
  };
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The first event missing at `now`, in journey order; null when nothing is overdue. */
export function missingEvent(f: ExpectedEventFacts, now: number): MissingEvent | null {
  if (f.tracking_stopped) return null;
  const etd = ms(f.pol_etd_at);
  if (f.current_status === "new" && f.pol_atd_at === null && etd !== null) {
    if (now - etd > MISSING_AFTER_MS.departure) return "departure";
  }
  const windowEnd = ms(f.pod_predicted_arrival_window?.latest_at ?? null);
  const eta = ms(f.pod_eta_at);
  if (f.pod_ata_at === null && f.pol_atd_at !== null) {
    if (
      windowEnd !== null
        ? now - windowEnd > MISSING_AFTER_MS.arrival
        : eta !== null && now - eta > MISSING_AFTER_MS.arrivalWithoutPrediction
    )
      return "arrival";
  }
  const discharged = ms(f.pod_discharged_at);
  if (discharged !== null && f.awaiting_pickup && f.pod_full_out_at === null && !f.availability_known) {
    if (now - discharged > MISSING_AFTER_MS.availability) return "availability";
  }
  return null;
}
