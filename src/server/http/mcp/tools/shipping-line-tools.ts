// `supported_shipping_lines`: the lines the service tracks, with the numbers each can be tracked by, optionally
// narrowed to a name or SCAC (the API's list is short and unpaginated, so it is narrowed here).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type ShippingLine, shippingLineSchema } from "../../../../api/reference";
import type { ApiCaller } from "../api-caller";
import { answering, toolAnswer } from "../tool-result";

const TRACKED_BY = ["bill_of_lading", "booking_number", "container"] as const;

const lineOutput = z.object({
  scac: z.string(),
  name: z.string(),
  short_name: z.string(),
  alternative_scacs: z.array(z.string()),
  tracked_by: z.array(z.enum(TRACKED_BY)).describe("The request types `track` accepts for this line."),
});

/** A SCAC (main or alternative) equal to the text, or a name containing it, in any case. */
export function lineMatches(line: ShippingLine, text: string): boolean {
  const wanted = text.trim().toUpperCase();
  if (wanted === "") return true;
  const a = line.attributes;
  return (
    a.scac.toUpperCase() === wanted ||
    a.alternative_scacs.some((scac) => scac.toUpperCase() === wanted) ||
    a.name.toUpperCase().includes(wanted) ||
    a.short_name.toUpperCase().includes(wanted)
  );
}

function lineRow(line: ShippingLine): z.infer<typeof lineOutput> {
  const a = line.attributes;
  const support = {
    bill_of_lading: a.bill_of_lading_tracking_support,
    booking_number: a.booking_number_tracking_support,
    container: a.container_number_tracking_support,
  };
  return {
    scac: a.scac,
    name: a.name,
    short_name: a.short_name,
    alternative_scacs: a.alternative_scacs,
    tracked_by: TRACKED_BY.filter((type) => support[type]),
  };
}

export function registerShippingLineTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "supported_shipping_lines",
    {
      title: "Supported shipping lines",
      description:
        "The shipping lines this service tracks: SCAC, name, alternative SCACs and whether each tracks by bill of lading, booking or container number. Optionally only those whose SCAC is, or whose name contains, the given text.",
      inputSchema: {
        name_or_scac: z.string().optional().describe("A SCAC (MAEU) or part of a line's name (maersk)."),
      },
      outputSchema: { count: z.number().int(), shipping_lines: z.array(lineOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ name_or_scac }) =>
      answering(async () => {
        const document = await api.request("/v2/shipping_lines", {
          schema: z.object({ data: z.array(shippingLineSchema) }),
        });
        const lines = document.data.filter((line) => lineMatches(line, name_or_scac ?? "")).map(lineRow);
        const heading =
          lines.length === 0
            ? `No supported shipping line matches ${JSON.stringify(name_or_scac)}.`
            : `${lines.length} supported shipping line${lines.length === 1 ? "" : "s"}:`;
        return toolAnswer(
          [heading, ...lines.map((l) => `${l.scac} ${l.name} (tracks by ${l.tracked_by.join(", ")})`)].join(
            "\n",
          ),
          { count: lines.length, shipping_lines: lines },
        );
      }),
  );
}
