// /v2/containers/{id}/transport_events and /v2/containers/{id}/raw_events: what happened to a container (and, in
// the carrier's raw lines, what is planned), with the ports, terminals, vessels and shipment they name.
import { createRoute, z } from "@hono/zod-openapi";
import {
  RAW_EVENT_INCLUDES,
  rawEventListDocumentSchema,
  TRANSPORT_EVENT_INCLUDES,
  transportEventListDocumentSchema,
} from "../../../api/events";
import { getContainer } from "../../db/containers";
import { listTransportEvents, rawEventsOf } from "../../db/events";
import { tariffsOfAccount } from "../../db/free-time-tariffs";
import { getShipments } from "../../db/shipments";
import { containerResource } from "../../resources/containers";
import { documentOf, Included } from "../../resources/documents";
import { rawEventResource, transportEventResource } from "../../resources/events";
import { portResource, terminalResource } from "../../resources/reference";
import { shipmentResource } from "../../resources/shipments";
import { vesselResource } from "../../resources/vessels";
import { accountVessels } from "../../tracking/account-vessels";
import type { App, DataDeps } from "../env";
import { notFound } from "../errors";
import { errorResponses, idParam, includeQueryOf, jsonBody, pageQuery } from "../openapi-common";
import { pageDocument, parsePage } from "../paging";
import { parseInclude } from "../query-params";
import { createRouter } from "../router";

const tags = ["Containers"];

const transportEventsRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}/transport_events",
  tags,
  summary: "A container's transport events, in time order",
  description:
    "The movements that have happened to the container (`container.transport.*`), oldest first; events at the same time keep the carrier's order. Each carries its location's IANA `timezone`. `include` any of `shipment`, `container`, `location` (ports), `terminal` and `vessel`. Rail terminals and metro areas, which the hosted API can also include, are not separate resources here: inland places are ports and rail ramps are terminals. Paged like every list: `page[number]` and `page[size]` (at most 100).",
  request: {
    params: idParam,
    query: z.object({ ...pageQuery, ...includeQueryOf(TRANSPORT_EVENT_INCLUDES) }),
  },
  responses: {
    200: jsonBody(transportEventListDocumentSchema, "A page of transport events"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const rawEventsRoute = createRoute({
  method: "get",
  path: "/v2/containers/{id}/raw_events",
  tags,
  summary: "A container's raw events: the carrier's own lines, in its order",
  description:
    "Every line the carrier shows for the container, by `index` (from 0), in the carrier's wording (`original_event`): what happened and, with `estimated: true`, what it plans. The vessels the lines name are always in `included`; `include=location` adds their ports.",
  request: { params: idParam, query: z.object(includeQueryOf(RAW_EVENT_INCLUDES)) },
  responses: {
    200: jsonBody(rawEventListDocumentSchema, "The raw events"),
    ...errorResponses(400, 401, 404, 429),
  },
});

export function containerEventRoutes(deps: DataDeps): App {
  const app = createRouter();
  const { db, reference } = deps;

  async function containerOf(accountId: string, id: string) {
    const record = await getContainer(db, accountId, id);
    if (!record) throw notFound("container", id);
    return record;
  }

  /**
   * Vessel resources in the order the events first name them, by the account's view of vessels (a vessel its
   * cargo is only booked on goes out without its position).
   */
  async function vesselResources(accountId: string, ids: (string | null)[]) {
    const { vessels, visible } = await accountVessels(db, accountId, ids);
    return [...vessels.values()].map((v) => vesselResource(v, { hidePosition: !visible.has(v.id) }));
  }

  app.openapi(transportEventsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query);
    const include = parseInclude(query.include, TRANSPORT_EVENT_INCLUDES);
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    const record = await containerOf(accountId, id);
    const { rows, total } = await listTransportEvents(db, accountId, id, {
      limit: page.size,
      offset: page.offset,
    });
    const data = rows.map((row) => transportEventResource(row, reference));
    if (include.size === 0) return c.json(pageDocument(c.req.url, page, { total }, data), 200);

    const included = new Included(data);
    if (include.has("shipment") || include.has("container")) {
      const [shipment] = await getShipments(db, accountId, [record.container.shipmentId]);
      if (include.has("shipment") && shipment) included.add(shipmentResource(shipment, reference));
      if (include.has("container")) {
        const freeTime = { tariffs: await tariffsOfAccount(db, accountId), now: deps.clock.now() };
        included.add(containerResource(record, { reference, shipment, freeTime }));
      }
    }
    for (const row of rows) {
      const port =
        include.has("location") && row.locationId ? reference.ports.get(row.locationId) : undefined;
      if (port) included.add(portResource(port));
      const terminal =
        include.has("terminal") && row.terminalId ? reference.terminals.get(row.terminalId) : undefined;
      if (terminal) included.add(terminalResource(terminal, reference));
    }
    if (include.has("vessel")) {
      for (const vessel of await vesselResources(
        accountId,
        rows.map((r) => r.vesselId),
      )) {
        included.add(vessel);
      }
    }
    return c.json(pageDocument(c.req.url, page, { total }, data, included.toArray()), 200);
  });

  app.openapi(rawEventsRoute, async (c) => {
    const include = parseInclude(c.req.valid("query").include, RAW_EVENT_INCLUDES);
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    await containerOf(accountId, id);
    const rows = await rawEventsOf(db, accountId, [id]);
    const vessels = await vesselResources(
      accountId,
      rows.map((r) => r.vesselId),
    );
    const vesselsById = new Map(vessels.map((v) => [v.id, v.attributes]));
    const data = rows.map((row) =>
      rawEventResource(row, reference, row.vesselId ? vesselsById.get(row.vesselId) : undefined),
    );
    const included = new Included(data);
    for (const vessel of vessels) included.add(vessel);
    if (include.has("location")) {
      for (const row of rows) {
        const port = row.locationId ? reference.ports.get(row.locationId) : undefined;
        if (port) included.add(portResource(port));
      }
    }
    return c.json(documentOf(data, `/v2/containers/${id}/raw_events`, included.toArray()), 200);
  });
  return app;
}
