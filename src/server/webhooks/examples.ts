// Example data for test deliveries and the payload examples: a plausible shipment from Shanghai to Los Angeles
// with one container, built as rows and serialized by the same code as real notifications, so that an example
// has exactly the shape a receiver will later get (its container's free time counted under the published tariffs,
// as a new account's is). Every id is fresh, so an example never matches real data.
import { randomUUID } from "node:crypto";
import { EMPTY_FIELDS, fullVersionOf, SCHEMA_VERSION } from "../../api/document-schemas";
import { DAY } from "../../api/durations";
import type { WebhookEventName } from "../../api/webhooks";
import type { ContainerRecord } from "../db/containers";
import type { TransportEventRow } from "../db/events";
import { publishedTariffsByLine } from "../db/free-time-tariffs";
import { portId, type ReferenceData, shippingLineId, terminalId } from "../db/reference-data";
import type { ShipmentRecord } from "../db/shipments";
import type { TrackingRequestRow } from "../db/tracking-requests";
import type { VesselRow } from "../db/vessels";
import type { Resource } from "../resources/refs";
import { documentResource, representationResource } from "../resources/shipping-documents";
import {
  containerEventSubject,
  documentSubject,
  estimatedArrivalSubject,
  type Subject,
  trackingRequestSubject,
  transportEventSubject,
} from "./payload";

