// How each family of carriers words its event lines: the `originalEvent` text a customer sees on the carrier's site.
import type { RawEventName } from "../carrier-adapter";

export type WordingStyle = "maersk" | "msc" | "sentence" | "caps";

type Phrases = Record<RawEventName, string>;

interface Wording {
  actual: Phrases;
  /** Planned lines where the carrier words them differently; others keep the actual wording. */
  estimated: Partial<Phrases>;
}

/** {vessel} and {voyage} are filled in, and dropped (with their space) for lines that name no vessel. */
const WORDINGS: Record<WordingStyle, Wording> = {
  maersk: {
    actual: {
      empty_out: "Gate out empty",
      full_in: "Gate in",
      vessel_loaded: "Loaded on Vessel",
      vessel_departed: "Vessel departure",
      transshipment_arrived: "Vessel arrival",
      transshipment_discharged: "Discharged for transshipment",
      transshipment_loaded: "Loaded on Vessel",
      transshipment_departed: "Vessel departure",
      feeder_loaded: "Loaded on feeder vessel",
      feeder_departed: "Feeder departure",
      feeder_arrived: "Feeder arrival",
      feeder_discharged: "Discharged from feeder",
      vessel_arrived: "Vessel arrival",
      vessel_berthed: "Vessel berthed",
      vessel_discharged: "Discharge",
      rail_loaded: "Loaded on rail",
      rail_departed: "Rail departure",
      rail_arrived: "Rail arrival",
      rail_unloaded: "Unloaded from rail",
      arrived_at_inland_destination: "Arrival at final destination",
      available: "Available for delivery",
      not_available: "Not available for delivery",
      full_out: "Gate out",
      delivered: "Delivered to consignee",
      empty_in: "Gate in empty",
    },
    estimated: {
      vessel_departed: "Estimated vessel departure",
      vessel_arrived: "Estimated vessel arrival",
      transshipment_arrived: "Estimated vessel arrival",
      transshipment_departed: "Estimated vessel departure",
    },
  },
  msc: {
    actual: {
      empty_out: "Empty to Shipper",
      full_in: "Export received at CY",
      vessel_loaded: "Export Loaded on Vessel",
      vessel_departed: "Vessel Departure",
      transshipment_arrived: "Transshipment Vessel Arrival",
      transshipment_discharged: "Full Transshipment Discharged",
      transshipment_loaded: "Full Transshipment Loaded",
      transshipment_departed: "Transshipment Vessel Departure",
      feeder_loaded: "Loaded on Feeder",
      feeder_departed: "Feeder Departure",
      feeder_arrived: "Feeder Arrival",
      feeder_discharged: "Discharged from Feeder",
      vessel_arrived: "Vessel Arrival",
      vessel_berthed: "Vessel Berthed",
      vessel_discharged: "Import Discharged from Vessel",
      rail_loaded: "Import Loaded on Rail",
      rail_departed: "Rail Departure",
      rail_arrived: "Rail Arrival at Final Destination",
      rail_unloaded: "Import Unloaded from Rail",
      arrived_at_inland_destination: "Arrived at Final Destination",
      available: "Import Available for Pickup",
      not_available: "Import on Hold at Terminal",
      full_out: "Import to consignee",
      delivered: "Import Delivered to Consignee",
      empty_in: "Empty received at CY",
    },
    estimated: {
      vessel_departed: "Estimated Time of Departure",
      vessel_arrived: "Estimated Time of Arrival",
      transshipment_arrived: "Estimated Time of Arrival",
      transshipment_departed: "Estimated Time of Departure",
      rail_arrived: "Estimated Time of Arrival at Final Destination",
    },
  },
  sentence: {
    actual: {
      empty_out: "Gate out empty for loading",
      full_in: "Gate in full for export",
      vessel_loaded: "Loaded on board vessel {vessel} {voyage}",
      vessel_departed: "Vessel departure {vessel} {voyage}",
      transshipment_arrived: "Vessel arrival at transshipment port {vessel} {voyage}",
      transshipment_discharged: "Discharged for transshipment",
      transshipment_loaded: "Loaded on board vessel {vessel} {voyage}",
      transshipment_departed: "Vessel departure {vessel} {voyage}",
      feeder_loaded: "Loaded on feeder vessel {vessel} {voyage}",
      feeder_departed: "Feeder departure {vessel} {voyage}",
      feeder_arrived: "Feeder arrival {vessel} {voyage}",
      feeder_discharged: "Discharged from feeder",
      vessel_arrived: "Vessel arrival {vessel} {voyage}",
      vessel_berthed: "Vessel berthed {vessel} {voyage}",
      vessel_discharged: "Discharged from vessel {vessel} {voyage}",
      rail_loaded: "Loaded on rail",
      rail_departed: "Rail departure",
      rail_arrived: "Rail arrival at destination",
      rail_unloaded: "Unloaded from rail",
      arrived_at_inland_destination: "Arrival at inland destination",
      available: "Available for pickup",
      not_available: "Not available for pickup",
      full_out: "Gate out for delivery to consignee",
      delivered: "Delivered to consignee",
      empty_in: "Empty container returned",
    },
    estimated: {
      vessel_departed: "Estimated vessel departure {vessel} {voyage}",
      vessel_arrived: "Estimated vessel arrival {vessel} {voyage}",
      rail_arrived: "Estimated rail arrival at destination",
    },
  },
  caps: {
    actual: {
      empty_out: "EMPTY RELEASED TO SHIPPER",
      full_in: "FULL RECEIVED AT ORIGIN",
      vessel_loaded: "LOADED ON BOARD {vessel} {voyage}",
      vessel_departed: "VESSEL DEPARTED {vessel} {voyage}",
      transshipment_arrived: "ARRIVED AT T/S PORT {vessel} {voyage}",
      transshipment_discharged: "DISCHARGED AT T/S PORT",
      transshipment_loaded: "LOADED AT T/S PORT ON {vessel} {voyage}",
      transshipment_departed: "DEPARTED T/S PORT {vessel} {voyage}",
      feeder_loaded: "LOADED ON FEEDER {vessel} {voyage}",
      feeder_departed: "FEEDER DEPARTED {vessel} {voyage}",
      feeder_arrived: "FEEDER ARRIVED {vessel} {voyage}",
      feeder_discharged: "DISCHARGED FROM FEEDER",
      vessel_arrived: "ARRIVED AT POD {vessel} {voyage}",
      vessel_berthed: "VESSEL BERTHED AT POD {vessel} {voyage}",
      vessel_discharged: "DISCHARGED FROM VESSEL",
      rail_loaded: "LOADED ON RAIL",
      rail_departed: "RAIL DEPARTED",
      rail_arrived: "ARRIVED AT RAMP",
      rail_unloaded: "UNLOADED FROM RAIL",
      arrived_at_inland_destination: "ARRIVED AT FINAL DESTINATION",
      available: "AVAILABLE FOR PICK-UP",
      not_available: "NOT AVAILABLE - ON HOLD",
      full_out: "CONTAINER TO CONSIGNEE",
      delivered: "DELIVERED TO CONSIGNEE",
      empty_in: "EMPTY RETURNED TO DEPOT",
    },
    estimated: {
      vessel_departed: "ETD {vessel} {voyage}",
      vessel_arrived: "ETA AT POD {vessel} {voyage}",
      transshipment_arrived: "ETA AT T/S PORT {vessel} {voyage}",
      transshipment_departed: "ETD FROM T/S PORT {vessel} {voyage}",
      rail_arrived: "ETA AT FINAL DESTINATION",
    },
  },
};

/** The carrier's line for an event, with the vessel and voyage it names (if any). */
export function carrierWording(
  style: WordingStyle,
  event: RawEventName,
  estimated: boolean,
  vesselName: string | null,
  voyage: string | null,
): string {
  const wording = WORDINGS[style];
  const template = (estimated ? wording.estimated[event] : undefined) ?? wording.actual[event];
  return template
    .replace("{vessel}", vesselName ?? "")
    .replace("{voyage}", voyage ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
