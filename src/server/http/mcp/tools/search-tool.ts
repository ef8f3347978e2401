// `search`: one call (`GET /v2/search`) that says what a number, reference or name belongs to (shipments,
// containers, tracking requests, vessels, ports) with the id to read each with; usually an assistant's first step.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import {
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  SEARCH_RESULT_TYPES,
  type SearchResult,
  searchDocumentSchema,
} from "../../../../api/search";
import type { ApiCaller } from "../api-caller";
import { answering, toolAnswer } from "../tool-result";

/** The tool to read each kind of hit with, by its id. */
const READ_WITH: Record<(typeof SEARCH_RESULT_TYPES)[number], string> = {
  shipment: "get_shipment",
  cargo: "get_container",
  tracking_request: "list_tracking_requests",
  vessel: "get_vessel",
  port: "list_containers (port_of_discharge)",
};

const resultOutput = z.object({
  type: z.enum(SEARCH_RESULT_TYPES).describe("cargo is a container."),
  id: z.string().describe("The id to read it with."),
  number: z.string().describe("Bill of lading, container number, request number, IMO number or UN/LOCODE."),
  name: z.string().nullable().describe("A vessel's or a port's name."),
  shipment_id: z.string().nullable(),
  scac: z.string().nullable(),
  status: z.string().nullable().describe("A container's current status or a tracking request's status."),
  port_of_lading: z.string().nullable(),
  port_of_discharge: z.string().nullable(),
  ref_numbers: z.array(z.string()),
});

function resultRow(result: SearchResult): z.infer<typeof resultOutput> {
  const a = result.attributes;
  return {
    type: result.type,
    id: result.id,
    number: a.number,
    name: a.name,
    shipment_id: a.shipment_id,
    scac: a.scac,
    status: a.status,
    port_of_lading: a.port_of_lading_name,
    port_of_discharge: a.port_of_discharge_name,
    ref_numbers: a.ref_numbers,
  };
}

function resultWords(row: z.infer<typeof resultOutput>): string {
  const kind = row.type === "cargo" ? "container" : row.type.replace("_", " ");
  const details = [
    row.name,
    row.scac,
    row.status,
    row.port_of_discharge ? `to ${row.port_of_discharge}` : null,
  ].filter(Boolean);
  return `${kind} ${row.number}${details.length > 0 ? ` (${details.join(", ")})` : ""}: ${READ_WITH[row.type]} id ${row.id}`;
}

export function registerSearchTool(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "search",
    {
      title: "Search",
      description:
        "Find what a bill of lading, booking, container number, reference number, vessel name or port name belongs to: shipments, containers (type cargo), tracking requests, vessels and ports, best match first, each with the id to read it with.",
      inputSchema: {
        // The length is the API's to check, so that a refusal is worded as the API words it.
        query: z
          .string()
          .describe(
            `A number, reference or name, ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters (MSCU1234567, a bill of lading, "Ever Given", Savannah).`,
          ),
      },
      outputSchema: { query: z.string(), count: z.number().int(), results: z.array(resultOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query }) =>
      answering(async () => {
        const document = await api.request("/v2/search", { schema: searchDocumentSchema, query: { query } });
        const results = document.data.map(resultRow);
        const heading =
          results.length === 0
            ? `Nothing matches ${JSON.stringify(document.meta.query)}.`
            : `${results.length} match${results.length === 1 ? "" : "es"} for ${JSON.stringify(document.meta.query)}:`;
        return toolAnswer([heading, ...results.map(resultWords)].join("\n"), {
          query: document.meta.query,
          count: results.length,
          results,
        });
      }),
  );
}
