// The shipment tools: read one shipment with its containers, list shipments with the triage filters, and stop or
// resume tracking one. Each is the /v2 call a client would make, answered compactly.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { listDocument, singleDocument } from "../../../../api/json-api";
import { shipmentSchema } from "../../../../api/shipments";
import { SHIPMENT_SORT_FIELDS } from "../../../../api/triage";
import type { ApiCaller } from "../api-caller";
import { answering, predictedArrivalInZone, timeInZone, toolAnswer } from "../tool-result";
import {
  arrivalWords,
  containerRow,
  containerRowOutput,
  containerWords,
  includedContainers,
  portOutput,
  portWords,
  shipmentRow,
  shipmentRowOutput,
} from "./compact";
import { customFieldsOf, customFieldsOutput, customFieldsWords } from "./custom-fields-answer";
import {
  listFilterInputs,
  listQueryOf,
  pageOf,
  pageOutput,
  pageWords,
  pagingInputs,
  sortInput,
} from "./list-inputs";
import { predictionWords, stopWords, trackingOf, trackingOutput } from "./shipment-answer";

const shipmentId = z
  .string()
  .min(1)
  .describe("The shipment's id (from search, list_shipments or a container).");

const shipmentOutput = {
  id: z.string(),
  bill_of_lading: z.string(),
  shipping_line: z.object({ scac: z.string(), name: z.string() }),
  customer: z.string().nullable(),
  ref_numbers: z.array(z.string()),
  tags: z.array(z.string()),
  port_of_lading: portOutput.extend({
    etd: z.string().nullable().describe("Planned departure, in the port's zone."),
    atd: z.string().nullable().describe("Departure, in the port's zone."),
  }),
  port_of_discharge: portOutput.extend({
    eta: z.string().nullable().describe("In the port's zone."),
    original_eta: z.string().nullable(),
    ata: z.string().nullable(),
    predicted_arrival: z
      .object({
        at: z.string().nullable(),
        earliest: z.string().nullable(),
        latest: z.string().nullable(),
        reason: z.string().nullable(),
      })
      .nullable()
      .describe(
        "Our own predicted arrival (not the line's ETA), with the window 8 in 10 such arrivals fall in and why; null once arrived or before there is one.",
      ),
  }),
  destination: portOutput
    .extend({ eta: z.string().nullable(), ata: z.string().nullable() })
    .nullable()
    .describe("The inland destination, when there is one."),
  vessel: z
    .object({ name: z.string().nullable(), imo: z.string().nullable(), voyage: z.string().nullable() })
    .nullable()
    .describe("The vessel that brings it to the port of discharge."),
  last_free_day: z
    .string()
    .nullable()
    .describe("Earliest effective last free day of its boxes still waiting, in the zone where it applies."),
  tracking: trackingOutput,
  containers: z.array(containerRowOutput),
  custom_fields: customFieldsOutput,
};

