// What a share link opens, outside /v2 and its keys: `GET /shared/api/{token}`, the shipment as the link shares it
// (resources/share-links.ts builds it field by field), and `GET /shared/api/{token}/documents/{id}`, one of the
// documents the link offers, by a redirect to a short-lived signed download. The token is the only credential: an
// unknown, expired or revoked one is the same 404, and each client address may ask a limited number of times a
// minute. Nothing here is kept by a browser, a proxy or a search engine (no-store, noindex); security-headers.ts
// sends no referrer from these paths, whose address holds the token.

import { Hono } from "hono";
import { SHARED_API_PATH } from "../../api/share-links";
import type { Clock } from "../clock";
import { getContainers } from "../db/containers";
import { documentsByIds, documentsNamingShipment } from "../db/documents";
import { transportEventsOf } from "../db/events";
import { openShareLink, type ShareLinkRow } from "../db/share-links";
import { getShipment } from "../db/shipments";
import { positionsBetween } from "../db/vessel-positions";
import { signDownloadLink } from "../documents/download-links";
import { sharedShipmentView } from "../resources/share-links";
import { containerJourney } from "../tracking/container-journey";
import { journeyMap } from "../tracking/journey-map";
import { clientAddress } from "./client-address";
import { documentLinkKey } from "./documents/link-key";
import type { AppEnv, DataDeps } from "./env";
import { ApiError } from "./errors";
import { RateLimiter } from "./rate-limit";

/** Requests a client address may make a minute: a page and its documents, reloaded now and then. */
export const SHARED_REQUESTS_PER_MINUTE = 60;

const PRIVATE = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

const closed = () =>
  new ApiError(404, {
    code: "share_link_not_found",
    detail:
      "This link does not open a shipment: it has expired or been revoked, or it was cut short when it was copied. Ask the sender for a new link.",
  });

export function sharedShipmentRoutes(
  deps: DataDeps & {
    /** Real time: links expire and limits refill by it. */
    realClock: Clock;
    perMinute?: number;
  },
) {
  const app = new Hono<AppEnv>();
  const { db, reference, clock } = deps;
  const limiter = new RateLimiter(deps.perMinute ?? SHARED_REQUESTS_PER_MINUTE, deps.realClock);
  const linkKey = documentLinkKey(deps);

  app.use(`${SHARED_API_PATH}/*`, async (c, next) => {
    const decision = limiter.take(clientAddress(c) || "unknown");
    if (!decision.allowed)
      throw new ApiError(
        429,
        {
          code: "rate_limited",
          detail: `A shared shipment may be read ${limiter.perMinute} times a minute from one address; try again in ${decision.retryAfterSeconds} s.`,
        },
        { "Retry-After": String(decision.retryAfterSeconds), ...PRIVATE },
      );
    await next();
    for (const [name, value] of Object.entries(PRIVATE)) c.header(name, value);
  });

  async function linkOf(token: string): Promise<ShareLinkRow> {
    const link = await openShareLink(db, token, deps.realClock.now());
    if (!link) throw closed();
    return link;
  }

  /** The link's documents that still name its shipment and are not discarded. */
  async function offered(link: ShareLinkRow) {
    if (link.documentIds.length === 0) return [];
    const [rows, naming] = await Promise.all([
      documentsByIds(db, link.accountId, link.documentIds),
      documentsNamingShipment(db, link.accountId, link.shipmentId, link.documentIds),
    ]);
    return rows.filter((r) => naming.has(r.document.id));
  }

  app.get(`${SHARED_API_PATH}/:token`, async (c) => {
    const token = c.req.param("token");
    const link = await linkOf(token);
    const record = await getShipment(db, link.accountId, link.shipmentId);
    if (!record) throw closed();
    const [containers, events, documents] = await Promise.all([
      getContainers(db, link.accountId, record.containerIds),
      transportEventsOf(db, link.accountId, record.containerIds),
      offered(link),
    ]);
    const first = record.containerIds[0];
    const journey = link.showMap && first ? await containerJourney(db, link.accountId, first) : undefined;
    const map = journey
      ? await journeyMap({
          ...journey,
          now: clock.now(),
          ports: reference.ports,
          positions: (vesselId, from, to) => positionsBetween(db, vesselId, from, to),
        })
      : null;
    return c.json(
      sharedShipmentView({
        link,
        record,
        containers: containers.map((r) => r.container),
        events,
        map,
        documents: documents.map((d) => ({
          id: d.document.id,
          name: d.document.name,
          contentType: d.file.contentType,
          url: `${SHARED_API_PATH}/${token}/documents/${d.document.id}`,
        })),
        reference,
      }),
      200,
    );
  });

  app.get(`${SHARED_API_PATH}/:token/documents/:documentId`, async (c) => {
    const link = await linkOf(c.req.param("token"));
    const id = c.req.param("documentId");
    const document = (await offered(link)).find((d) => d.document.id === id);
    if (!document)
      throw new ApiError(404, {
        code: "not_found",
        detail: "This link does not offer that document.",
      });
    const path = signDownloadLink(
      await linkKey(),
      { accountId: link.accountId, documentId: id, blobId: document.document.blobId },
      Date.now(),
    );
    return c.redirect(path, 302);
  });
  return app;
}
