// /v2/notifications: the signed-in person's alerts, newest first, paged (the unread partial index serves the
// bell's filter), read one at a time or all at once. Another person's notification reads as 404.
import { PAGE_SIZE_MAX } from "../../../api/json-api";
import { listNotifications, markAllNotificationsRead, markNotification } from "../../db/alerts";
import { notificationResource } from "../../resources/alerts";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { idMismatch, notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { personOf } from "../people-context";
import { parseBoolean } from "../query-params";
import { createRouter } from "../router";
import { listRoute, markAllReadRoute, patchRoute } from "./routes";

export function notificationRoutes(deps: Pick<DataDeps, "db"> & { now: () => Date }): App {
  const app = createRouter();
  const { db } = deps;
  const who = (principal: Parameters<typeof personOf>[0]) => ({
    accountId: principal.account.id,
    userId: personOf(principal).doer.userId,
  });

  app.openapi(listRoute, async (c) => {
    const { accountId, userId } = who(c.get("principal"));
    const query = c.req.valid("query");
    const page = parsePage(query, { sizes: { default: 30, max: PAGE_SIZE_MAX } });
    const unread = parseBoolean("filter[unread]", query["filter[unread]"]) ?? false;
    const list = await listNotifications(db, accountId, userId, {
      unread,
      limit: page.size,
      offset: page.offset,
    });
    const doc = pageDocument(c.req.url, page, { total: list.total }, list.rows.map(notificationResource));
    return c.json({ ...doc, meta: { ...doc.meta, unread: list.unread } }, 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { accountId, userId } = who(c.get("principal"));
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const row = await markNotification(db, accountId, userId, id, data.attributes.read ? deps.now() : null);
    if (!row) throw notFound("notification", id);
    return c.json(documentOf(notificationResource(row), `/v2/notifications/${id}`), 200);
  });

  app.openapi(markAllReadRoute, async (c) => {
    const { accountId, userId } = who(c.get("principal"));
    const marked = await markAllNotificationsRead(db, accountId, userId, deps.now());
    return c.json({ meta: { marked } }, 200);
  });
  return app;
}
