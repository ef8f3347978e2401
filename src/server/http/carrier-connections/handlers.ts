// /v2/carrier_connections: an account's links from a shipping line to its DCSA Track & Trace API (list, create,
// read, edit, delete) and `POST …/test`, which makes one real call to the carrier (tracking/dcsa/connection-test.ts).
// Bodies are checked by input.ts; no answer and no log line ever holds a secret.
//
// These reads are not kept by the response cache (response-cache-policy.ts lists what is): the table is not in the
// change log, and an edit must be seen at once. The store the engine reads through is told of every write.
import { attributePointer } from "../../../api/json-pointer";
import {
  type CarrierConnectionRow,
  createCarrierConnection,
  deleteCarrierConnection,
  getCarrierConnection,
  isRefusal,
  listCarrierConnections,
  updateCarrierConnection,
} from "../../db/carrier-connections";
import {
  carrierConnectionResource,
  carrierConnectionTestResource,
} from "../../resources/carrier-connections";
import { documentOf } from "../../resources/documents";
import type { DcsaClient } from "../../tracking/dcsa/connection";
import { testCarrierConnection } from "../../tracking/dcsa/connection-test";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, idMismatch, invalidAttribute, notFound, quote } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { withActivity } from "../people-context";
import { createRouter } from "../router";
import { checkCarrierConnectionInput } from "./input";
import { createRouteDef, deleteRoute, getRoute, listRoute, patchRoute, testRoute } from "./routes";

const duplicate = (scac: string) =>
  invalidAttribute(
    attributePointer("scac"),
    `This account already has a carrier connection for ${scac}; change that one, or delete it first`,
    "taken",
  );

export interface CarrierConnectionRouteDeps extends DataDeps {
  /** SECRETS_KEY, which seals the connections' secrets; without it a secret is refused with a 422 saying why. */
  secretsKey: Buffer | undefined;
  /** An API client may mark a connection internal (CARRIER_CONNECTIONS_ALLOW_INTERNAL). */
  allowInternal: boolean;
  /** Calls the carrier for `POST /v2/carrier_connections/{id}/test`; without one that route answers 503. */
  dcsaClient: DcsaClient | undefined;
  /** The store the engine reads connections through: told of every edit, so that it is seen at once. */
  store: { forget(accountId: string): void };
  /**
   * Told before an account's connection is deleted (the id may be another account's or unknown: check): the push
   * subscriptions made through it are dropped at the carrier while their records still exist.
   */
  onDeleting: (accountId: string, connectionId: string) => Promise<void>;
}

export function carrierConnectionRoutes(deps: CarrierConnectionRouteDeps): App {
  const { db, clock, reference, dcsaClient } = deps;
  const app = createRouter();
  const context = { reference, secretsKey: deps.secretsKey, allowInternal: deps.allowInternal };
  const resource = (row: CarrierConnectionRow) =>
    carrierConnectionResource(row, reference.shippingLinesByScac.get(row.scac)?.name ?? row.scac);
  const single = (row: CarrierConnectionRow) =>
    documentOf(resource(row), `/v2/carrier_connections/${row.id}`);
  const changed = (accountId: string) => deps.store.forget(accountId);

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query);
    const asked = query["filter[scac]"]?.trim().toUpperCase();
    if (asked !== undefined && !/^[A-Z0-9]{1,10}$/.test(asked)) {
      throw badParameter("filter[scac]", `filter[scac] must be a SCAC, like MAEU (got ${quote(asked)}).`);
    }
    const scac = asked ? (reference.shippingLinesByScac.get(asked)?.scac ?? asked) : undefined;
    const { rows, total } = await listCarrierConnections(db, c.get("principal").account.id, page, scac);
    return c.json(pageDocument(c.req.url, page, { total }, rows.map(resource)), 200);
  });

  app.openapi(createRouteDef, async (c) => {
    const accountId = c.get("principal").account.id;
    const values = checkCarrierConnectionInput(c.req.valid("json").data.attributes, undefined, context);
    const { resetStatus: _, ...stored } = values;
    const row = await withActivity(
      c,
      db,
      (tx) => createCarrierConnection(tx, accountId, stored, clock.now()),
      (r) =>
        isRefusal(r)
          ? undefined
          : {
              kind: "carrier_connection.created",
              what: `connected carrier ${stored.scac}`,
              subject: { type: "carrier_connection", id: r.id },
            },
    );
    if (isRefusal(row)) throw duplicate(stored.scac);
    changed(accountId);
    return c.json(single(row), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await getCarrierConnection(db, c.get("principal").account.id, id);
    if (!row) throw notFound("carrier connection", id);
    return c.json(single(row), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const accountId = c.get("principal").account.id;
    const current = await getCarrierConnection(db, accountId, id);
    if (!current) throw notFound("carrier connection", id);
    const values = checkCarrierConnectionInput(data.attributes, current, context);
    const row = await withActivity(
      c,
      db,
      (tx) => updateCarrierConnection(tx, accountId, id, values, clock.now()),
      (r) =>
        !r || isRefusal(r)
          ? undefined
          : {
              kind: "carrier_connection.updated",
              what: `changed the carrier connection for ${current.scac}`,
              subject: { type: "carrier_connection", id },
            },
    );
    if (!row) throw notFound("carrier connection", id);
    if (isRefusal(row)) throw duplicate(values.scac);
    changed(accountId);
    return c.json(single(row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    // Our subscriptions at the carrier go first: deleting the connection deletes the only record of them.
    await deps.onDeleting(accountId, id);
    const deleted = await withActivity(
      c,
      db,
      (tx) => deleteCarrierConnection(tx, accountId, id),
      (done) =>
        done
          ? {
              kind: "carrier_connection.deleted",
              what: "removed a carrier connection",
              subject: { type: "carrier_connection", id },
            }
          : undefined,
    );
    if (!deleted) throw notFound("carrier connection", id);
    changed(accountId);
    return c.body(null, 204);
  });

  app.openapi(testRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const row = await getCarrierConnection(db, accountId, id);
    if (!row) throw notFound("carrier connection", id);
    if (!dcsaClient) {
      throw new ApiError(503, {
        code: "carrier_calls_not_configured",
        detail:
          "This service is not set up to call carriers, so the connection cannot be tested; ask the operator.",
      });
    }
    const { outcome, connection } = await testCarrierConnection(
      { db, clock, dcsaClient, secretsKey: deps.secretsKey },
      row,
    );
    changed(accountId);
    return c.json({ data: carrierConnectionTestResource(outcome), included: [resource(connection)] }, 200);
  });
  return app;
}