export function exampleSubject(reference: ReferenceData, event: WebhookEventName, now: Date): Subject {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const accountId = randomUUID();
  const freeTime = { tariffs: publishedTariffsByLine(), now };
  const pol = reference.ports.get(portId("CNSHA")) ? portId("CNSHA") : null;
  const pod = reference.ports.get(portId("USLAX")) ? portId("USLAX") : null;
  const apm = terminalId("USLAX", "APM Terminals", "APMT");
  const terminal = reference.terminals.get(apm) ? apm : null;
  const vessel: VesselRow = {
    id: randomUUID(),
    name: "EXAMPLE EXPRESS",
    imo: "9811000",
    mmsi: "219000123",
    latitude: null,
    longitude: null,
    speedKnots: null,
    headingDegrees: null,
    positionAt: null,
  };
  const shipmentId = randomUUID();
  const containerId = randomUUID();
  const eventIds = [randomUUID(), randomUUID()];
  const shipment: ShipmentRecord = {
    shipment: {
      id: shipmentId,
      accountId,
      createdAt: at(-20),
      updatedAt: now,
      billOfLadingNumber: "MAEU260000001",
      normalizedNumber: "260000001",
      refNumbers: ["PO-EXAMPLE-1"],
      searchText: "MAEU260000001 260000001 PO-EXAMPLE-1",
      tags: [],
      shippingLineId: shippingLineId("MAEU"),
      customerName: null,
      customerId: null,
      portOfLadingId: pol,
      portOfDischargeId: pod,
      destinationId: null,
      podTerminalId: terminal,
      destinationTerminalId: null,
      podVesselId: vessel.id,
      podVoyageNumber: "612E",
      polEtdAt: at(-18),
      polAtdAt: at(-18),
      podEtaAt: at(1),
      podOriginalEtaAt: at(0),
      podAtaAt: null,
      nextArrivalAt: at(1),
      destinationEtaAt: null,
      destinationAtaAt: null,
      lineTrackingLastAttemptedAt: now,
      lineTrackingLastSucceededAt: now,
      lineTrackingStoppedAt: null,
      lineTrackingStoppedReason: null,
      lineTrackingStoppedByUserId: null,
      lineTrackingStoppedByApiKeyId: null,
      trackingRequestType: "bill_of_lading",
      trackingRequestNumber: "MAEU260000001",
      trackingRequestedAt: at(-20),
      nextRefreshAt: null,
      refreshLeaseUntil: null,
      lastFreeDayAt: at(4),
      lastFreeDayTimeZone: pod ? (reference.ports.get(pod)?.timeZone ?? null) : null,
      podPredictedArrivalAt: at(2),
      podPredictedArrivalP10At: at(1.5),
      podPredictedArrivalP90At: at(3),
      podPredictedArrivalReason:
        "EXAMPLE EXPRESS is sailing 14.2 kn with 410 nm to go (1.2 days); 3 of 9 ships waited at anchor off Los Angeles lately, typically 1.4 days.",
      podPredictedAt: now,
      polOriginalEtdAt: at(-18),
      predictedLateSeconds: DAY / 1000,
      destinationPredictedArrivalAt: null,
      destinationPredictedArrivalP10At: null,
      destinationPredictedArrivalP90At: null,
      destinationPredictedArrivalReason: null,
    },
    vessel: { name: vessel.name, imo: vessel.imo },
    containerIds: [containerId],
    containersByPhase: { on_water: 1 },
  };
  const container: ContainerRecord = {
    container: {
      id: containerId,
      accountId,
      shipmentId,
      createdAt: at(-20),
      updatedAt: now,
      number: "MSKU1234565",
      sealNumber: "SL-778812",
      refNumbers: [],
      weightInLbs: 41_000,
      equipmentType: "dry",
      equipmentLength: 40,
      equipmentHeight: "high_cube",
      currentStatus: "on_ship",
      availabilityKnown: true,
      availableForPickup: false,
      podTerminalId: terminal,
      pickupFacilityId: null,
      podArrivedAt: null,
      podDischargedAt: null,
      podFullOutAt: null,
      finalDestinationFullOutAt: null,
      emptyTerminatedAt: null,
      terminalCheckedAt: now,
      podLastTrackingRequestAt: now,
      shipmentLastTrackingRequestAt: now,
      refreshRequestedAt: null,
      pickupAppointmentAt: null,
      podFullOutChassisNumber: null,
      locationAtPodTerminal: null,
      holdsAtPodTerminal: [],
      feesAtPodTerminal: [],
      podRailCarrierScac: null,
      indRailCarrierScac: null,
      podRailLoadedAt: null,
      podRailDepartedAt: null,
      indEtaAt: null,
      indAtaAt: null,
      indRailUnloadedAt: null,
      indFacilityLfdOn: null,
      lfdTerminal: at(5),
      lfdRail: null,
      lfdLine: at(4),
      aboardVesselId: null,
      aboardPortId: null,
      // What the triage migration's generated columns and triggers keep: the example as the database would have it.
      lastFreeDayAt: at(4),
      onHold: false,
      holdNames: [],
      lastFreeDaySource: "line",
      lastFreeDayTimeZone: pod ? (reference.ports.get(pod)?.timeZone ?? null) : null,
      awaitingPickup: false,
      journeyPhase: "on_water",
      nextArrivalAt: at(1),
      shipmentDestinationTimeZone: null,
      shipmentBillOfLadingNumber: "MAEU260000001",
      shipmentShippingLineId: shippingLineId("MAEU"),
      shipmentPortOfDischargeId: pod,
      shipmentPodTimeZone: pod ? (reference.ports.get(pod)?.timeZone ?? null) : null,
      shipmentPodVesselId: vessel.id,
      shipmentPolEtdAt: at(-18),
      shipmentPolAtdAt: at(-18),
      shipmentPodEtaAt: at(1),
      shipmentPodOriginalEtaAt: at(0),
      shipmentPodAtaAt: null,
      shipmentDestinationEtaAt: null,
      shipmentDestinationAtaAt: null,
      shipmentTags: [],
      shipmentCustomerName: null,
      shipmentLineTrackingStoppedAt: null,
      shipmentLineTrackingStoppedReason: null,
    },
    transportEventIds: [eventIds[0]!],
    rawEventIds: [],
  };

  if (event.startsWith("document.")) return exampleDocumentSubject(event, accountId, now);
  if (event.startsWith("container.transport.")) {
    const te: TransportEventRow = {
      id: eventIds[0]!,
      accountId,
      shipmentId,
      containerId,
      createdAt: now,
      event,
      timestamp: now,
      voyageNumber: "612E",
      locationId: event.includes("vessel") ? pod : pol,
      terminalId: event.includes("vessel") ? terminal : null,
      vesselId: event.includes("vessel") ? vessel.id : null,
      dataSource: "shipping_line",
      carrierKey: null,
    };
    return transportEventSubject(
      reference,
      te,
      container,
      shipment,
      te.vesselId ? vessel : undefined,
      freeTime,
    );
  }
  if (event.startsWith("tracking_request.")) {
    const outcome = event.slice("tracking_request.".length);
    const found = outcome === "succeeded" || outcome === "tracking_stopped";
    const tr: TrackingRequestRow = {
      id: randomUUID(),
      accountId,
      createdAt: at(-20),
      updatedAt: now,
      requestType: "bill_of_lading",
      requestNumber: "MAEU260000001",
      normalizedNumber: "MAEU260000001",
      scac: "MAEU",
      refNumbers: ["PO-EXAMPLE-1"],
      searchText: "MAEU260000001 MAEU260000001 PO-EXAMPLE-1",
      tags: [],
      customerId: null,
      status: found
        ? outcome === "succeeded"
          ? "created"
          : "tracking_stopped"
        : outcome === "failed"
          ? "failed"
          : "awaiting_manifest",
      failedReason: outcome === "failed" ? "not_found" : null,
      isRetrying: outcome === "awaiting_manifest",
      retryCount: outcome === "awaiting_manifest" ? 1 : 0,
      shipmentId: found ? shipmentId : null,
      nextAttemptAt: null,
      leaseUntil: null,
    };
    return trackingRequestSubject(
      reference,
      tr,
      found ? shipment : undefined,
      found ? [container] : [],
      freeTime,
    );
  }
  const recorded = { id: eventIds[1]!, event, createdAt: now };
  if (event === "shipment.estimated.arrival") {
    const changes = { pod_eta_at: { from: at(0).toISOString(), to: at(1).toISOString() } };
    return estimatedArrivalSubject(reference, { ...recorded, changes }, shipment, vessel);
  }
  const changeset: Record<string, [unknown, unknown]> =
    event === "container.pickup_lfd.changed" || event === "container.pickup_lfd_terminal.changed"
      ? { pickup_lfd: [at(4).toISOString(), at(5).toISOString()] }
      : event === "container.pickup_lfd_line.changed"
        ? { pickup_lfd_line: [at(3).toISOString(), at(4).toISOString()] }
        : event === "container.pickup_lfd_rail.changed"
          ? { pickup_lfd_rail: [at(6).toISOString(), at(7).toISOString()] }
          : event === "container.pickup_appointment.changed"
            ? { pickup_appointment_at: [null, at(4).toISOString()] }
            : { available_for_pickup: [false, true] };
  return containerEventSubject(reference, recorded, changeset, container, shipment, freeTime);
}

