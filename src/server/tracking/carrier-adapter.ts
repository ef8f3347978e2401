// The contract between the tracking engine and a carrier integration: what the engine asks, what a carrier answers.
//
// An adapter only reads from its carrier and translates the answer into a CarrierSnapshot: the whole picture
// the carrier gives at one moment. It never touches the database, never decides what changed and never
// schedules anything; the engine does all of that, the same way for every adapter. A real integration
// (the DCSA Track & Trace API, a carrier's own API) is one more implementation of CarrierAdapter.

import type { TransportMilestone } from "../../api/milestones";

export type RequestType = "bill_of_lading" | "booking_number" | "container";

/** Why a lookup failed; the hosted API's `failed_reason` values that a carrier can cause. */
export type CarrierFailure =
  | "not_found"
  | "invalid_number"
  | "booking_cancelled"
  | "shipping_line_unreachable"
  | "unrecognized_response"
  | "data_unavailable"
  /** The carrier refused the account's credentials (a DCSA connection answered 401/403). */
  | "carrier_credentials_refused";

export interface CarrierQuery {
  requestType: RequestType;
  /** As the customer typed it, trimmed and upper-cased. */
  number: string;
  scac: string;
  /** When the tracking request was made. Adapters of real carriers ignore it; the sandbox anchors on it. */
  requestedAt: Date;
  /**
   * The account that tracks it. Real carriers never see it; the sandbox uses it only when the end-to-end tests
   * move one account's world on (sandbox/account-time-shifts.ts).
   */
  accountId?: string;
}

export type CarrierLookup =
  | { outcome: "found"; snapshot: CarrierSnapshot }
  /** The carrier knows the booking but has no bill of lading / containers yet: try again later. */
  | { outcome: "awaiting_manifest"; retryAfter: Date }
  /** `retryable` failures (an unreachable carrier) are tried again by the engine; others are final. */
  | {
      outcome: "failed";
      reason: CarrierFailure;
      retryable: boolean;
      message?: string;
      /** Not to be asked again before this (a carrier's `Retry-After`, or its connection's backoff). */
      retryAfter?: Date;
    };

export interface CarrierAdapter {
  /** Short name for logs, e.g. "sandbox" or "dcsa:MAEU". */
  readonly name: string;
  /** Whether this adapter answers for this SCAC (the engine picks the first one that does). */
  supports(scac: string): boolean;
  /**
   * Which calls share the engine's bound on calls in flight (carrier-calls.ts); the SCAC when absent. An adapter
   * that calls each account through its own connection bounds each connection apart, so that one carrier hanging
   * on one account's connection never holds up another's lookups.
   */
  callLane?(query: CarrierQuery): string;
  /** What the carrier shows for this query at `now`. Must not throw for an unknown number: answer `failed`. */
  lookup(query: CarrierQuery, now: Date): Promise<CarrierLookup>;
}

// ---- The snapshot ----

/** A place as the carrier names it. `locode` is what the engine resolves to a port of the reference data. */
export interface CarrierPlace {
  locode: string;
  /** The carrier's own name for the place, e.g. "SHANGHAI, CN" or "Los Angeles, CA". */
  name: string;
}

/** A terminal as the carrier or the terminal names it; resolved against the reference terminals at that port. */
export interface CarrierTerminal {
  locode: string;
  name: string;
  nickname?: string | null;
  firmsCode?: string | null;
}

export interface CarrierVessel {
  imo: string;
  mmsi: string;
  name: string;
}

/**
 * Bare names of the raw events a carrier reports: the milestones that have a transport event. The names that only
 * the hosted API's raw events use (`vgm_received`, `customs_release`, …) are left out: no carrier here sends them.
 */
export type RawEventName = TransportMilestone;

