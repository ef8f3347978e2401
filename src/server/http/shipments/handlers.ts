// /v2/shipments: list, read, edit, stop and resume tracking.
import { SHIPMENT_INCLUDES } from "../../../api/shipments";
import { SHIPMENT_SORT_FIELDS } from "../../../api/triage";
import { getParty } from "../../db/parties";
import {
  getShipment,
  listShipments,
  resumeTracking,
  type ShipmentChanges,
  type ShipmentRecord,
  stopTracking,
  updateShipment,
} from "../../db/shipments";
import { documentOf, Included } from "../../resources/documents";
import { shipmentResource } from "../../resources/shipments";
import { parseCustomFieldFilters } from "../custom-field-filters";
import { includeCustomFields } from "../custom-field-includes";
import { parseListSort } from "../custom-field-sort";
import type { App, DataDeps } from "../env";
import { idMismatch, invalidAttribute, notFound, quote } from "../errors";
import { parseListFilters, refuseCursors } from "../list-query";
import { pageDocument, parsePage } from "../paging";
import { trackingActor, withActivity } from "../people-context";
import { parseInclude } from "../query-params";
import { createRouter } from "../router";

import { includeForShipments } from "./includes";
import { getRoute, listRoute, patchRoute, resumeRoute, stopRoute } from "./routes";

const CUSTOMER_ID_POINTER = "/data/relationships/customer/data/id";

export interface ShipmentRouteDeps extends DataDeps {
  /**
   * Told when a user made a shipment due now (PATCH /v2/shipments/{id}/resume_tracking): the tracking engine of
   * this process looks at it at once instead of at the end of its pause.
   */
  onShipmentRefreshRequested: () => void;
}

export function shipmentRoutes(deps: ShipmentRouteDeps): App {
  const { db, reference, clock } = deps;
  const app = createRouter();

  async function shipmentDocumentFor(accountId: string, id: string, include: Set<string>) {
    const record = await getShipment(db, accountId, id);
    if (!record) throw notFound("shipment", id);
    return shipmentDocument(accountId, id, record, include);
  }

  /** `id` as the path named it (its self link), which may differ in case from the stored one. */
  async function shipmentDocument(
    accountId: string,
    id: string,
    record: ShipmentRecord,
    include: Set<string>,
  ) {
    const data = shipmentResource(record, reference);
    const included = new Included([data]);
    await includeForShipments(deps, accountId, [record], include, included);
    if (include.has("custom_fields")) await includeCustomFields(db, accountId, [data], included);
    return documentOf(data, `/v2/shipments/${id}`, include.size > 0 ? included.toArray() : undefined);
  }

  /** The party a shipment edit names as its customer: one of the account's, or null; another is a 422. */
  async function customerIdOf(accountId: string, data: { id: string } | null) {
    if (data === null) return null;
    if (!(await getParty(db, accountId, data.id))) {
      throw invalidAttribute(
        CUSTOMER_ID_POINTER,
        `No party with id ${quote(data.id)} exists in this account; create it with POST /v2/parties first.`,
        "not_found",
      );
    }
    return data.id.toLowerCase();
  }

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = parseInclude(query.include, SHIPMENT_INCLUDES);
    const accountId = c.get("principal").account.id;
    const sort = await parseListSort(db, accountId, "Shipment", query.sort, SHIPMENT_SORT_FIELDS);
    if (sort.length > 0) refuseCursors(page);
    const filter = parseListFilters(query, reference);
    const customFields = await parseCustomFieldFilters(db, accountId, "Shipment", c.req.query());
    if (customFields) filter.customFields = customFields;
    const { records, total, edges } = await listShipments(
      db,
      accountId,
      filter,
      { now: clock.now() },
      sort,
      page,
    );
    const data = records.map((r) => shipmentResource(r, reference));
    const included = new Included(data);
    await includeForShipments(deps, accountId, records, include, included);
    if (include.has("custom_fields")) await includeCustomFields(db, accountId, data, included);
    const asked = include.size > 0 ? included.toArray() : undefined;
    return c.json(pageDocument(c.req.url, page, { total, edges }, data, asked), 200);
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
    const data = c.req.valid("json")?.data;
    if (data?.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const attributes = data?.attributes ?? {};
    const customer = data?.relationships?.customer;
    const changes: ShipmentChanges = {};
    if (attributes.ref_numbers !== undefined) changes.refNumbers = attributes.ref_numbers;
    if (attributes.tags !== undefined) changes.tags = attributes.tags;
    if (customer !== undefined) changes.customerId = await customerIdOf(accountId, customer.data);
    else if (attributes.customer_name !== undefined) changes.customerName = attributes.customer_name || null;
    const found =
      Object.keys(changes).length === 0
        ? (await getShipment(db, accountId, id)) !== undefined
        : await withActivity(
            c,
            db,
            (tx) => updateShipment(tx, accountId, id, changes, clock.now()),
            (done) =>
              done
                ? {
                    kind: "shipment.updated",
                    what: `edited a shipment (${Object.keys(changes).join(", ")})`,
                    subject: { type: "shipment", id },
                  }
                : undefined,
          );
    if (!found) throw notFound("shipment", id);
    return c.json(await shipmentDocumentFor(accountId, id, new Set()), 200);
  });

  app.openapi(stopRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    // The write answers the shipment as it left it: no second read.
    const record = await stopTracking(db, principal.account.id, id, trackingActor(c), clock.now());
    if (!record) throw notFound("shipment", id);
    return c.json(await shipmentDocument(principal.account.id, id, record, new Set()), 200);
  });

  app.openapi(resumeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const record = await resumeTracking(db, accountId, id, trackingActor(c), clock.now());
    if (!record) throw notFound("shipment", id);
    // Resumed, the shipment is due now: this process's engine looks at it at once, as after a container's refresh,
    // rather than at the end of its pause. A resume of a shipment already tracked wakes a pass that finds nothing.
    deps.onShipmentRefreshRequested();
    return c.json(await shipmentDocument(accountId, id, record, new Set()), 200);
  });
  return app;
}
