// A shipment's Status in the list: where its containers are, in words ("At port", or "2 at port · 1 picked up"
// when its boxes are in different places), from the API's `containers_by_phase`.
import { journeyPhaseWords } from "../../../api/milestone-words";
import type { ShipmentAttributes } from "../../../api/shipments";
import { JOURNEY_PHASES } from "../../../api/triage";

/** The words, in journey order; null for a shipment with no containers yet. */
export function phaseSummary(byPhase: ShipmentAttributes["containers_by_phase"]): string | null {
  const present = JOURNEY_PHASES.flatMap((phase) => {
    const n = byPhase[phase] ?? 0;
    return n > 0 ? [{ phase, n }] : [];
  });
  const [only] = present;
  if (!only) return null;
  if (present.length === 1) return journeyPhaseWords(only.phase);
  return present.map(({ phase, n }) => `${n} ${journeyPhaseWords(phase).toLowerCase()}`).join(" · ");
}
