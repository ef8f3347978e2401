// /v2/shipments: list, read, edit, stop and resume tracking.
import { createRoute, z } from "@hono/zod-openapi";
import { listDocument, singleDocument } from "../../api/json-api";
import { SHIPMENT_INCLUDES, shipmentEditableAttributesSchema, shipmentSchema } from "../../api/shipments";
import { getContainers } from "../db/containers";
import {
  getShipment,
  getUsers,
  listShipments,
  resumeTracking,
  type ShipmentChanges,
  type ShipmentRecord,
  stopTracking,
  updateShipment,
} from "../db/shipments";
import { Included } from "../resources/documents";
import {
  containerResource,
  portResource,
  shipmentResource,
  terminalResource,
  userResource,
  zonesOf,
} from "../resources/serialize";
import type { App, AppDeps } from "./env";
import { badParameter, notFound } from "./errors";
import { parseInclude } from "./include";
import { cursorQuery, errorResponses, idParam, includeQuery, jsonBody, pageQuery } from "./openapi-common";
import { edgesOf, listLinks, parsePage } from "./paging";

const tags = ["Shipments"];
const shipmentDocument = singleDocument(shipmentSchema);

const listRoute = createRoute({
  method: "get",
  path: "/v2/shipments",
  tags,
  summary: "List shipments, newest first",
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      ...includeQuery,
      q: z
        .string()
        .optional()
        .openapi({ description: "Matches bill of lading, reference and container numbers." }),
      "filter[tracking_stopped]": z.string().optional().openapi({ description: "`true` or `false`." }),
    }),
  },
  responses: {
    200: jsonBody(listDocument(shipmentSchema), "A page of shipments"),
    ...errorResponses(400, 401, 429),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/shipments/{id}",
  tags,
  summary: "Get a shipment",
  request: { params: idParam, query: z.object(includeQuery) },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(400, 401, 404, 429) },
});

const editBody = z.object({
  data: z
    .object({
      type: z.literal("shipment").optional(),
      id: z.string().optional(),
      attributes: shipmentEditableAttributesSchema.optional(),
    })
    .optional(),
});

const patchRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}",
  tags,
  summary: "Edit a shipment's reference numbers, tags and customer",
  request: {
    params: idParam,
    body: {
      content: {
        "application/json": { schema: editBody },
        "application/vnd.api+json": { schema: editBody },
      },
    },
  },
  responses: {
    200: jsonBody(shipmentDocument, "The updated shipment"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

const stopRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}/stop_tracking",
  tags,
  summary: "Stop tracking a shipment",
  description:
    "No further updates are collected; data already collected stays readable. Idempotent: stopping a stopped shipment changes nothing.",
  request: { params: idParam },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(401, 404, 429) },
});

const resumeRoute = createRoute({
  method: "patch",
  path: "/v2/shipments/{id}/resume_tracking",
  tags,
  summary: "Resume tracking a shipment",
  description:
    "Updates pick up from now: some information is only available from data sources at specific times, so a resumed shipment may miss data from the stopped period.",
  request: { params: idParam },
  responses: { 200: jsonBody(shipmentDocument, "The shipment"), ...errorResponses(401, 404, 429) },
});

export function parseBoolean(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw badParameter(name, `${name} must be 'true' or 'false' (got '${raw}').`);
}

