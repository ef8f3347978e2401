// The one table between DCSA Track & Trace codes and this product's milestones, read both ways: the adapter maps a
// carrier's events to milestones with it, and the sandbox's DCSA publisher writes the sandbox's milestones as DCSA
// events with it, so that a shipment tracked through the publisher reads exactly as one tracked in the sandbox.
//
// DCSA has no "transshipment" code: the same LOAD, DEPA, ARRI, DISC are transshipment moves when they happen at a
// port between the first port of lading and the last port of discharge. So a row names the place in the journey
// (`at`), which the adapter works out from the order of the transport calls (transportCallSequenceNumber, then
// time) and the publisher knows from the plan. `mode` is the transport call's modeOfTransport; `empty` the
// equipment event's emptyIndicatorCode. A code or combination without a row is not a milestone: the adapter keeps
// it as a raw event with `event: null` and the carrier's code and words as `original_event`, never dropping it.
import type { TransportMilestone } from "../../../api/milestones";
import type { DcsaModeOfTransport } from "./types";

/** Where in the journey an event happens. */
export type JourneyPlace =
  /** The first port of lading, and the depot or yard before it. */
  | "origin"
  /** A port where the box changes vessel. */
  | "transshipment"
  /** The last port of discharge. */
  | "discharge"
  /** Beyond the port of discharge: the inland rail ramp or the final destination. */
  | "inland";

export interface DcsaCodeRow {
  milestone: TransportMilestone;
  eventType: "TRANSPORT" | "EQUIPMENT";
  code: string;
  mode: DcsaModeOfTransport | null;
  empty: "EMPTY" | "LADEN" | null;
  at: JourneyPlace;
  /** The standard's words for the code, used as `original_event` when the carrier sends none. */
  description: string;
}

/** Every milestone a DCSA carrier can tell us, one row each. The adapter's tests have one case per row. */
export const DCSA_CODE_ROWS: readonly DcsaCodeRow[] = [
  {
    milestone: "empty_out",
    eventType: "EQUIPMENT",
    code: "GTOT",
    mode: null,
    empty: "EMPTY",
    at: "origin",
    description: "Gate out (empty)",
  },
  {
    milestone: "full_in",
    eventType: "EQUIPMENT",
    code: "GTIN",
    mode: null,
    empty: "LADEN",
    at: "origin",
    description: "Gate in (laden)",
  },
  {
    milestone: "vessel_loaded",
    eventType: "EQUIPMENT",
    code: "LOAD",
    mode: "VESSEL",
    empty: "LADEN",
    at: "origin",
    description: "Loaded",
  },
  {
    milestone: "vessel_departed",
    eventType: "TRANSPORT",
    code: "DEPA",
    mode: "VESSEL",
    empty: null,
    at: "origin",
    description: "Departed",
  },
  {
    milestone: "transshipment_arrived",
    eventType: "TRANSPORT",
    code: "ARRI",
    mode: "VESSEL",
    empty: null,
    at: "transshipment",
    description: "Arrived",
  },
  {
    milestone: "transshipment_discharged",
    eventType: "EQUIPMENT",
    code: "DISC",
    mode: "VESSEL",
    empty: "LADEN",
    at: "transshipment",
    description: "Discharged",
  },
  {
    milestone: "transshipment_loaded",
    eventType: "EQUIPMENT",
    code: "LOAD",
    mode: "VESSEL",
    empty: "LADEN",
    at: "transshipment",
    description: "Loaded",
  },
  {
    milestone: "transshipment_departed",
    eventType: "TRANSPORT",
    code: "DEPA",
    mode: "VESSEL",
    empty: null,
    at: "transshipment",
    description: "Departed",
  },
  {
    milestone: "vessel_arrived",
    eventType: "TRANSPORT",
    code: "ARRI",
    mode: "VESSEL",
    empty: null,
    at: "discharge",
    description: "Arrived",
  },
  {
    milestone: "vessel_discharged",
    eventType: "EQUIPMENT",
    code: "DISC",
    mode: "VESSEL",
    empty: "LADEN",
    at: "discharge",
    description: "Discharged",
  },
  {
    milestone: "rail_loaded",
    eventType: "EQUIPMENT",
    code: "LOAD",
    mode: "RAIL",
    empty: "LADEN",
    at: "discharge",
    description: "Loaded on rail",
  },
  {
    milestone: "rail_departed",
    eventType: "TRANSPORT",
    code: "DEPA",
    mode: "RAIL",
    empty: null,
    at: "discharge",
    description: "Rail departed",
  },
  {
    milestone: "rail_arrived",
    eventType: "TRANSPORT",
    code: "ARRI",
    mode: "RAIL",
    empty: null,
    at: "inland",
    description: "Rail arrived",
  },
  {
    milestone: "rail_unloaded",
    eventType: "EQUIPMENT",
    code: "DISC",
    mode: "RAIL",
    empty: "LADEN",
    at: "inland",
    description: "Unloaded from rail",
  },
  {
    milestone: "full_out",
    eventType: "EQUIPMENT",
    code: "GTOT",
    mode: null,
    empty: "LADEN",
    at: "discharge",
    description: "Gate out (laden)",
  },
  {
    milestone: "full_out",
    eventType: "EQUIPMENT",
    code: "GTOT",
    mode: null,
    empty: "LADEN",
    at: "inland",
    description: "Gate out (laden)",
  },
  {
    milestone: "full_out",
    eventType: "EQUIPMENT",
    code: "PICK",
    mode: "TRUCK",
    empty: "LADEN",
    at: "discharge",
    description: "Picked up",
  },
  {
    milestone: "arrived_at_inland_destination",
    eventType: "EQUIPMENT",
    code: "DROP",
    mode: "TRUCK",
    empty: "LADEN",
    at: "inland",
    description: "Dropped off",
  },
  {
    milestone: "empty_in",
    eventType: "EQUIPMENT",
    code: "GTIN",
    mode: null,
    empty: "EMPTY",
    at: "discharge",
    description: "Gate in (empty)",
  },
  {
    milestone: "empty_in",
    eventType: "EQUIPMENT",
    code: "GTIN",
    mode: null,
    empty: "EMPTY",
    at: "inland",
    description: "Gate in (empty)",
  },
  {
    milestone: "empty_in",
    eventType: "EQUIPMENT",
    code: "DROP",
    mode: "TRUCK",
    empty: "EMPTY",
    at: "discharge",
    description: "Dropped off (empty)",
  },
];
