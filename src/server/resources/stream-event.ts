// An account event as the live stream sends it (`GET /v2/stream`, src/api/stream.ts): the ids of what it touches,
// so that a client refreshes exactly the queries that are stale, and what changed for the events that say so.
import type { StreamEvent } from "../../api/stream";
import type { WebhookEventName } from "../../api/webhook-events";
import type { StreamLogRow } from "../db/stream-log";

export function streamEventData(row: StreamLogRow): StreamEvent {
  // The row names its container and shipment beside its reference, except where the reference is that container
  // or shipment itself; the client gets both either way.
  const about = (type: string) => (row.referenceType === type ? row.referenceId : null);
  return {
    id: row.id,
    event: row.event as WebhookEventName,
    created_at: row.createdAt.toISOString(),
    reference: { type: row.referenceType, id: row.referenceId },
    shipment_id: row.shipmentId ?? about("shipment"),
    container_id: row.containerId ?? about("container"),
    tracking_request_id: about("tracking_request"),
    changes: row.changes ?? null,
  };
}
