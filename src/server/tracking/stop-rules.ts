// When the engine stops tracking a shipment by itself, and with which of the hosted API's
// `line_tracking_stopped_reason` values. Pure rules over what the carrier shows, so every adapter gets them.

import { DAY } from "../../api/durations";
import { TRACKING_STOP_WINDOW_DAYS, type TrackingStoppedReason } from "../../api/shipments";
import type { CarrierSnapshot } from "./carrier-adapter";

/**
 * A shipment that arrived this long ago and is still not finished is not going to tell us more: containers
 * left at a terminal this long are in general order, or their empty return is simply never reported.
 */
export const ARRIVAL_WINDOW_MS = TRACKING_STOP_WINDOW_DAYS.past_arrival_window * DAY;
/** Every container left the terminal full this long ago, and no empty return was ever reported. */
export const FULL_OUT_WINDOW_MS = TRACKING_STOP_WINDOW_DAYS.past_full_out_window * DAY;
/** The carrier has not answered a lookup for this long (the number vanished from its system). */
export const NO_UPDATES_WINDOW_MS = TRACKING_STOP_WINDOW_DAYS.no_updates_at_line * DAY;

export type AutomaticStopReason = Exclude<TrackingStoppedReason, "cancelled_by_user">;

/** The reason to stop tracking after this snapshot, or null to keep tracking. */
export function stopReasonForSnapshot(snapshot: CarrierSnapshot, now: Date): AutomaticStopReason | null {
  if (snapshot.complete) return "all_containers_terminated";
  const lastFullOut = latestFullOut(snapshot);
  if (lastFullOut !== null && now.getTime() - lastFullOut >= FULL_OUT_WINDOW_MS)
    return "past_full_out_window";
  const arrived = snapshot.destinationAta ?? snapshot.podAta;
  if (arrived && now.getTime() - arrived.getTime() >= ARRIVAL_WINDOW_MS) return "past_arrival_window";
  return null;
}

/** The reason to stop tracking a shipment whose carrier stopped answering, or null to keep asking. */
export function stopReasonForSilence(lastSucceededAt: Date | null, now: Date): AutomaticStopReason | null {
  if (lastSucceededAt && now.getTime() - lastSucceededAt.getTime() >= NO_UPDATES_WINDOW_MS) {
    return "no_updates_at_line";
  }
  return null;
}

/** When the last container left full, if every container has (an actual, not a planned, full out). */
function latestFullOut(snapshot: CarrierSnapshot): number | null {
  if (snapshot.containers.length === 0) return null;
  let latest = 0;
  for (const container of snapshot.containers) {
    const fullOut = container.events.filter((e) => e.event === "full_out" && !e.estimated).at(-1);
    if (!fullOut) return null;
    latest = Math.max(latest, fullOut.at.getTime());
  }
  return latest;
}
