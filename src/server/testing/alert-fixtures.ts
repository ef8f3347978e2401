// Alert tests' changes: a vessel arrival of a new container recorded as the engine records one (an outbox row,
// fanned out into the account's event log), then read by the alerts worker, so that every "vessel arrived" rule of
// the account whose scope takes it tells.
import { insertOutbox } from "../db/outbox";
import { type Harness, insertShipment } from "./service-harness";

/** Records the arrival and runs the alerts worker once; answers the new container's id. */
export async function recordArrival(h: Harness, accountId: string, containerNumber: string): Promise<string> {
  const { shipment, containers } = await insertShipment(h.db, accountId, {
    containerNumbers: [containerNumber],
  });
  const containerId = containers[0]!.id;
  await insertOutbox(h.db, [
    {
      accountId,
      shipmentId: shipment.id,
      containerId,
      createdAt: h.clock.now(),
      event: "container.transport.vessel_arrived",
      referenceType: "transport_event",
      referenceId: containerId,
    },
  ]);
  await h.service.webhookDelivery.fanOut();
  await h.service.alerts.runOnce();
  return containerId;
}
