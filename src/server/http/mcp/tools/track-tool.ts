// `track`: start tracking a number (`POST /v2/tracking_requests`). Without a SCAC or a request type, the number is
// first read by `POST /v2/tracking_requests/infer_number`: its one confident choice is used; when it has none, the
// tool answers an error naming the candidate lines, so that the assistant asks the person rather than guesses.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import {
  type InferNumberResult,
  inferNumberDocumentSchema,
  requestTypeOfInferred,
} from "../../../../api/infer-number";
import { singleDocument } from "../../../../api/json-api";
import { REQUEST_TYPES, type RequestType, trackingRequestSchema } from "../../../../api/tracking-requests";
import { ApiCallError, type ApiCaller } from "../api-caller";
import { answering, toolAnswer } from "../tool-result";
import { trackingRequestRow, trackingRequestRowOutput, trackingRequestWords } from "./tracking-request-tools";

/** What the tool needs to know before it can create the request: the line and the kind of number. */
export interface TrackChoice {
  scac: string;
  requestType: RequestType;
}

/**
 * The line and request type for a number: those given, else the inference's. An inference that cannot choose is
 * an error (422, as the API refuses a request it cannot make) that names the candidates or what is missing.
 */
export function chooseTrack(
  number: string,
  given: { scac?: string; requestType?: RequestType },
  inferred: InferNumberResult["attributes"] | undefined,
): TrackChoice {
  let scac = given.scac;
  if (!scac) {
    const line = inferred?.shipping_line;
    if (line?.decision === "auto_select" && line.selected) scac = line.selected.scac;
    else if (line && line.candidates.length > 0) {
      const candidates = line.candidates
        .map((c) => `${c.scac} (${c.name}, confidence ${c.confidence.toFixed(2)})`)
        .join(", ");
      throw new ApiCallError(
        422,
        `Number ${number} could belong to more than one shipping line: ${candidates}. Ask which line it is and call track again with its scac.`,
      );
    } else {
      throw new ApiCallError(
        422,
        `No shipping line is known for number ${number}${inferred?.validation.reason ? ` (${inferred.validation.reason})` : ""}. Ask which line it is and call track again with its scac (supported_shipping_lines lists them).`,
      );
    }
  }
  let requestType = given.requestType;
  if (!requestType) {
    const type = inferred?.number_type;
    if (!type) {
      throw new ApiCallError(
        422,
        `Cannot tell whether ${number} is a bill of lading, booking or container number. Call track again with request_type.`,
      );
    }
    requestType = requestTypeOfInferred(type);
  }
  return { scac, requestType };
}

export function registerTrackTool(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "track",
    {
      title: "Track a number",
      description:
        "Start tracking a shipment by its bill of lading, booking or container number. Give the line's SCAC and the request type when known; otherwise both are inferred from the number, and an error names the candidate lines when the line cannot be told. The request is pending until the line answers (list_tracking_requests shows it).",
      inputSchema: {
        number: z.string().min(1).describe("The bill of lading, booking or container number."),
        scac: z
          .string()
          .optional()
          .describe("The shipping line's SCAC (supported_shipping_lines lists them)."),
        request_type: z.enum(REQUEST_TYPES).optional().describe("What the number is."),
        ref_numbers: z.array(z.string()).optional().describe("Your reference numbers for the shipment."),
        tags: z.array(z.string()).optional().describe("Tags for the shipment."),
      },
      outputSchema: {
        tracking_request: trackingRequestRowOutput,
        inferred: z
          .object({ scac: z.boolean(), request_type: z.boolean() })
          .describe("Which of the two the tool inferred from the number rather than was given."),
      },
      // Not idempotent: a second call records a second request (failed as a duplicate, but recorded).
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    (args) =>
      answering(async () => {
        const number = args.number.trim();
        const scac = args.scac?.trim() || undefined;
        const inferred =
          scac && args.request_type
            ? undefined
            : (
                await api.request("/v2/tracking_requests/infer_number", {
                  schema: inferNumberDocumentSchema,
                  method: "POST",
                  body: { number },
                })
              ).data.attributes;
        const choice = chooseTrack(number, { scac, requestType: args.request_type }, inferred);
        const document = await api.request("/v2/tracking_requests", {
          schema: singleDocument(trackingRequestSchema),
          method: "POST",
          body: {
            data: {
              type: "tracking_request",
              attributes: {
                request_type: choice.requestType,
                request_number: number,
                scac: choice.scac,
                ref_numbers: args.ref_numbers,
                shipment_tags: args.tags,
              },
            },
          },
        });
        const row = trackingRequestRow(document.data);
        const next =
          row.status === "pending"
            ? " The line is being asked now; list_tracking_requests shows when it answers."
            : row.failed_reason === "duplicate" && row.shipment_id
              ? " This number is already tracked: get_shipment reads it."
              : "";
        return toolAnswer(`Tracking request ${row.id}: ${trackingRequestWords(row)}.${next}`, {
          tracking_request: row,
          inferred: { scac: !scac, request_type: !args.request_type },
        });
      }),
  );
}
