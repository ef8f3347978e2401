// /v2/tracking_requests: create (with its own rate limit and duplicate detection), list, read and edit requests.
// The tracking engine, not these routes, turns a pending request into a shipment.

import { CUSTOMER_POINTER } from "../../../api/new-tracking-request";
import { normalizeRequestNumber } from "../../../api/tracking-requests";
import type { Clock } from "../../clock";
import type { AccountRow } from "../../db/accounts";
import { getParty } from "../../db/parties";
import { getShipments } from "../../db/shipments";
import {
  createTrackingRequest,
  findTrackedNumber,
  getTrackingRequest,
  listTrackingRequests,
  type TrackingRequestChanges,
  type TrackingRequestRow,
  updateTrackingRequest,
} from "../../db/tracking-requests";
import { accountResource } from "../../resources/account";
import { documentOf, Included } from "../../resources/documents";
import { shipmentResource } from "../../resources/shipments";
import { trackingRequestResource } from "../../resources/tracking-request";
import type { App, DataDeps } from "../env";
import { ApiError, idMismatch, invalidAttribute, notFound } from "../errors";
import { rateLimit } from "../middleware";
import { pageDocument, parsePage } from "../paging";
import { withActivity } from "../people-context";
import { RateLimiter } from "../rate-limit";
import { createRouter } from "../router";
import { includeForShipments } from "../shipments/includes";
import { validationError } from "../validation";
import { inferNumberDocument, trackedByAccountOf } from "./infer-number";
import { checkInitialFields } from "./initial-fields";
import { checkNewTrackingRequest } from "./new-request";
import { includeOf, parseStatuses, range } from "./query";
import {
  CREATE_LIMIT_DETAIL,
  createRouteDefinition,
  getRoute,
  inferNumberRoute,
  listRoute,
  patchRoute,
  READ_ONLY,
} from "./routes";
export interface TrackingRequestRouteDeps extends DataDeps {
  /** Creations a key may make a minute (TRACKING_REQUEST_LIMIT_PER_MINUTE). */
  limitPerMinute: number;
  /** What the creation limit is measured with: real time, never the sped-up service clock. */
  realClock: Clock;
  /** Told when a tracking request is stored pending: the tracking engine of this process takes it up at once. */
  onTrackingRequestCreated: () => void;
}

