// `list_tracking_requests`: the account's tracking requests, newest first, by status: what was asked to be
// tracked, what became a shipment and what failed (and why).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { listDocument } from "../../../../api/json-api";
import { TRACKING_REQUEST_STATUSES } from "../../../../api/tracking-request-statuses";
import { type TrackingRequest, trackingRequestSchema } from "../../../../api/tracking-requests";
import type { ApiCaller } from "../api-caller";
import { answering, timeInZone, toolAnswer } from "../tool-result";
import { pageOf, pageOutput, pageWords, pagingInputs, pagingQueryOf } from "./list-inputs";

export const trackingRequestRowOutput = z.object({
  id: z.string(),
  request_number: z.string(),
  request_type: z.string(),
  scac: z.string(),
  status: z.enum(TRACKING_REQUEST_STATUSES),
  failed_reason: z.string().nullable(),
  shipment_id: z
    .string()
    .nullable()
    .describe("The shipment it became (or, for a duplicate, the one tracked)."),
  created_at: z.string().describe("In UTC."),
});
export type TrackingRequestRow = z.infer<typeof trackingRequestRowOutput>;

export function trackingRequestRow(request: TrackingRequest): TrackingRequestRow {
  const a = request.attributes;
  return {
    id: request.id,
    request_number: a.request_number,
    request_type: a.request_type,
    scac: a.scac,
    status: a.status,
    failed_reason: a.failed_reason,
    shipment_id: request.relationships.tracked_object.data?.id ?? null,
    created_at: timeInZone(a.created_at, null)!,
  };
}

/** "MAEU123456789 (bill_of_lading, MAEU) failed: not_found". */
export function trackingRequestWords(row: TrackingRequestRow): string {
  const reason = row.failed_reason ? `: ${row.failed_reason}` : "";
  const shipment = row.shipment_id ? `, shipment ${row.shipment_id}` : "";
  return `${row.request_number} (${row.request_type}, ${row.scac}) ${row.status}${reason}${shipment}`;
}

export function registerTrackingRequestTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "list_tracking_requests",
    {
      title: "List tracking requests",
      description:
        "Tracking requests of the account, newest first: each number asked to be tracked, its status (pending, awaiting_manifest, created, failed, tracking_stopped), why it failed, and the shipment it became.",
      inputSchema: {
        status: z
          .array(z.enum(TRACKING_REQUEST_STATUSES))
          .optional()
          .describe("Only requests with these statuses (any of them)."),
        query: z.string().optional().describe("Part of the request number or of a reference number."),
        ...pagingInputs,
      },
      outputSchema: { ...pageOutput, tracking_requests: z.array(trackingRequestRowOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answering(async () => {
        const document = await api.request("/v2/tracking_requests", {
          schema: listDocument(trackingRequestSchema),
          query: {
            // The shipments are not read here, only their ids (which the relationship carries anyway).
            include: "",
            "filter[status]": args.status && args.status.length > 0 ? args.status.join(",") : undefined,
            q: args.query,
            ...pagingQueryOf(args),
          },
        });
        const requests = document.data.map(trackingRequestRow);
        const page = pageOf(args, document.meta.total);
        return toolAnswer(
          [
            `Tracking requests ${pageWords(page, requests.length)}.`,
            ...requests.map((r) => `${trackingRequestWords(r)} [id ${r.id}]`),
          ].join("\n"),
          { ...page, tracking_requests: requests },
        );
      }),
  );
}
