// The MCP tool `get_container`: "where is container MSCU1234567 and can I pick it up tomorrow?" answered from the
// /v2 API alone (the container with its terminal and shipment, its route and its events, and on request its map),
// with the dashboard's own pickup rules counted against the service clock the API's answer carries.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type Container, containerSchema } from "../../../../api/containers";
import { rawEventListDocumentSchema, transportEventListDocumentSchema } from "../../../../api/events";
import { isUuid } from "../../../../api/ids";
import { includedOfType } from "../../../../api/included";
import { anyResourceSchema, listDocument, singleDocument } from "../../../../api/json-api";
import { containerStatusWords } from "../../../../api/milestone-words";
import { hasLeftTerminal } from "../../../../api/pickup";
import { terminalSchema } from "../../../../api/reference";
import { mapGeoJsonSchema, routeSchema } from "../../../../api/routes";
import { shipmentSchema } from "../../../../api/shipments";
import { SERVICE_CLOCK_HEADER } from "../../../../api/triage";
import { isRecentException, voyageExceptionListSchema } from "../../../../api/voyage-exceptions";
import { ApiCallError, type ApiCaller } from "../api-caller";
import { answering, predictedArrivalInZone, timeInZone, toolAnswer } from "../tool-result";
import { projectedPath, routePorts, timelineMilestones, timelineOf } from "./container-answer";
import { customFieldsOf, customFieldsWords } from "./custom-fields-answer";
import { freeTimeAnswer, freeTimeWords } from "./free-time-answer";
import { pickupAnswer, pickupWords } from "./pickup-answer";
import { whereNow } from "./where-now-answer";

const containerDocument = singleDocument(containerSchema);
const containerList = listDocument(containerSchema);
const routeDocument = z.object({ data: routeSchema, included: z.array(anyResourceSchema) });
/** A container's events fit in one page of the largest size; a longer history is cut at its first 100. */
const EVENTS_PAGE = { "page[size]": 100 };

export const getContainerInput = {
  container: z
    .string()
    .trim()
    .min(1)
    .describe("The container's id (a UUID from another tool) or its number, such as MSCU1234567."),
  include_timeline: z
    .boolean()
    .optional()
    .describe(
      "Also list its events in order: what happened and what the carrier plans, each in its place's time.",
    ),
  include_route: z
    .boolean()
    .optional()
    .describe(
      "Also list the ports of its route with arrival and departure times, and the path ahead as waypoints.",
    ),
};

/** The container's id: as given, or the tracked container with exactly that number (via the list's number filter). */
async function containerIdOf(api: ApiCaller, given: string): Promise<string> {
  if (isUuid(given)) return given;
  const number = given.replace(/[\s-]/g, "").toUpperCase();
  const found = await api.request("/v2/containers", {
    schema: containerList,
    query: { "filter[number]": number, "page[size]": 10 },
  });
  const exact = found.data.find((c) => c.attributes.number.toUpperCase() === number);
  if (!exact) {
    throw new ApiCallError(
      404,
      `No container numbered ${number} is tracked in this account. Check the number, or track its bill of lading or booking first.`,
    );
  }
  return exact.id;
}

/** The service clock's "now" (X-Service-Clock), which the API's own last free day filters count from. */
function serviceNow(headers: Headers): Date {
  const at = Date.parse(headers.get(SERVICE_CLOCK_HEADER) ?? headers.get("date") ?? "");
  return Number.isNaN(at) ? new Date() : new Date(at);
}

