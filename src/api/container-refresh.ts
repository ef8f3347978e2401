// `PATCH /v2/containers/{id}/refresh` of the /v2 contract, shaped as the hosted API has it: ask the tracking engine
// to look at this container's shipment now instead of at its next turn. It answers at once with what it started;
// what the look finds arrives as it always does, as events (webhooks, the live stream, the container's reads).
import { z } from "zod";

/**
 * One refresh per container in this many seconds; a sooner one is a 429 with `Retry-After` (seconds until the
 * container may be refreshed again) and the hosted API's wording.
 */
export const REFRESH_INTERVAL_SECONDS = 60;

export const refreshResultSchema = z
  .object({
    /** What was started, as the hosted API words it: "Started refresh for Shipping line, Terminal". */
    message: z.string(),
  })
  .meta({ id: "RefreshResult" });
export type RefreshResult = z.infer<typeof refreshResultSchema>;