/** One line of the carrier's event history for a container, in the carrier's wording. */
export interface CarrierEvent {
  /**
   * Stable identity of this line across lookups (the carrier's event id, or the milestone and leg it is about),
   * so that an estimate that later becomes actual, or moves, updates the same line.
   */
  key: string;
  /** The milestone this line stands for; null when it matches none (an unknown DCSA code): kept, never acted on. */
  event: RawEventName | null;
  /** The carrier's wording, e.g. "Loaded on Vessel" or "DISCHARGED FROM VESSEL". */
  originalEvent: string;
  at: Date;
  estimated: boolean;
  place: CarrierPlace | null;
  terminal?: CarrierTerminal | null;
  vesselImo?: string | null;
  voyageNumber?: string | null;
}

export type HoldName = string;

/** What the terminal (or rail ramp) reports about a container waiting there. */
export interface CarrierTerminalStatus {
  checkedAt: Date;
  availableForPickup: boolean;
  holds: { name: HoldName; status: "pending" | "hold"; description: string | null }[];
  fees: {
    type: "demurrage" | "exam" | "extended_dwell_time" | "other" | "total";
    amount: number;
    currency_code: string;
  }[];
  /** Last free day at the terminal, as a UTC instant at the start of that local day. */
  lastFreeDayTerminal: Date | null;
  lastFreeDayLine: Date | null;
  lastFreeDayRail: Date | null;
  pickupAppointmentAt: Date | null;
  locationAtTerminal: string | null;
  fullOutChassisNumber: string | null;
}

export interface CarrierContainer {
  number: string;
  sealNumber: string | null;
  equipmentType: "dry" | "reefer" | "open top" | "flat rack" | "tank" | "hard top";
  equipmentLength: 20 | 40 | 45;
  equipmentHeight: "standard" | "high_cube";
  weightInLbs: number | null;
  /** Every line the carrier shows for this container, past (actual) and planned (estimated), in time order. */
  events: CarrierEvent[];
  /** Present once the container is at (or known to) the port-of-discharge terminal. */
  terminal: CarrierTerminalStatus | null;
  /** Rail carriers when the container moves inland by rail. */
  podRailCarrierScac: string | null;
  indRailCarrierScac: string | null;
}

export interface CarrierSnapshot {
  billOfLadingNumber: string;
  /** The carrier's SCAC (the one the shipment is filed under). */
  scac: string;
  portOfLading: CarrierPlace;
  portOfLadingTerminal: CarrierTerminal | null;
  portOfDischarge: CarrierPlace;
  portOfDischargeTerminal: CarrierTerminal | null;
  /** The inland destination, when the carrier moves the box beyond the port of discharge. */
  destination: CarrierPlace | null;
  destinationTerminal: CarrierTerminal | null;
  polEtd: Date | null;
  polAtd: Date | null;
  podEta: Date | null;
  podAta: Date | null;
  destinationEta: Date | null;
  destinationAta: Date | null;
  /** The vessel and voyage that brings the cargo into the port of discharge. */
  podVessel: CarrierVessel | null;
  podVoyageNumber: string | null;
  containers: CarrierContainer[];
  /** Every vessel the events name. */
  vessels: CarrierVessel[];
  /** When it is worth asking again (sooner while something is about to happen). */
  nextCheckAt: Date;
  /** True once the carrier will report nothing more (every container returned empty, or the booking closed). */
  complete: boolean;
}

/**
 * Where vessels have been: an AIS feed. Separate from carriers because in the real world it is (one AIS
 * provider covers every line's ships); the sandbox network implements both.
 */
export interface VesselPositionSource {
  /** What `vessel_positions.source` records for its reports: `ais` for an NMEA feed; `sandbox` when absent. */
  readonly source?: "sandbox" | "ais";
  /**
   * AIS-like reports of the vessel with `from < at <= to`, every few minutes of vessel time, in time order.
   * Unknown vessels (or times before the source knew of them) give an empty list.
   */
  positions(imo: string, from: Date, to: Date): Promise<CarrierVesselPosition[]>;
}

export interface CarrierVesselPosition {
  imo: string;
  at: Date;
  latitude: number;
  longitude: number;
  /** Null when the report has none (an AIS transponder may say "not available"). */
  speedKnots: number | null;
  headingDegrees: number | null;
}
