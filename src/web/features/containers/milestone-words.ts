// Words for the timeline: what each milestone means, and the names of the legs of a journey.
import type { MilestoneName } from "../../../api/milestones";
import type { Move, Stay } from "./timeline-legs";
import type { Place } from "./timeline-merge";

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

const STAY_WORDS: Readonly<Record<Stay["kind"], string>> = {
  origin: "Origin",
  transshipment: "Transshipment",
  destination: "Destination port",
  inland: "Inland destination",
  empty_return: "Empty return",
  stop: "Stop",
};

export const placeWords = (place: Place | null) =>
  place
    ? place.locode && place.locode !== place.name
      ? `${place.name} (${place.locode})`
      : place.name
    : "Place not known";

/** "Transshipment · Busan (KRPUS)". */
export function stayTitle(stay: Stay): { kind: string; place: string } {
  return { kind: STAY_WORDS[stay.kind], place: placeWords(stay.place) };
}

/** "Vessel leg 2", "Rail", "By road": what kind of movement, numbered when there are several. */
export function moveTitle(move: Move, count: number): string {
  if (move.mode === "vessel") return `Vessel leg ${move.number}`;
  const name = move.mode === "rail" ? "Rail" : "By road";
  return count > 1 ? `${name} ${move.number}` : name;
}

/** "3 days 4 hours", "18 hours", "40 minutes": the length of a movement, for a line under its title. */
export function durationWords(fromIso: string, toIso: string): string | null {
  const ms = Date.parse(toIso) - Date.parse(fromIso);
  if (!Number.isFinite(ms) || ms < 0) return null;
  const minutes = Math.round(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return unit(hours, "hour");
  return unit(minutes, "minute");
}