export function registerShipmentTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "get_shipment",
    {
      title: "Get a shipment",
      description:
        "A shipment (bill of lading) with its route, vessel, ETA/arrival at each port in that port's time zone, its containers' numbers, statuses, holds and last free days, and the account's custom fields set on it.",
      inputSchema: { id: shipmentId },
      outputSchema: shipmentOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      answering(async () => {
        const [document, customFields] = await Promise.all([
          api.request(`/v2/shipments/${encodeURIComponent(id)}`, {
            schema: singleDocument(shipmentSchema),
            query: { include: "containers" },
          }),
          customFieldsOf(api, "shipments", id),
        ]);
        const shipment = document.data;
        const a = shipment.attributes;
        const containers = includedContainers(document.included).map(containerRow);
        const structured = {
          id: shipment.id,
          bill_of_lading: a.bill_of_lading_number,
          shipping_line: { scac: a.shipping_line_scac, name: a.shipping_line_name },
          customer: a.customer_name,
          ref_numbers: a.ref_numbers,
          tags: a.tags,
          port_of_lading: {
            locode: a.port_of_lading_locode,
            name: a.port_of_lading_name,
            etd: timeInZone(a.pol_etd_at, a.pol_timezone),
            atd: timeInZone(a.pol_atd_at, a.pol_timezone),
          },
          port_of_discharge: {
            locode: a.port_of_discharge_locode,
            name: a.port_of_discharge_name,
            eta: timeInZone(a.pod_eta_at, a.pod_timezone),
            original_eta: timeInZone(a.pod_original_eta_at, a.pod_timezone),
            ata: timeInZone(a.pod_ata_at, a.pod_timezone),
            predicted_arrival: predictedArrivalInZone(a, a.pod_timezone),
          },
          destination:
            a.destination_locode || a.destination_name
              ? {
                  locode: a.destination_locode,
                  name: a.destination_name,
                  eta: timeInZone(a.destination_eta_at, a.destination_timezone),
                  ata: timeInZone(a.destination_ata_at, a.destination_timezone),
                }
              : null,
          vessel:
            a.pod_vessel_name || a.pod_vessel_imo
              ? { name: a.pod_vessel_name, imo: a.pod_vessel_imo, voyage: a.pod_voyage_number }
              : null,
          last_free_day: timeInZone(a.last_free_day_at, a.last_free_day_timezone ?? a.pod_timezone),
          tracking: trackingOf(shipment),
          containers,
          custom_fields: customFields,
        };
        const lines = [
          `Shipment ${a.bill_of_lading_number} (${a.shipping_line_name}): ${portWords(structured.port_of_lading)} → ${portWords(structured.port_of_discharge)}, ${arrivalWords(structured.port_of_discharge.eta, structured.port_of_discharge.ata)}.`,
          containers.length === 0
            ? "No containers yet."
            : `${containers.length} container${containers.length === 1 ? "" : "s"}: ${containers.map(containerWords).join("; ")}.`,
          ...predictionWords(structured.port_of_discharge.predicted_arrival),
          ...customFieldsWords(customFields),
          stopWords(structured.tracking),
        ];
        return toolAnswer(lines.join("\n"), structured);
      }),
  );

  server.registerTool(
    "list_shipments",
    {
      title: "List shipments",
      description:
        "Shipments of the account, newest first or sorted, narrowed by the triage filters (container status, holds, availability, last free day, ETA, port, line, vessel, tags, customer, tracking stopped). Container filters match a shipment when one of its containers matches.",
      inputSchema: {
        query: z
          .string()
          .optional()
          .describe(
            "Part of a bill of lading, reference or container number, tag, customer, vessel or port (3 characters or more); 1 or 2 characters find a whole tag or customer name.",
          ),
        ...listFilterInputs,
        sort: sortInput(SHIPMENT_SORT_FIELDS),
        ...pagingInputs,
      },
      outputSchema: { ...pageOutput, shipments: z.array(shipmentRowOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answering(async () => {
        const document = await api.request("/v2/shipments", {
          schema: listDocument(shipmentSchema),
          query: listQueryOf(args),
        });
        const shipments = document.data.map(shipmentRow);
        const page = pageOf(args, document.meta.total);
        const lines = shipments.map(
          (s) =>
            `${s.bill_of_lading} (${s.shipping_line}) to ${portWords(s.port_of_discharge)}, ${arrivalWords(s.pod_eta, s.pod_ata)}, ${s.containers} container${s.containers === 1 ? "" : "s"}${s.tracking_stopped ? ", tracking stopped" : ""} [id ${s.id}]`,
        );
        return toolAnswer([`Shipments ${pageWords(page, shipments.length)}.`, ...lines].join("\n"), {
          ...page,
          shipments,
        });
      }),
  );

  const trackingChange =
    (action: "stop_tracking" | "resume_tracking") =>
    ({ id }: { id: string }) =>
      answering(async () => {
        const document = await api.request(`/v2/shipments/${encodeURIComponent(id)}/${action}`, {
          schema: singleDocument(shipmentSchema),
          method: "PATCH",
        });
        const shipment = document.data;
        const tracking = trackingOf(shipment);
        return toolAnswer(`Shipment ${shipment.attributes.bill_of_lading_number}: ${stopWords(tracking)}`, {
          id: shipment.id,
          bill_of_lading: shipment.attributes.bill_of_lading_number,
          tracking,
        });
      });
  const trackingChangeOutput = { id: z.string(), bill_of_lading: z.string(), tracking: trackingOutput };

  server.registerTool(
    "stop_tracking",
    {
      title: "Stop tracking a shipment",
      description:
        "Stops collecting updates for a shipment (its data so far stays readable). Stopping a stopped shipment changes nothing.",
      inputSchema: { id: shipmentId },
      outputSchema: trackingChangeOutput,
      // Destructive in the hint's sense: updates missed while stopped are not collected later, so a client should
      // ask the person first.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    trackingChange("stop_tracking"),
  );

  server.registerTool(
    "resume_tracking",
    {
      title: "Resume tracking a shipment",
      description:
        "Resumes collecting updates for a stopped shipment, from now on (what happened while stopped may be missed).",
      inputSchema: { id: shipmentId },
      outputSchema: trackingChangeOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    trackingChange("resume_tracking"),
  );
}
