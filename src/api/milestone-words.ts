// Each milestone and container status in a few plain words ("Loaded on vessel", "On the vessel"), for any reader
// of the /v2 contract: the dashboard and the MCP tools name events, statuses and journey phases the same way.
import type { ContainerStatus } from "./containers";
import type { MilestoneName } from "./milestones";
import type { JourneyPhase } from "./triage";

// Every milestone of the contract has words (the `satisfies`); looked up by any name a server may send.
const MILESTONE_WORDS: Readonly<Record<string, string>> = {
  empty_out: "Empty container out to shipper",
  full_in: "Full container in at terminal",
  positioned_in: "Positioned in",
  positioned_out: "Positioned out",
  vgm_received: "Verified gross mass received",
  vessel_loaded: "Loaded on vessel",
  vessel_departed: "Vessel departed",
  feeder_loaded: "Loaded on feeder vessel",
  feeder_departed: "Feeder vessel departed",
  feeder_arrived: "Feeder vessel arrived",
  feeder_discharged: "Discharged from feeder vessel",
  transshipment_arrived: "Arrived at transshipment port",
  transshipment_discharged: "Discharged for transshipment",
  transshipment_loaded: "Loaded on next vessel",
  transshipment_departed: "Departed transshipment port",
  vessel_arrived: "Vessel arrived",
  vessel_berthed: "Vessel berthed",
  vessel_discharged: "Discharged from vessel",
  carrier_release: "Released by the shipping line",
  customs_release: "Released by customs",
  rail_loaded: "Loaded on rail",
  rail_departed: "Rail departed",
  rail_arrived: "Rail arrived",
  rail_unloaded: "Unloaded from rail",
  arrived_at_inland_destination: "Arrived at inland destination",
  arrived_at_destination: "Arrived at destination",
  available: "Available for pickup",
  not_available: "Not available for pickup",
  full_out: "Picked up (full out)",
  delivered: "Delivered",
  empty_in: "Empty container returned",
} satisfies Record<MilestoneName, string>;

/** "Vessel departed"; an unknown name in plain words; a line with no name as the carrier's own event. */
export function milestoneWords(name: string | null): string {
  if (name === null) return "Carrier event";
  const known = MILESTONE_WORDS[name];
  if (known) return known;
  const words = name.replaceAll("_", " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Carrier event";
}

const CONTAINER_STATUS_WORDS: Record<ContainerStatus, string> = {
  new: "New, not yet loaded",
  on_ship: "On the vessel",
  available: "Available for pickup",
  // Where it waits (the terminal, or the inland rail ramp) is the "where is it now" answer's to say.
  not_available: "Not available for pickup",
  grounded: "Grounded at terminal",
  on_rail: "On rail",
  picked_up: "Picked up",
  off_dock: "Moved off dock",
  delivered: "Delivered",
  dropped: "Dropped at destination",
  loaded: "Loaded",
  empty_returned: "Empty returned",
  awaiting_inland_transfer: "Awaiting inland transfer",
};

/** "On the vessel"; a status a newer server sends in plain words. */
export function containerStatusWords(status: ContainerStatus): string {
  return CONTAINER_STATUS_WORDS[status] ?? status.replaceAll("_", " ");
}

const JOURNEY_PHASE_WORDS: Record<JourneyPhase, string> = {
  awaiting_departure: "Not yet sailed",
  on_water: "On water",
  at_port: "At port",
  on_rail: "On rail",
  at_rail_ramp: "At rail ramp",
  picked_up: "Picked up",
  empty_returned: "Empty returned",
};

/** "At port"; a phase a newer server sends in plain words. */
export function journeyPhaseWords(phase: string): string {
  return JOURNEY_PHASE_WORDS[phase as JourneyPhase] ?? phase.replaceAll("_", " ");
}
