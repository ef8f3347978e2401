// The webhook event names of the /v2 contract, grouped as the seed's Events table groups them, and the delivery
// statuses of a notification. Plain data without zod, so that the dashboard's first script (which validates
// every address, the notification log's filters included) can use them without the contract's schemas.

/** The seed's Events table: every name a webhook may subscribe to, by group, with what it means. */
export const WEBHOOK_EVENT_GROUPS = [
  {
    id: "vessel-events",
    name: "Vessel",
    events: [
      [
        "container.transport.vessel_arrived",
        "The vessel carrying the container arrived at the port of discharge.",
      ],
      ["container.transport.vessel_discharged", "The container was discharged from the vessel."],
      ["container.transport.vessel_loaded", "The container was loaded on the vessel at the port of lading."],
      [
        "container.transport.vessel_departed",
        "The vessel carrying the container departed the port of lading.",
      ],
      ["container.transport.vessel_berthed", "The vessel carrying the container berthed at the terminal."],
      [
        "container.transport.estimated.vessel_departed",
        "The line's estimated departure from the port of lading was published or moved.",
      ],
      [
        "container.transport.estimated.vessel_arrived",
        "The line's estimated arrival at the port of discharge was published or moved.",
      ],
    ],
  },
  {
    id: "rail-events",
    name: "Rail",
    events: [
      ["container.transport.rail_departed", "The train carrying the container departed."],
      ["container.transport.rail_arrived", "The train carrying the container arrived."],
      ["container.transport.rail_loaded", "The container was loaded on a train."],
      ["container.transport.rail_unloaded", "The container was unloaded from a train."],
    ],
  },
  {
    id: "transshipment-events",
    name: "Transshipment",
    events: [
      ["container.transport.transshipment_arrived", "The container arrived at a transshipment port."],
      [
        "container.transport.transshipment_discharged",
        "The container was discharged at a transshipment port.",
      ],
      ["container.transport.transshipment_loaded", "The container was loaded at a transshipment port."],
      ["container.transport.transshipment_departed", "The container departed a transshipment port."],
    ],
  },
  {
    id: "feeder-events",
    name: "Feeder",
    events: [
      ["container.transport.feeder_arrived", "The feeder vessel carrying the container arrived."],
      ["container.transport.feeder_discharged", "The container was discharged from a feeder vessel."],
      ["container.transport.feeder_loaded", "The container was loaded on a feeder vessel."],
      ["container.transport.feeder_departed", "The feeder vessel carrying the container departed."],
    ],
  },
  {
    id: "gate-events",
    name: "Gate",
    events: [
      ["container.transport.empty_out", "The empty container was picked up for stuffing."],
      ["container.transport.full_in", "The full container was gated in at the port of lading."],
      [
        "container.transport.full_out",
        "The full container was picked up at the port of discharge or destination.",
      ],
      [
        "container.transport.delivered",
        "The line delivered the container to the consignee (a door delivery by its own truck).",
      ],
      ["container.transport.empty_in", "The empty container was returned."],
    ],
  },
  {
    id: "inland-events",
    name: "Inland",
    events: [
      [
        "container.transport.arrived_at_inland_destination",
        "The container arrived at its inland destination.",
      ],
      [
        "container.transport.estimated.arrived_at_inland_destination",
        "The estimated arrival at the inland destination changed.",
      ],
    ],
  },
  {
    id: "availability-events",
    name: "Availability",
    events: [
      ["container.transport.available", "The container became available for pickup."],
      [
        "container.transport.not_available",
        "The container was reported not available for pickup (a hold at the terminal).",
      ],
    ],
  },
  {
    id: "container-events",
    name: "Container",
    events: [
      ["container.created", "A container was added to a tracked shipment."],
      ["container.updated", "Terminal data of the container changed (availability, holds, fees, deadlines)."],
      ["container.pod_terminal_changed", "The container's terminal at the port of discharge changed."],
      ["container.pickup_lfd.changed", "The last free day for pickup changed."],
      ["container.pickup_lfd_terminal.changed", "The terminal's last free day changed."],
      ["container.pickup_lfd_line.changed", "The shipping line's last free day changed."],
      [
        "container.pickup_lfd_rail.changed",
        "The rail facility's last free day at the inland destination changed.",
      ],
      ["container.pickup_appointment.changed", "The pickup appointment was made, moved or cancelled."],
    ],
  },
  {
    id: "shipment-events",
    name: "Shipment",
    events: [["shipment.estimated.arrival", "The estimated arrival at the port of discharge changed."]],
  },
  {
    id: "tracking-request-events",
    name: "Tracking request",
    events: [
      ["tracking_request.succeeded", "The tracking request found its shipment, which is now tracked."],
      ["tracking_request.failed", "The tracking request failed; failed_reason says why."],
      ["tracking_request.awaiting_manifest", "The booking is known but the carrier has no manifest yet."],
      ["tracking_request.tracking_stopped", "Tracking of the request's shipment stopped."],
    ],
  },
  {
    id: "document-events",
    name: "Document",
    events: [
      ["document.extracted", "A document was read: its type, fields and the numbers it names are ready."],
      ["document.extraction_failed", "A document could not be read; extraction_failure_reason says why."],
    ],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  events: readonly (readonly [string, string])[];
}[];

export type WebhookEventName = (typeof WEBHOOK_EVENT_GROUPS)[number]["events"][number][0];

export const WEBHOOK_EVENTS: readonly WebhookEventName[] = WEBHOOK_EVENT_GROUPS.flatMap((g) =>
  g.events.map(([name]) => name),
);
const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENTS);
export const isWebhookEvent = (name: string): name is WebhookEventName => KNOWN_EVENTS.has(name);

/** Where a notification's delivery stands. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
