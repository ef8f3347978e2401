// `list_containers`: the account's containers with the triage filters, one compact row each (status, holds, last
// free day in the port's zone, the shipment and its arrival): what "which boxes can I pick up?" needs.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { containerSchema } from "../../../../api/containers";
import { listDocument } from "../../../../api/json-api";
import { CONTAINER_SORT_FIELDS } from "../../../../api/triage";
import type { ApiCaller } from "../api-caller";
import { answering, timeInZone, toolAnswer } from "../tool-result";
import {
  arrivalWords,
  containerRow,
  containerRowOutput,
  containerWords,
  portOutput,
  portWords,
} from "./compact";
import {
  listFilterInputs,
  listQueryOf,
  pageOf,
  pageOutput,
  pageWords,
  pagingInputs,
  sortInput,
} from "./list-inputs";

const containerListRowOutput = containerRowOutput.extend({
  shipment_id: z.string().nullable(),
  bill_of_lading: z.string(),
  shipping_line: z.string().describe("SCAC."),
  port_of_discharge: portOutput,
  pod_eta: z.string().nullable().describe("The shipment's ETA at the port of discharge, in its zone."),
  pod_ata: z.string().nullable(),
});

export function registerContainerListTool(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "list_containers",
    {
      title: "List containers",
      description:
        "Containers of the account, newest first or sorted, narrowed by the triage filters (status, holds, availability for pickup, last free day, ETA, port, line, vessel, tags, customer, tracking stopped). Use get_container for one container's full pickup answer.",
      inputSchema: {
        query: z
          .string()
          .optional()
          .describe(
            "Part of a container number, or a bill of lading, reference, tag, customer, vessel or port (3 characters or more); 1 or 2 characters find the containers of shipments with that whole tag or customer name.",
          ),
        ...listFilterInputs,
        sort: sortInput(CONTAINER_SORT_FIELDS),
        ...pagingInputs,
      },
      outputSchema: { ...pageOutput, containers: z.array(containerListRowOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answering(async () => {
        const document = await api.request("/v2/containers", {
          schema: listDocument(containerSchema),
          query: listQueryOf(args),
        });
        const containers = document.data.map((container) => {
          const a = container.attributes;
          return {
            ...containerRow(container),
            shipment_id: container.relationships.shipment.data?.id ?? null,
            bill_of_lading: a.bill_of_lading_number,
            shipping_line: a.shipping_line_scac,
            port_of_discharge: { locode: a.port_of_discharge_locode, name: a.port_of_discharge_name },
            pod_eta: timeInZone(a.pod_eta_at, a.pod_timezone),
            pod_ata: timeInZone(a.pod_ata_at, a.pod_timezone),
          };
        });
        const page = pageOf(args, document.meta.total);
        const lines = containers.map(
          (c) =>
            `${containerWords(c)}${c.last_free_day ? `, last free day ${c.last_free_day}` : ""}; ${c.bill_of_lading} to ${portWords(c.port_of_discharge)}, ${arrivalWords(c.pod_eta, c.pod_ata)} [id ${c.id}]`,
        );
        return toolAnswer([`Containers ${pageWords(page, containers.length)}.`, ...lines].join("\n"), {
          ...page,
          containers,
        });
      }),
  );
}
