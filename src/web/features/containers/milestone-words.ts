// Words for the timeline: the names of the stays and legs of a journey (each milestone's own words are the
// contract's, src/api/milestone-words.ts, which the MCP tools use too).

import type { Place } from "../../../api/timeline-merge";
import type { Move, Stay } from "./timeline-legs";

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
