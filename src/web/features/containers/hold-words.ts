// What the top of the container page may say while a hold is on: the position summary's "next" step must not
// promise "available for pickup" (the carrier's plan) when customs or the line still hold the box.
import { holdList } from "../../../api/pickup";
import type { Milestone } from "../../../api/timeline-merge";

/** The milestones that announce the box as free to collect: never said while a hold is on. */
const FREES_THE_BOX = new Set(["available"]);

/** Whether the summary must not say this milestone while these holds are on. */
export function silencedByHolds(milestone: Milestone | null, holds: readonly string[]): boolean {
  return milestone !== null && holds.length > 0 && FREES_THE_BOX.has(milestone.name ?? "");
}

/** The step that stands before pickup while holds are on: "Next: the customs hold must be released first." */
export function nextWhileHeld(holds: readonly string[]): string {
  return `Next: the ${holdList(holds)} ${holds.length === 1 ? "hold" : "holds"} must be released before it can be picked up.`;
}

/** In place of "At Ngqura: available for pickup": the box is there, but held. */
export function heldWords(holds: readonly string[]): string {
  return `on hold: ${holds.join(", ")}`;
}
