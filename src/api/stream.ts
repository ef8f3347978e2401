// The live stream of the /v2 contract (`GET /v2/stream`): Server-Sent Events that tell a client, within seconds,
// what the service recorded for its account, so that a dashboard refreshes exactly what changed. Plain data and
// one zod schema, shared by the service (which writes the events) and the dashboard (which reads them).
//
// The wire, as the SSE standard has it:
//   id: 18342                      the event's position in the account's event log (a decimal string)
//   event: container.updated       one of the webhook event names (WEBHOOK_EVENTS), or VESSEL_POSITIONS_EVENT
//   data: {"id":"…","event":…}     one line of JSON, `streamEventSchema`
// A client that reconnects sends the last `id` it saw as `Last-Event-ID` and gets every account event recorded
// after it, from the database's log (not one process's memory), then the live ones. Comment lines (`: ping`)
// keep idle connections open through proxies; clients ignore them.
import { z } from "zod";
import type { WebhookEventName } from "./webhook-events";

export const STREAM_PATH = "/v2/stream";

/**
 * Sent when vessel positions were recorded (they are shared by every account, so they are not in an account's
 * log): no `id`, nothing to resume, the client refreshes its vessels. At most one per positions write.
 */
export const VESSEL_POSITIONS_EVENT = "vessel_positions.updated";

/**
 * Sent once right after the connection opens, before any other event: `data` is `{ "resumed": boolean, "last_event_id": string | null }`,
 * where `resumed` says whether the `Last-Event-ID` sent was still in the log (false: the client must refetch
 * everything it shows, because events may have been missed). The service gives this event an `id` too, the
 * position the stream goes on after, and sends the same as `last_event_id`: a client that reconnects before any
 * other event arrived sends it back and loses nothing recorded since it first connected.
 */
export const STREAM_READY_EVENT = "stream.ready";

/** How long, in milliseconds, the service asks a client to wait before reconnecting (the SSE `retry:` field). */
export const STREAM_RETRY_MS = 2_000;

/** A comment line is sent at least this often (milliseconds) on an idle connection. */
export const STREAM_HEARTBEAT_MS = 15_000;

/** What the resources an event touches are: the ids a client needs to know which of its queries are stale. */
export const streamEventSchema = z
  .object({
    /** The account event's own id (a UUID); the same as the webhook notification's `event` id source. */
    id: z.string(),
    event: z.string(),
    created_at: z.string(),
    /** The resource the event is about: `transport_event`, `tracking_request`, `shipment` or `container`. */
    reference: z.object({ type: z.string(), id: z.string() }),
    shipment_id: z.string().nullable(),
    container_id: z.string().nullable(),
    /** Set when the event is about a tracking request (`tracking_request.*`). */
    tracking_request_id: z.string().nullable(),
    /** For `container.updated` and `shipment.estimated.arrival`: which attributes changed, from and to. */
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  })
  .meta({ id: "StreamEvent" });
export type StreamEvent = z.infer<typeof streamEventSchema> & { event: WebhookEventName };

/** `stream.ready`'s data. */
export const streamReadySchema = z.object({
  resumed: z.boolean(),
  last_event_id: z.string().nullable(),
});
export type StreamReady = z.infer<typeof streamReadySchema>;
