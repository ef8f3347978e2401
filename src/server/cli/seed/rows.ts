// Database rows of a planned scale account: shipments, containers and tracking requests, each copied from its journey
// template through the snapshot writer's own column mapping and moved in time; and the template event lines that
// the seeder copies to every container in SQL.
import { normalizeRequestNumber } from "../../../api/tracking-requests";
import type { ReferenceData } from "../../db/reference-data";
import type { containers, shipments, trackingRequests } from "../../db/schema";
import type { CarrierContainer, CarrierEvent } from "../../tracking/carrier-adapter";
import { transportEventName } from "../../tracking/milestones";
import {
  aboardColumns,
  type ContainerColumns,
  containerColumns,
  shipmentColumns,
} from "../../tracking/snapshot-derive";
import { terminalIdOf } from "../../tracking/snapshot-resolve";
import type { JourneyLibrary, JourneyMoment } from "./journeys";
import type { PlannedRequest, PlannedShipment } from "./plan";
import type { seedBoxes, seedEvents } from "./temp-tables";

type ShipmentInsert = typeof shipments.$inferInsert;
type ContainerInsert = typeof containers.$inferInsert;

/** Every date among the values moved by `shiftMs`; other values as they are. */
function moved<T extends Record<string, unknown>>(columns: T, shiftMs: number): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) {
    out[key] = value instanceof Date ? new Date(value.getTime() + shiftMs) : value;
  }
  return out as T;
}

const at = (ms: number | null) => (ms === null ? null : new Date(ms));

export interface RowContext {
  reference: ReferenceData;
  accountId: string;
  /** The account's user, who stopped the shipments stopped by a user. */
  userId: string | null;
  /** Vessel ids by IMO. */
  vesselIds: Map<string, string>;
  /** The account's party ids by company name: a shipment's customer. */
  customerIds: Map<string, string>;
  library: JourneyLibrary;
}

/** Per-moment and per-box columns, computed once however many shipments copy them. */
export class RowFactory {
  readonly #context: RowContext;
  readonly #shipmentColumns = new Map<JourneyMoment, ReturnType<typeof shipmentColumns>>();
  readonly #containerColumns = new Map<number, ContainerColumns>();

  constructor(context: RowContext) {
    this.#context = context;
  }

  shipment(plan: PlannedShipment): ShipmentInsert {
    const { reference, accountId, userId, vesselIds, customerIds } = this.#context;
    const { moment } = plan.template;
    let columns = this.#shipmentColumns.get(moment);
    if (!columns) {
      columns = shipmentColumns(reference, moment.snapshot, vesselIds);
      this.#shipmentColumns.set(moment, columns);
    }
    const line =
      reference.shippingLinesByScac.get(moment.snapshot.scac) ??
      reference.shippingLinesByScac.get(moment.base.scac);
    if (!line) throw new Error(`no shipping line with SCAC ${moment.snapshot.scac}`);
    const firstEta = moment.base.firstPodEta;
    return {
      ...moved(columns, plan.shiftMs),
      id: plan.id,
      accountId,
      createdAt: new Date(plan.createdAt),
      updatedAt: new Date(plan.updatedAt),
      billOfLadingNumber: plan.billOfLading,
      normalizedNumber: normalizeRequestNumber(plan.billOfLading),
      refNumbers: plan.refNumbers,
      tags: plan.tags,
      shippingLineId: line.id,
      customerName: plan.customerName,
      customerId: plan.customerName === null ? null : (customerIds.get(plan.customerName) ?? null),
      podOriginalEtaAt: firstEta ? new Date(firstEta.getTime() + plan.shiftMs) : null,
      lineTrackingLastAttemptedAt: new Date(plan.lastAttemptedAt),
      lineTrackingLastSucceededAt: new Date(plan.lastSucceededAt),
      lineTrackingStoppedAt: at(plan.stoppedAt),
      lineTrackingStoppedReason: plan.reason,
      lineTrackingStoppedByUserId: plan.reason === "cancelled_by_user" ? userId : null,
      // Without `engine`, not the engine's to refresh: as a shipment imported by hand.
      trackingRequestType: plan.engine?.requestType ?? null,
      trackingRequestNumber: plan.engine?.requestNumber ?? null,
      trackingRequestedAt: at(plan.engine?.requestedAt ?? null),
      nextRefreshAt: at(plan.engine?.nextRefreshAt ?? null),
    };
  }