export async function getContainer(
  api: ApiCaller,
  input: { container: string; include_timeline?: boolean | undefined; include_route?: boolean | undefined },
) {
  const id = await containerIdOf(api, input.container);
  const path = `/v2/containers/${encodeURIComponent(id)}`;
  // The events always: where the box is now is read from its timeline, as the dashboard reads it.
  const [{ data: document, headers }, route, transport, raw, changes, customFields] = await Promise.all([
    api.answer(path, { schema: containerDocument, query: { include: "shipment,pod_terminal" } }),
    api.request(`${path}/route`, { schema: routeDocument }),
    api.request(`${path}/transport_events`, {
      schema: transportEventListDocumentSchema,
      query: { include: "location,terminal,vessel", ...EVENTS_PAGE },
    }),
    api.request(`${path}/raw_events`, { schema: rawEventListDocumentSchema, query: { include: "location" } }),
    api.request(`${path}/voyage_exceptions`, { schema: voyageExceptionListSchema }),
    customFieldsOf(api, "containers", id),
  ]);
  const milestones = timelineMilestones(transport, raw);
  const container: Container = document.data;
  const terminalId = container.relationships.pod_terminal.data?.id;
  const terminal =
    (terminalId && includedOfType(document.included, "terminal", terminalSchema).get(terminalId)) || null;
  const shipmentId = container.relationships.shipment.data?.id;
  const shipment =
    (shipmentId && includedOfType(document.included, "shipment", shipmentSchema).get(shipmentId)) || null;
  const a = container.attributes;
  const now = serviceNow(headers);
  const where = whereNow(container, shipment, terminal, route, milestones);
  const pickup = pickupAnswer(container, now);
  const structured: Record<string, unknown> = {
    container: {
      id: container.id,
      number: a.number,
      status: a.current_status,
      status_words: containerStatusWords(a.current_status),
      shipping_line: a.shipping_line_scac,
      bill_of_lading: a.bill_of_lading_number,
      shipment_id: shipmentId ?? null,
      port_of_discharge: a.port_of_discharge_name,
      pod_eta: a.pod_ata_at ? null : timeInZone(a.pod_eta_at, a.pod_timezone),
      pod_arrived: timeInZone(a.pod_ata_at, a.pod_timezone),
      // Our own prediction, not the line's ETA: null once arrived or before there is one.
      pod_predicted_arrival: predictedArrivalInZone(a, a.pod_timezone),
    },
    where_now: where,
    pickup,
    // Demurrage and detention by the tariff that applies (the account's own, else the line's published one).
    free_time: freeTimeAnswer(container),
    // What the line changed of the voyage after booking (rolls, missed connections, swaps, port calls), newest first.
    voyage_changes: changes.data.map((x) => ({
      kind: x.attributes.kind,
      summary: x.attributes.summary,
      seen: x.attributes.detected_at,
    })),
    custom_fields: customFields,
  };
  if (input.include_timeline) structured.timeline = timelineOf(milestones);
  if (input.include_route) {
    const map = await api.request(`${path}/map_geojson`, { schema: mapGeoJsonSchema });
    structured.route = { ports: routePorts(route), path_ahead: projectedPath(map) };
  }
  const recent = changes.data.filter((x) => isRecentException(x.attributes.detected_at, now));
  const summary = [
    `${a.number} (${a.shipping_line_scac}, bill of lading ${a.bill_of_lading_number}): ${containerStatusWords(a.current_status)}.`,
    where.summary,
    ...(a.pod_predicted_arrival_at
      ? [
          `We predict it at ${a.port_of_discharge_name ?? "the port of discharge"} ${timeInZone(a.pod_predicted_arrival_at, a.pod_timezone)}.`,
        ]
      : []),
    ...recent.map((x) => x.attributes.summary),
    pickupWords(pickup, hasLeftTerminal(a)),
    freeTimeWords(container),
    ...customFieldsWords(customFields),
  ].join(" ");
  return toolAnswer(summary, structured);
}

export function registerContainerTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "get_container",
    {
      title: "Get a container",
      description:
        "Where a container is now (aboard which vessel heading where and when, at which terminal since when, or picked up) and whether it can be picked up: the verdict with what stands in the way (holds by name, fees owed, no appointment) and the terminal's, line's and rail's last free days with the days left; its demurrage and detention (free days used and left, the empty return deadline, charges so far and tomorrow); and the account's custom fields set on it. Give its number or id; ask for the timeline or the route when needed.",
      inputSchema: getContainerInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) => answering(() => getContainer(api, input)),
  );
}
