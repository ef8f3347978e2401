// /v2/containers: list, read and edit containers (the id in the path, or in data.id as the hosted API allows).
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CONTAINER_INCLUDES, type containerEditableAttributesSchema } from "../../../api/containers";
import { CONTAINER_SORT_FIELDS } from "../../../api/triage";
import {
  type ContainerRecord,
  getContainer,
  listContainers,
  listContainersByCharges,
  updateContainer,
} from "../../db/containers";
import { rawEventsOf, transportEventsOf } from "../../db/events";
import { tariffsOfAccount } from "../../db/free-time-tariffs";
import { getShipments } from "../../db/shipments";
import { getVessels } from "../../db/vessels";
import { containerResource } from "../../resources/containers";
import { documentOf, Included } from "../../resources/documents";
import { rawEventResource, transportEventResource } from "../../resources/events";
import { terminalResource } from "../../resources/reference";
import { shipmentResource } from "../../resources/shipments";
import { parseCustomFieldFilters } from "../custom-field-filters";
import { includeCustomFields } from "../custom-field-includes";
import { parseListSort } from "../custom-field-sort";
import type { App, AppEnv, DataDeps } from "../env";
import { badParameter, idMismatch, notFound } from "../errors";
import { parseListFilters, refuseCursors } from "../list-query";
import { pageDocument, parsePage } from "../paging";
import { withActivity } from "../people-context";
import { parseInclude } from "../query-params";
import { createRouter } from "../router";
import { type ContainerRefreshDeps, registerContainerRefreshRoute } from "./refresh";
import { getRoute, listRoute, patchByBodyRoute, patchRoute } from "./routes";
import { registerContainerSummaryRoute } from "./summary";

export type ContainerRouteDeps = DataDeps & ContainerRefreshDeps;

/** /v2/containers, with its summary and its refresh. */
export function containerRoutes(deps: ContainerRouteDeps): App {
  const { db, reference, clock } = deps;
  const app = createRouter();

  async function documentsFor(accountId: string, records: ContainerRecord[], include: Set<string>) {
    const shipmentRecords = await getShipments(db, accountId, [
      ...new Set(records.map((r) => r.container.shipmentId)),
    ]);
    const shipmentsById = new Map(shipmentRecords.map((r) => [r.shipment.id, r]));
    const freeTime = { tariffs: await tariffsOfAccount(db, accountId), now: clock.now() };
    const data = records.map((r) =>
      containerResource(r, {
        reference,
        shipment: shipmentsById.get(r.container.shipmentId),
        freeTime,
      }),
    );
    const included = new Included(data);
    if (include.has("custom_fields")) await includeCustomFields(db, accountId, data, included);
    const ids = records.map((r) => r.container.id);
    const [transport, raw] = await Promise.all([
      include.has("transport_events") ? transportEventsOf(db, accountId, ids) : [],
      include.has("raw_events") ? rawEventsOf(db, accountId, ids) : [],
    ]);
    const vessels = new Map(
      (
        await getVessels(
          db,
          raw.map((r) => r.vesselId).filter((v): v is string => v !== null),
        )
      ).map((v) => [v.id, v]),
    );
    for (const { container } of records) {
      if (include.has("shipment")) {
        const s = shipmentsById.get(container.shipmentId);
        if (s) included.add(shipmentResource(s, reference));
      }
      for (const [name, id] of [
        ["pod_terminal", container.podTerminalId],
        ["pickup_facility", container.pickupFacilityId],
      ] as const) {
        const terminal = id ? reference.terminals.get(id) : undefined;
        if (include.has(name) && terminal) included.add(terminalResource(terminal, reference));
      }
    }
    // Each container's events, in the order its relationships list them.
    for (const event of transport) included.add(transportEventResource(event, reference));
    for (const event of raw) {
      included.add(
        rawEventResource(event, reference, event.vesselId ? vessels.get(event.vesselId) : undefined),
      );
    }
    return { data, included: included.toArray() };
  }

  async function single(accountId: string, id: string, include: Set<string>) {
    const record = await getContainer(db, accountId, id);
    if (!record) throw notFound("container", id);
    const { data, included } = await documentsFor(accountId, [record], include);
    return documentOf(data[0]!, `/v2/containers/${id}`, include.size > 0 ? included : undefined);
  }

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = parseInclude(query.include, CONTAINER_INCLUDES);
    const accountId = c.get("principal").account.id;
    const sort = await parseListSort(db, accountId, "Container", query.sort, CONTAINER_SORT_FIELDS);
    if (sort.length > 0) refuseCursors(page);
    const filter = parseListFilters(query, reference);
    const number = query["filter[number]"]?.trim();
    if (number) filter.number = number;
    const customFields = await parseCustomFieldFilters(db, accountId, "Container", c.req.query());
    if (customFields) filter.customFields = customFields;
    const byCharges = sort.find((k) => k.field === "charges");
    if (byCharges && sort.length > 1) {
      throw badParameter("sort", "sort=charges orders by money at risk alone: give it without other fields.");
    }
    const { records, total, edges } = byCharges
      ? {
          ...(await listContainersByCharges(
            db,
            accountId,
            filter,
            { now: clock.now() },
            byCharges.descending,
            page,
          )),
          edges: undefined,
        }
      : await listContainers(db, accountId, filter, { now: clock.now() }, sort, page);
    const { data, included } = await documentsFor(accountId, records, include);
    const asked = include.size > 0 ? included : undefined;
    return c.json(pageDocument(c.req.url, page, { total, edges }, data, asked), 200);
  });

  // Before /v2/containers/{id}, so that "summary" is not read as an id.
  registerContainerSummaryRoute(app, deps);
  registerContainerRefreshRoute(app, deps);

  app.openapi(getRoute, async (c) => {
    const include = parseInclude(c.req.valid("query").include, CONTAINER_INCLUDES);
    return c.json(await single(c.get("principal").account.id, c.req.valid("param").id, include), 200);
  });

  async function edit(
    c: Context<AppEnv>,
    accountId: string,
    id: string,
    attributes: z.infer<typeof containerEditableAttributesSchema>,
  ) {
    const refNumbers = attributes.ref_numbers;
    const found =
      refNumbers === undefined
        ? (await getContainer(db, accountId, id)) !== undefined
        : await withActivity(
            c,
            db,
            (tx) => updateContainer(tx, accountId, id, { refNumbers }, clock.now()),
            (done) =>
              done
                ? {
                    kind: "container.updated",
                    what: "edited a container's reference numbers",
                    subject: { type: "container", id },
                  }
                : undefined,
          );
    if (!found) throw notFound("container", id);
    return single(accountId, id, new Set());
  }

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (body.data.id !== undefined && body.data.id !== id) {
      throw idMismatch(body.data.id, id);
    }
    return c.json(await edit(c, c.get("principal").account.id, id, body.data.attributes), 200);
  });

  app.openapi(patchByBodyRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await edit(c, c.get("principal").account.id, body.data.id!, body.data.attributes), 200);
  });
  return app;
}