/** Resolves `include` paths of shipments into included resources. */
export async function includeForShipments(
  deps: AppDeps,
  accountId: string,
  records: ShipmentRecord[],
  include: Set<string>,
  included: Included,
) {
  const { reference } = deps;
  const portOf = (id: string | null) => (id ? reference.ports.get(id) : undefined);
  const terminalOf = (id: string | null) => (id ? reference.terminals.get(id) : undefined);
  for (const { shipment: s } of records) {
    if (include.has("port_of_lading")) addPort(included, portOf(s.portOfLadingId));
    if (include.has("port_of_discharge")) addPort(included, portOf(s.portOfDischargeId));
    if (include.has("destination")) addPort(included, portOf(s.destinationId));
    if (include.has("pod_terminal")) addTerminal(included, terminalOf(s.podTerminalId));
    if (include.has("destination_terminal")) addTerminal(included, terminalOf(s.destinationTerminalId));
  }
  if (include.has("line_tracking_stopped_by_user")) {
    const ids = records
      .map((r) => r.shipment.lineTrackingStoppedByUserId)
      .filter((id): id is string => id !== null);
    for (const user of await getUsers(deps.db, accountId, ids)) included.add(userResource(user));
  }
  if (include.has("containers")) {
    const containerRecords = await getContainers(
      deps.db,
      accountId,
      records.flatMap((r) => r.containerIds),
    );
    const shipmentsById = new Map(records.map((r) => [r.shipment.id, r.shipment]));
    for (const record of containerRecords) {
      const s = shipmentsById.get(record.container.shipmentId);
      included.add(containerResource(record, { reference, zones: zonesOf(reference, s) }));
      if (include.has("containers.pod_terminal"))
        addTerminal(included, terminalOf(record.container.podTerminalId));
    }
  }
}

function addPort(included: Included, port: Parameters<typeof portResource>[0] | undefined) {
  if (port) included.add(portResource(port));
}
function addTerminal(included: Included, terminal: Parameters<typeof terminalResource>[0] | undefined) {
  if (terminal) included.add(terminalResource(terminal));
}

export function registerShipmentRoutes(app: App, deps: AppDeps) {
  const { db, reference, clock } = deps;

  async function shipmentDocumentFor(accountId: string, id: string, include: Set<string>) {
    const record = await getShipment(db, accountId, id);
    if (!record) throw notFound("shipment", id);
    const data = shipmentResource(record, reference);
    const included = new Included([data]);
    await includeForShipments(deps, accountId, [record], include, included);
    return {
      data,
      ...(include.size > 0 ? { included: included.toArray() } : {}),
      links: { self: `/v2/shipments/${id}` },
    };
  }

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = parseInclude(query.include, SHIPMENT_INCLUDES);
    const accountId = c.get("principal").account.id;
    const { records, total } = await listShipments(
      db,
      accountId,
      {
        q: query.q,
        trackingStopped: parseBoolean("filter[tracking_stopped]", query["filter[tracking_stopped]"]),
      },
      page,
    );
    const data = records.map((r) => shipmentResource(r, reference));
    const included = new Included(data);
    await includeForShipments(deps, accountId, records, include, included);
    return c.json(
      {
        data,
        ...(include.size > 0 ? { included: included.toArray() } : {}),
        links: listLinks(
          c.req.url,
          page,
          total,
          edgesOf(records, (r) => ({ at: r.shipment.createdAt, tie: r.shipment.id })),
        ),
        meta: { size: data.length, total },
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const include = parseInclude(c.req.valid("query").include, SHIPMENT_INCLUDES);
    return c.json(
      await shipmentDocumentFor(c.get("principal").account.id, c.req.valid("param").id, include),
      200,
    );
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const attributes = c.req.valid("json")?.data?.attributes ?? {};
    const changes: ShipmentChanges = {};
    if (attributes.ref_numbers !== undefined) changes.refNumbers = attributes.ref_numbers;
    if (attributes.tags !== undefined) changes.tags = attributes.tags;
    if (attributes.customer_name !== undefined) changes.customerName = attributes.customer_name || null;
    const found =
      Object.keys(changes).length === 0
        ? (await getShipment(db, accountId, id)) !== undefined
        : await updateShipment(db, accountId, id, changes, clock.now());
    if (!found) throw notFound("shipment", id);
    return c.json(await shipmentDocumentFor(accountId, id, new Set()), 200);
  });

  app.openapi(stopRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    if (!(await stopTracking(db, principal.account.id, id, principal.userId, clock.now())))
      throw notFound("shipment", id);
    return c.json(await shipmentDocumentFor(principal.account.id, id, new Set()), 200);
  });

  app.openapi(resumeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    if (!(await resumeTracking(db, accountId, id, clock.now()))) throw notFound("shipment", id);
    return c.json(await shipmentDocumentFor(accountId, id, new Set()), 200);
  });
}
