// One container's journey as its route and map pages show it: the container and its shipment, the journey read
// from its carrier lines (journey.ts), the vessels it names as the account sees them, and when any of it last
// changed. The HTTP handlers serialize it; this module reads and builds it.

import type { Db } from "../db/connection";
import { type ContainerRecord, getContainer } from "../db/containers";
import { journeyEvents } from "../db/journeys";
import { getShipments, type ShipmentRecord } from "../db/shipments";
import { type AccountVessels, accountVessels } from "./account-vessels";
import { buildJourney, type Journey, milestoneLines } from "./journey";

export interface ContainerJourney extends AccountVessels {
  container: ContainerRecord["container"];
  shipmentRecord: ShipmentRecord;
  journey: Journey;
  /** The latest of the container's own change and its carrier lines' arrival. */
  updatedAt: Date;
}

/** The container's journey, or null when the account has no such container. */
export async function containerJourney(
  db: Db,
  accountId: string,
  containerId: string,
): Promise<ContainerJourney | null> {
  const record = await getContainer(db, accountId, containerId);
  if (!record) return null;
  const { container } = record;
  const [shipmentRecord] = await getShipments(db, accountId, [container.shipmentId]);
  if (!shipmentRecord) return null;
  const events = (await journeyEvents(db, accountId, [container.id])).get(container.id) ?? [];
  const journey = buildJourney(milestoneLines(events), shipmentRecord.shipment);
  const vessels = await accountVessels(
    db,
    accountId,
    journey.stops.flatMap((s) => [s.inbound.vesselId, s.outbound.vesselId]),
  );
  const updatedAt = events.reduce(
    (latest, e) => (e.createdAt > latest ? e.createdAt : latest),
    container.updatedAt,
  );
  return { container, shipmentRecord, journey, ...vessels, updatedAt };
}
