// /v2/shipments/{id}/share_links: a shipment's read-only links for people outside the account. Making one checks
// the documents it offers are the shipment's; making and revoking are recorded in the activity log with the link.

import { DAY } from "../../../api/durations";
import { attributePointer } from "../../../api/json-pointer";
import { SHARE_LINK_DAYS_DEFAULT, SHARED_PAGE_PATH } from "../../../api/share-links";
import { documentsNamingShipment } from "../../db/documents";
import { createShareLink, listShareLinks, newShareToken, revokeShareLink } from "../../db/share-links";
import { getShipment } from "../../db/shipments";
import { displayName } from "../../people/activity";
import { documentOf } from "../../resources/documents";
import { shareLinkResource } from "../../resources/share-links";
import type { App, DataDeps } from "../env";
import { invalidAttribute, notFound } from "../errors";
import { doerOf, withActivity } from "../people-context";
import { createRouter } from "../router";
import { createRouteDef, listRoute, revokeRoute } from "./routes";

export function shareLinkRoutes(
  deps: Pick<DataDeps, "db"> & {
    /** Real time: links expire by it, not by a sped-up service clock. */
    now: () => Date;
    /** PUBLIC_URL: the base of the links. */
    publicUrl: string;
  },
): App {
  const app = createRouter();
  const { db, now } = deps;

  async function shipmentOf(accountId: string, id: string) {
    const record = await getShipment(db, accountId, id);
    if (!record) throw notFound("shipment", id);
    return record;
  }

  /** The ids as given, each a document that names this shipment or one of its containers. */
  async function offeredDocuments(accountId: string, shipmentId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const naming = await documentsNamingShipment(db, accountId, shipmentId, unique);
    unique.forEach((id, i) => {
      if (!naming.has(id))
        throw invalidAttribute(
          attributePointer("document_ids", String(i)),
          `${id} is not a document of this shipment: a link can offer only documents that name the shipment or one of its containers (GET /v2/documents?filter[shipment_id]=${shipmentId}).`,
        );
    });
    return unique;
  }

  app.openapi(listRoute, async (c) => {
    const accountId = c.get("principal").account.id;
    const { id } = c.req.valid("param");
    await shipmentOf(accountId, id);
    const rows = await listShareLinks(db, accountId, id);
    const at = now();
    return c.json(
      {
        data: rows.map((row) => shareLinkResource(row, at)),
        links: { self: `/v2/shipments/${id}/share_links` },
        meta: { size: rows.length, total: rows.length },
      },
      200,
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const principal = c.get("principal");
    const accountId = principal.account.id;
    const { id } = c.req.valid("param");
    // A POST without a body (no content type) is not validated: its defaults are these.
    const attributes = c.req.valid("json")?.data?.attributes ?? {};
    const record = await shipmentOf(accountId, id);
    const documentIds = await offeredDocuments(accountId, id, attributes.document_ids ?? []);
    const token = newShareToken();
    const at = now();
    const row = await withActivity(
      c,
      db,
      (tx) =>
        createShareLink(tx, {
          accountId,
          shipmentId: id,
          token,
          showMap: attributes.show_map ?? true,
          documentIds,
          createdByName: displayName(doerOf(principal)),
          now: at,
          expiresAt: new Date(at.getTime() + (attributes.expires_in_days ?? SHARE_LINK_DAYS_DEFAULT) * DAY),
        }),
      (link) => ({
        kind: "share_link.created",
        what: `shared shipment ${record.shipment.billOfLadingNumber} until ${link.expiresAt.toISOString().slice(0, 10)}`,
        subject: { type: "shipment", id },
        details: { share_link_id: link.id, token_hint: link.tokenHint },
      }),
    );
    const url = `${deps.publicUrl.replace(/\/$/, "")}${SHARED_PAGE_PATH}/${token}`;
    return c.json(
      documentOf(shareLinkResource(row, at, url), `/v2/shipments/${id}/share_links/${row.id}`),
      201,
    );
  });

  app.openapi(revokeRoute, async (c) => {
    const principal = c.get("principal");
    const accountId = principal.account.id;
    const { id, link_id: linkId } = c.req.valid("param");
    const record = await shipmentOf(accountId, id);
    const at = now();
    const result = await withActivity(
      c,
      db,
      (tx) =>
        revokeShareLink(tx, { accountId, shipmentId: id, id: linkId }, displayName(doerOf(principal)), at),
      (done) =>
        done?.revoked
          ? {
              kind: "share_link.revoked",
              what: `stopped sharing shipment ${record.shipment.billOfLadingNumber} (link …${done.row.tokenHint})`,
              subject: { type: "shipment", id },
              details: { share_link_id: done.row.id, token_hint: done.row.tokenHint },
            }
          : undefined,
    );
    if (!result) throw notFound("share link", linkId);
    return c.json(
      documentOf(shareLinkResource(result.row, at), `/v2/shipments/${id}/share_links/${linkId}`),
      200,
    );
  });
  return app;
}
