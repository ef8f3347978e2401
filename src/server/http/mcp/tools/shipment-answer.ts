// Parts of the shipment tools' answers: a shipment's tracking state (stopped or on, since when, why) and our predicted
// arrival, as structured content and as the sentences of the tools' text.
import { z } from "zod";
import { type Shipment, TRACKING_STOPPED_REASONS } from "../../../../api/shipments";
import { timeInZone } from "../tool-result";

export const trackingOutput = z.object({
  stopped: z.boolean(),
  stopped_at: z.string().nullable().describe("In UTC."),
  stopped_reason: z.enum(TRACKING_STOPPED_REASONS).nullable(),
  line_last_answered_at: z.string().nullable().describe("When the shipping line last answered, in UTC."),
});

export function trackingOf(shipment: Shipment): z.infer<typeof trackingOutput> {
  const a = shipment.attributes;
  return {
    stopped: a.line_tracking_stopped_at !== null,
    stopped_at: timeInZone(a.line_tracking_stopped_at, null),
    stopped_reason: a.line_tracking_stopped_reason,
    line_last_answered_at: timeInZone(a.line_tracking_last_succeeded_at, null),
  };
}

export const stopWords = (tracking: z.infer<typeof trackingOutput>) =>
  tracking.stopped
    ? `Tracking stopped ${tracking.stopped_at}${tracking.stopped_reason ? ` (${tracking.stopped_reason})` : ""}.`
    : "Tracking is on.";

/** Our prediction in a sentence, beside the line's ETA the first line gave. */
export function predictionWords(
  p: { at: string | null; earliest: string | null; latest: string | null; reason: string | null } | null,
): string[] {
  if (!p?.at) return [];
  const window = p.earliest && p.latest ? ` (likely between ${p.earliest} and ${p.latest})` : "";
  return [`Our predicted arrival: ${p.at}${window}.${p.reason ? ` ${p.reason}` : ""}`];
}