  containers(plan: PlannedShipment): ContainerInsert[] {
    const { reference, accountId, library, vesselIds } = this.#context;
    return plan.containers.map((planned) => {
      let columns = this.#containerColumns.get(planned.boxKey);
      if (!columns) {
        const { moment, box } = library.boxes[planned.boxKey]!;
        columns = {
          ...containerColumns(reference, moment.snapshot, box),
          ...aboardColumns(reference, box, vesselIds),
        };
        this.#containerColumns.set(planned.boxKey, columns);
      }
      return {
        ...moved(columns, plan.shiftMs),
        id: planned.id,
        accountId,
        shipmentId: plan.id,
        // The snapshot writer stamps all of a shipment's containers with the moment it writes them.
        createdAt: new Date(plan.createdAt),
        updatedAt: new Date(plan.updatedAt),
        number: planned.number,
        sealNumber: planned.sealNumber,
      };
    });
  }

  boxes(plan: PlannedShipment): (typeof seedBoxes.$inferInsert)[] {
    return plan.containers.map((planned) => ({
      boxKey: planned.boxKey,
      containerId: planned.id,
      shipmentId: plan.id,
      shiftMs: plan.shiftMs,
      createdAt: new Date(plan.createdAt),
      lastAt: new Date(plan.stoppedAt ?? plan.lastSucceededAt),
    }));
  }

  request(planned: PlannedRequest, shipmentId: string | null): typeof trackingRequests.$inferInsert {
    return {
      id: planned.id,
      accountId: this.#context.accountId,
      requestType: planned.type,
      requestNumber: planned.number,
      normalizedNumber: normalizeRequestNumber(planned.number),
      scac: planned.scac,
      refNumbers: planned.refNumbers,
      tags: planned.tags,
      status: planned.status,
      failedReason: planned.failedReason,
      isRetrying: planned.isRetrying,
      retryCount: planned.retryCount,
      shipmentId,
      nextAttemptAt: at(planned.nextAttemptAt),
      createdAt: new Date(planned.createdAt),
      updatedAt: new Date(planned.updatedAt),
    };
  }

  /** The carrier lines of one template box, as the snapshot writer stores them, before any move in time. */
  templateEvents(boxKey: number): (typeof seedEvents.$inferInsert)[] {
    const { library } = this.#context;
    return eventRows(this.#context, boxKey, library.boxes[boxKey]!.box);
  }
}

function eventRows(
  context: RowContext,
  boxKey: number,
  box: CarrierContainer,
): (typeof seedEvents.$inferInsert)[] {
  const { reference, vesselIds } = context;
  return box.events.map((e, index) => ({
    boxKey,
    index,
    event: seededMilestone(e),
    originalEvent: e.originalEvent,
    at: e.at,
    estimated: e.estimated,
    voyageNumber: e.voyageNumber ?? null,
    locationId: e.place ? (reference.portsByLocode.get(e.place.locode)?.id ?? null) : null,
    locationName: e.place?.name ?? null,
    vesselId: e.vesselImo ? (vesselIds.get(e.vesselImo) ?? null) : null,
    terminalId: terminalIdOf(reference, e.terminal),
    carrierKey: e.key,
    transportEvent: transportEventName(e),
  }));
}

/**
 * The seed copies the sandbox's lines, and the sandbox names a milestone for every line it writes: a line without
 * one (which only a real carrier's unknown code makes) would be a bug in the sandbox, not data to seed.
 */
function seededMilestone(e: CarrierEvent): string {
  if (e.event === null) throw new Error(`sandbox line ${e.key} names no milestone`);
  return e.event;
}