/** An arrival notice read (or, for `document.extraction_failed`, a scan with no text layer). */
function exampleDocumentSubject(event: WebhookEventName, accountId: string, now: Date): Subject {
  const failed = event === "document.extraction_failed";
  const id = randomUUID();
  const representationId = randomUUID();
  const document = documentResource(
    {
      id,
      accountId,
      blobId: randomUUID(),
      name: failed ? "Scanned delivery order" : "Arrival notice MAEU260000001",
      source: "email",
      userId: null,
      emailSubmissionId: null,
      documentType: failed ? "other" : "arrival_notice",
      documentTypeManual: null,
      classificationNotes: failed
        ? "No text to read (no text layer), so no type was guessed."
        : 'The first page\'s heading reads "ARRIVAL NOTICE", and it names a last free day, free time and an ETA.',
      extractionStatus: failed ? "failed" : "extracted",
      extractionFailureReason: failed ? "no_text_layer" : null,
      extractedAt: now,
      pageCount: 1,
      rotation: 0,
      extractedDataManual: null,
      lastRepresentationId: failed ? null : representationId,
      discardedAt: null,
      createdAt: now,
      updatedAt: now,
    },
    {
      filename: failed ? "scan.jpg" : "arrival-notice.pdf",
      contentType: failed ? "image/jpeg" : "application/pdf",
      byteSize: 48_213,
    },
    {
      shipmentIds: [],
      containerIds: [],
      untracked: [{ number: "MSKU1234565", numberType: "container", scac: "MAEU" }],
    },
  ) as Resource;
  if (failed) return documentSubject(document, undefined);
  const found = (value: unknown) => ({ value, page: 1, confidence: 0.95 });
  const payload = {
    schema: fullVersionOf("arrival_notice"),
    document_type: "arrival_notice",
    pages: [{ number: 1, text_layer: true }],
    fields: {
      ...EMPTY_FIELDS,
      container_numbers: [found("MSKU1234565")],
      bill_of_lading_numbers: [found("MAEU260000001")],
      shipping_line: found({ scac: "MAEU", name: "Maersk" }),
      port_of_discharge: found({ locode: "USLAX", name: "Los Angeles" }),
      eta: found(now.toISOString().slice(0, 10)),
      last_free_day: found(new Date(now.getTime() + 5 * DAY).toISOString().slice(0, 10)),
      free_time_days: found(5),
    },
    rejected_numbers: [],
  };
  const representation = representationResource({
    id: representationId,
    accountId,
    documentId: id,
    schemaVersion: SCHEMA_VERSION,
    payload,
    createdAt: now,
    updatedAt: now,
  }) as Resource;
  return documentSubject(document, representation);
}