export function trackingRequestRoutes(deps: TrackingRequestRouteDeps): App {
  const { db, reference, clock } = deps;
  const app = createRouter();

  /** Resolves `include` paths of tracking requests into included resources. */
  async function includeFor(
    account: AccountRow,
    rows: TrackingRequestRow[],
    include: Set<string>,
    included: Included,
  ) {
    if (include.has("tracked_object")) {
      const ids = [...new Set(rows.map((r) => r.shipmentId).filter((id): id is string => id !== null))];
      const byId = new Map((await getShipments(db, account.id, ids)).map((r) => [r.shipment.id, r]));
      const records = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
      for (const record of records) included.add(shipmentResource(record, reference));
      if (include.has("tracked_object.containers"))
        await includeForShipments(deps, account.id, records, new Set(["containers"]), included);
    }
    if (include.has("customer")) {
      included.add(accountResource(account));
    }
  }

  async function documentFor(account: AccountRow, row: TrackingRequestRow, include: Set<string>) {
    const data = trackingRequestResource(row);
    const included = new Included([data]);
    await includeFor(account, [row], include, included);
    return documentOf(
      data,
      `/v2/tracking_requests/${row.id}`,
      include.size > 0 ? included.toArray() : undefined,
    );
  }

  const createLimiter = new RateLimiter(deps.limitPerMinute, deps.realClock);
  app.use(
    "/v2/tracking_requests",
    rateLimit(createLimiter, CREATE_LIMIT_DETAIL, (method) => method === "POST"),
  );

  app.openapi(
    createRouteDefinition,
    async (c) => {
      const input = checkNewTrackingRequest(c.req.valid("json"), reference);
      const { account } = c.get("principal");
      if (input.customerId && !(await getParty(db, account.id, input.customerId))) {
        throw new ApiError(422, {
          code: "invalid",
          detail: `No party with id ${input.customerId} is this account's customer; GET /v2/parties lists them.`,
          source: { pointer: CUSTOMER_POINTER },
        });
      }
      const initialFields = input.initialCustomFields
        ? await checkInitialFields(db, account.id, input.initialCustomFields)
        : undefined;
      const { request, duplicateOf } = await withActivity(
        c,
        db,
        (tx) => createTrackingRequest(tx, account.id, input, clock.now(), initialFields),
        (r) =>
          r.duplicateOf
            ? undefined
            : {
                kind: "tracking_request.created",
                what: `asked to track ${input.requestNumber}`,
                subject: { type: "tracking_request", id: r.request.id },
              },
      );
      if (!duplicateOf) deps.onTrackingRequestCreated();
      return c.json(await documentFor(account, request, new Set()), 201);
    },
    (result) => {
      if (result.success) return;
      const input = (result as { data?: unknown }).data;
      // The full check names every problem in the hosted API's words; it throws for any body the schema refuses.
      if (result.target === "json") checkNewTrackingRequest(input, reference);
      throw validationError(result.target, result.error, READ_ONLY, input);
    },
  );

  app.openapi(
    inferNumberRoute,
    async (c) => {
      const { account } = c.get("principal");
      const document = inferNumberDocument(c.req.valid("json"), reference);
      const number = normalizeRequestNumber(c.req.valid("json").number);
      document.data.attributes.tracked_by_account = trackedByAccountOf(
        await findTrackedNumber(db, account.id, number),
        reference,
      );
      return c.json(document, 200);
    },
    (result) => {
      // Every refusal in one place, in the same words, whatever part of the body the schema stumbled on.
      if (!result.success) inferNumberDocument((result as { data?: unknown }).data, reference);
    },
  );

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const include = includeOf(query.include);
    const scac = query["filter[scac]"]?.trim().toUpperCase();
    const filter = {
      q: query.q,
      requestNumber: query["filter[request_number]"],
      statuses: parseStatuses(query["filter[status]"]),
      // Requests store the line's main SCAC; an alternative one finds them too.
      scac: scac ? (reference.shippingLinesByScac.get(scac)?.scac ?? scac) : undefined,
      createdAt: range(query, "created_at"),
      updatedAt: range(query, "updated_at"),
    };
    const { account } = c.get("principal");
    const { rows, total, edges } = await listTrackingRequests(db, account.id, filter, page);
    const data = rows.map(trackingRequestResource);
    const included = new Included(data);
    await includeFor(account, rows, include, included);
    const asked = include.size > 0 ? included.toArray() : undefined;
    return c.json(pageDocument(c.req.url, page, { total, edges }, data, asked), 200);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const include = includeOf(c.req.valid("query").include);
    const { account } = c.get("principal");
    const row = await getTrackingRequest(db, account.id, id);
    if (!row) throw notFound("tracking request", id);
    return c.json(await documentFor(account, row, include), 200);
  });

  app.openapi(
    patchRoute,
    async (c) => {
      const { id } = c.req.valid("param");
      const { account } = c.get("principal");
      const data = c.req.valid("json")?.data;
      if (data?.id !== undefined && data.id !== id) {
        throw idMismatch(data.id, id);
      }
      const attributes = data?.attributes ?? {};
      const changes: TrackingRequestChanges = {};
      if (attributes.ref_numbers !== undefined) changes.refNumbers = attributes.ref_numbers;
      if (attributes.ref_number !== undefined) {
        if (attributes.ref_numbers !== undefined)
          throw invalidAttribute(
            "/data/attributes/ref_number",
            "ref_number and ref_numbers cannot both be sent: ref_number replaces the reference numbers with one.",
          );
        changes.refNumbers = attributes.ref_number ? [attributes.ref_number] : [];
      }
      if (attributes.tags !== undefined) changes.tags = attributes.tags;
      const row =
        Object.keys(changes).length === 0
          ? await getTrackingRequest(db, account.id, id)
          : await updateTrackingRequest(db, account.id, id, changes, clock.now());
      if (!row) throw notFound("tracking request", id);
      return c.json(await documentFor(account, row, new Set()), 200);
    },
    (result) => {
      if (!result.success)
        throw validationError(result.target, result.error, READ_ONLY, (result as { data?: unknown }).data);
    },
  );
  return app;
}
