// Container events written as the tracking engine writes them (a transport event and its account event, the
// outbox row the webhook worker fans out), in one transaction: how the webhook benchmark and the fault suite give
// the webhook worker work without running the engine. Each becomes one notification per subscribed webhook.

import { DAY } from "../../api/durations";
import type { Db } from "../db/connection";
import { portId, terminalId } from "../db/reference-data";
import { accountEvents, transportEvents } from "../db/schema";

export interface EventToRecord {
  accountId: string;
  shipmentId: string;
  containerId: string;
  /** A transport event's name, e.g. `container.transport.vessel_loaded`. */
  event: string;
}

/** Rows per statement: two statements a slice, well under PostgreSQL's limit on bound parameters. */
const SLICE = 500;

/** Records the events in one transaction; returns when it has committed. */
export async function recordContainerEvents(db: Db, list: EventToRecord[]): Promise<void> {
  const recordedAt = new Date();
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += SLICE) {
      const slice = list.slice(i, i + SLICE);
      const rows = await tx
        .insert(transportEvents)
        .values(
          slice.map((e, j) => ({
            accountId: e.accountId,
            shipmentId: e.shipmentId,
            containerId: e.containerId,
            event: e.event,
            // A minute apart, a month ago: in the past, as carriers report them, and in a stable order.
            timestamp: new Date(recordedAt.getTime() - 30 * DAY + (i + j) * 60_000),
            voyageNumber: "077W",
            locationId: portId("USLAX"),
            terminalId: terminalId("USLAX", "APM Terminals", "APMT"),
            createdAt: recordedAt,
          })),
        )
        .returning({ id: transportEvents.id });
      await tx.insert(accountEvents).values(
        slice.map((e, j) => ({
          accountId: e.accountId,
          event: e.event,
          referenceType: "transport_event",
          referenceId: rows[j]!.id,
          shipmentId: e.shipmentId,
          containerId: e.containerId,
          createdAt: recordedAt,
        })),
      );
    }
  });
}
