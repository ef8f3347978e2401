// What a webhook notification delivers: the `webhook_notification` document, whose `included` holds the
// reference object and what a receiver needs without calling back (for a transport event its container,
// shipment, port, terminal and vessel; for a tracking request its shipment and containers).
//
// Reference objects follow the hosted API: a transport event or tracking request is itself; an ETA change is an
// `estimated_event`, a change of a container's terminal data a `container_updated_event` (with a changeset of
// [before, after] pairs) and a terminal change a `container_pod_terminal_changed_event`. Those three exist only
// in notifications; their id is the id of the recorded account event. (subjects.ts loads the rows of recorded
// events in batches; the examples build subjects from made-up rows.)
import type { z } from "zod";
import type { anyResourceSchema } from "../../api/json-api";
import type { REFERENCE_OBJECT_TYPES } from "../../api/webhooks";
import type { ContainerRecord } from "../db/containers";
import type { TransportEventRow } from "../db/events";
import type { AccountEventRow } from "../db/outbox";
import type { ReferenceData } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import type { TrackingRequestRow } from "../db/tracking-requests";
import type { VesselRow } from "../db/vessels";
import {
  containerResource,
  iso,
  portResource,
  shipmentResource,
  terminalResource,
  transportEventResource,
  vesselResource,
  zonesOf,
} from "../resources/serialize";
import { trackingRequestResource } from "../resources/tracking-request";

export type Resource = z.infer<typeof anyResourceSchema>;
export type ReferenceObjectType = (typeof REFERENCE_OBJECT_TYPES)[number];

/** What one event is about, ready to be wrapped into each subscribed webhook's notification. */
export interface Subject {
  reference: { id: string; type: ReferenceObjectType };
  /** The container the event concerns, if any: deliveries keep order per container. */
  containerId: string | null;
  included: Resource[];
}

const ref = (type: string, id: string | null | undefined) => ({ data: id ? { id, type } : null });

/** Adds resources once each, in order, skipping absent ones. */
function collect(...resources: (Resource | undefined)[]): Resource[] {
  const seen = new Set<string>();
  const list: Resource[] = [];
  for (const r of resources) {
    if (!r || seen.has(`${r.type}/${r.id}`)) continue;
    seen.add(`${r.type}/${r.id}`);
    list.push(r);
  }
  return list;
}

/** Vessels go out without their live position: it is stale on arrival, and its visibility has its own rules. */
const vesselOf = (v: VesselRow | undefined) => (v ? vesselResource(v, { hidePosition: true }) : undefined);

function containerOf(
  reference: ReferenceData,
  record: ContainerRecord | undefined,
  shipment?: ShipmentRecord,
) {
  return record
    ? containerResource(record, { reference, zones: zonesOf(reference, shipment?.shipment) })
    : undefined;
}

// ---- Subjects from rows (shared by real events and examples) ----

export function transportEventSubject(
  reference: ReferenceData,
  te: TransportEventRow,
  container: ContainerRecord | undefined,
  shipment: ShipmentRecord | undefined,
  vessel: VesselRow | undefined,
): Subject {
  const location = te.locationId ? reference.ports.get(te.locationId) : undefined;
  const terminal = te.terminalId ? reference.terminals.get(te.terminalId) : undefined;
  return {
    reference: { id: te.id, type: "transport_event" },
    containerId: te.containerId,
    included: collect(
      transportEventResource(te, reference),
      containerOf(reference, container, shipment),
      shipment ? shipmentResource(shipment, reference) : undefined,
      location ? portResource(location) : undefined,
      terminal ? terminalResource(terminal) : undefined,
      vesselOf(vessel),
    ),
  };
}

export function trackingRequestSubject(
  reference: ReferenceData,
  tr: TrackingRequestRow,
  shipment: ShipmentRecord | undefined,
  containers: ContainerRecord[],
): Subject {
  return {
    reference: { id: tr.id, type: "tracking_request" },
    containerId: null,
    included: collect(
      trackingRequestResource(tr),
      shipment ? shipmentResource(shipment, reference) : undefined,
      ...containers.map((c) => containerOf(reference, c, shipment)),
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
  const to = event.changes?.pod_eta_at?.to;
  return {
    reference: { id: event.id, type: "estimated_event" },
    containerId: null,
    included: collect(
      {
        id: event.id,
        type: "estimated_event",
        attributes: {
          created_at: event.createdAt.toISOString(),
          estimated_timestamp: typeof to === "string" ? to : iso(s.podEtaAt),
          voyage_number: s.podVoyageNumber,
          event: event.event,
          location_locode: pod?.locode ?? null,
          timezone: pod?.timeZone ?? null,
          data_source: "shipping_line",
        },
        relationships: {
          shipment: ref("shipment", s.id),
          port: ref("port", s.portOfDischargeId),
          vessel: ref("vessel", s.podVesselId),
        },
      },
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
): Subject {
  const c = container.container;
  const terminal = c.podTerminalId ? reference.terminals.get(c.podTerminalId) : undefined;
  const related = [
    containerOf(reference, container, shipment),
    shipment ? shipmentResource(shipment, reference) : undefined,
    terminal ? terminalResource(terminal) : undefined,
  ];
  if (event.event === "container.created") {
    return { reference: { id: c.id, type: "container" }, containerId: c.id, included: collect(...related) };
  }
  if (event.event === "container.pod_terminal_changed") {
    return {
      reference: { id: event.id, type: "container_pod_terminal_changed_event" },
      containerId: c.id,
      included: collect(
        {
          id: event.id,
          type: "container_pod_terminal_changed_event",
          attributes: { timestamp: event.createdAt.toISOString(), data_source: "shipping_line" },
          relationships: {
            container: ref("container", c.id),
            shipment: ref("shipment", c.shipmentId),
            terminal: ref("terminal", c.podTerminalId),
          },
        },
        ...related,
      ),
    };
  }
  return {
    reference: { id: event.id, type: "container_updated_event" },
    containerId: c.id,
    included: collect(
      {
        id: event.id,
        type: "container_updated_event",
        attributes: {
          changeset,
          timestamp: event.createdAt.toISOString(),
          timezone: zonesOf(reference, shipment?.shipment).pod,
          data_source: "shipping_line",
        },
        relationships: { container: ref("container", c.id), terminal: ref("terminal", c.podTerminalId) },
      },
      ...related,
    ),
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

export interface NotificationHeader {
  id: string;
  event: string;
  createdAt: Date;
  /** Null for a one-off test delivery (`POST /v2/webhooks/trigger`), which has no webhook. */
  webhookId: string | null;
  test?: boolean;
}

/**
 * The exact text delivered for a notification. `delivery_status` is `pending` in every delivery, as in the
 * hosted API: the document is fixed when the notification is created, so that every attempt sends the same bytes.
 */
export function notificationBody(n: NotificationHeader, subject: Subject): string {
  return JSON.stringify({
    data: {
      id: n.id,
      type: "webhook_notification",
      attributes: {
        id: n.id,
        event: n.event,
        delivery_status: "pending",
        created_at: n.createdAt.toISOString(),
      },
      relationships: {
        reference_object: { data: subject.reference },
        webhook: { data: n.webhookId ? { id: n.webhookId, type: "webhook" } : null },
        webhook_notification_logs: { data: [] },
      },
    },
    included: subject.included,
    ...(n.test ? { meta: { test: true } } : {}),
  });
}
