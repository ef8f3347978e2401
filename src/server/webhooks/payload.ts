// What a webhook notification delivers: the `webhook_notification` document, whose `included` holds the
// reference object and what a receiver needs without calling back (for a transport event its container,
// shipment, port, terminal and vessel; for a tracking request its shipment and containers).
//
// Reference objects follow the hosted API: a transport event or tracking request is itself; an ETA change, a
// change of a container's terminal data and a terminal change are the notification-only objects of
// resources/notification-events.ts. (subjects.ts loads the rows of recorded events in batches; the examples
// build subjects from made-up rows.)
//
// A container goes out with its demurrage and detention counted as `GET /v2/containers/{id}` counts them at the
// moment of the fan-out (its account's tariffs, the service's now): a receiver reads the same numbers there.
import type { REFERENCE_OBJECT_TYPES } from "../../api/webhooks";
import type { ContainerRecord } from "../db/containers";
import type { TransportEventRow } from "../db/events";
import type { AccountEventRow } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import type { TrackingRequestRow } from "../db/tracking-requests";
import type { VesselRow } from "../db/vessels";
import { type ContainerContext, containerResource, zonesOf } from "../resources/containers";
import { Included } from "../resources/documents";
import { transportEventResource } from "../resources/events";
import {
  containerUpdatedEventResource,
  estimatedEventResource,
  podTerminalChangedEventResource,
} from "../resources/notification-events";
import { portResource, terminalResource } from "../resources/reference";
import type { Resource } from "../resources/refs";
import { shipmentResource } from "../resources/shipments";
import { trackingRequestResource } from "../resources/tracking-request";
import { vesselResource } from "../resources/vessels";
import { deliveredNotificationDocument, type NotificationHeader } from "../resources/webhooks";

export type { NotificationHeader, Resource };
export type ReferenceObjectType = (typeof REFERENCE_OBJECT_TYPES)[number];

/** What one event is about, ready to be wrapped into each subscribed webhook's notification. */
export interface Subject {
  reference: { id: string; type: ReferenceObjectType };
  /** The container the event concerns, if any: deliveries keep order per container. */
  containerId: string | null;
  included: Resource[];
}

/** Vessels go out without their live position: it is stale on arrival, and its visibility has its own rules. */
const vesselOf = (v: VesselRow | undefined) => (v ? vesselResource(v, { hidePosition: true }) : undefined);

/** The account's tariffs and the service's now, which a container's free time is counted with. */
export type FreeTimeCount = ContainerContext["freeTime"];

function containerOf(
  reference: ReferenceData,
  record: ContainerRecord | undefined,
  shipment: ShipmentRecord | undefined,
  freeTime: FreeTimeCount,
) {
  return record ? containerResource(record, { reference, shipment, freeTime }) : undefined;
}

// ---- Subjects from rows (shared by real events and examples) ----

export function transportEventSubject(
  reference: ReferenceData,
  te: TransportEventRow,
  container: ContainerRecord | undefined,
  shipment: ShipmentRecord | undefined,
  vessel: VesselRow | undefined,
  freeTime: FreeTimeCount,
): Subject {
  const location = te.locationId ? reference.ports.get(te.locationId) : undefined;
  const terminal = te.terminalId ? reference.terminals.get(te.terminalId) : undefined;
  return {
    reference: { id: te.id, type: "transport_event" },
    containerId: te.containerId,
    included: Included.of(
      transportEventResource(te, reference),
      containerOf(reference, container, shipment, freeTime),
      shipment ? shipmentResource(shipment, reference) : undefined,
      location ? portResource(location) : undefined,
      terminal ? terminalResource(terminal, reference) : undefined,
      vesselOf(vessel),
    ),
  };
}

export function trackingRequestSubject(
  reference: ReferenceData,
  tr: TrackingRequestRow,
  shipment: ShipmentRecord | undefined,
  containers: ContainerRecord[],
  freeTime: FreeTimeCount,
): Subject {
  return {
    reference: { id: tr.id, type: "tracking_request" },
    containerId: null,
    included: Included.of(
      trackingRequestResource(tr),
      shipment ? shipmentResource(shipment, reference) : undefined,
      ...containers.map((c) => containerOf(reference, c, shipment, freeTime)),
    ),
  };
}

export function estimatedArrivalSubject(
  reference: ReferenceData,
  event: Pick<AccountEventRow, "id" | "event" | "createdAt" | "changes">,
  shipment: ShipmentRecord,
  vessel: VesselRow | undefined,
): Subject {
  const s = shipment.shipment;
  const pod = s.portOfDischargeId ? reference.ports.get(s.portOfDischargeId) : undefined;
  return {
    reference: { id: event.id, type: "estimated_event" },
    containerId: null,
    included: Included.of(
      estimatedEventResource(reference, event, s, event.changes?.pod_eta_at?.to),
      shipmentResource(shipment, reference),
      pod ? portResource(pod) : undefined,
      vesselOf(vessel),
    ),
  };
}

export function containerEventSubject(
  reference: ReferenceData,
  event: Pick<AccountEventRow, "id" | "event" | "createdAt">,
  changeset: Record<string, [unknown, unknown]>,
  container: ContainerRecord,
  shipment: ShipmentRecord | undefined,
  freeTime: FreeTimeCount,
): Subject {
  const c = container.container;
  const terminal = c.podTerminalId ? reference.terminals.get(c.podTerminalId) : undefined;
  const related = [
    containerOf(reference, container, shipment, freeTime),
    shipment ? shipmentResource(shipment, reference) : undefined,
    terminal ? terminalResource(terminal, reference) : undefined,
  ];
  if (event.event === "container.created") {
    return {
      reference: { id: c.id, type: "container" },
      containerId: c.id,
      included: Included.of(...related),
    };
  }
  if (event.event === "container.pod_terminal_changed") {
    return {
      reference: { id: event.id, type: "container_pod_terminal_changed_event" },
      containerId: c.id,
      included: Included.of(podTerminalChangedEventResource(event, c), ...related),
    };
  }
  return {
    reference: { id: event.id, type: "container_updated_event" },
    containerId: c.id,
    included: Included.of(
      containerUpdatedEventResource(event, c, changeset, zonesOf(reference, shipment?.shipment).pod),
      ...related,
    ),
  };
}

/** A document read (or not): the document, with its latest representation when there is one. */
export function documentSubject(document: Resource, representation: Resource | undefined): Subject {
  return {
    reference: { id: document.id, type: "document" },
    containerId: null,
    included: Included.of(document, representation),
  };
}

export function shipmentSubject(reference: ReferenceData, shipment: ShipmentRecord): Subject {
  return {
    reference: { id: shipment.shipment.id, type: "shipment" },
    containerId: null,
    included: [shipmentResource(shipment, reference)],
  };
}

// ---- The delivered document ----

/**
 * The exact text delivered for a notification: fixed when the notification is created, so that every attempt
 * sends the same bytes.
 */
export function notificationBody(n: NotificationHeader, subject: Subject): string {
  return JSON.stringify(deliveredNotificationDocument(n, subject.reference, subject.included));
}
