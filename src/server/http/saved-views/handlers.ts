// /v2/saved_views: the account's saved views (list, create, read, edit, delete). A view's search is checked as its
// list checks a query (search-check.ts); a name taken in the list or an account at its limit is a 422.
import { attributePointer } from "../../../api/json-pointer";
import { SAVED_VIEWS_MAX, type SavedViewList } from "../../../api/saved-views";
import {
  createSavedView,
  deleteSavedView,
  getSavedView,
  isRefusal,
  listSavedViews,
  type SavedViewRefusal,
  updateSavedView,
} from "../../db/saved-views";
import { documentOf } from "../../resources/documents";
import { savedViewResource } from "../../resources/saved-views";
import type { App, DataDeps } from "../env";
import { ApiError, idMismatch, invalidAttribute, notFound, quote } from "../errors";
import { createRouter } from "../router";
import { createRouteDef, deleteRoute, getRoute, listRoute, patchRoute } from "./routes";
import { checkSavedViewSearch } from "./search-check";

function refusal(refused: SavedViewRefusal, name: string, list: string): ApiError {
  return refused.refused === "duplicate_name"
    ? invalidAttribute(
        attributePointer("name"),
        `The ${list} list already has a view named ${quote(name)}; choose another name, or change that view.`,
        "taken",
      )
    : new ApiError(422, {
        code: "limit_reached",
        detail: `An account keeps at most ${SAVED_VIEWS_MAX} saved views; delete one to save another.`,
        source: { pointer: "/data" },
      });
}

export function savedViewRoutes(deps: DataDeps): App {
  const app = createRouter();
  const { db, clock, reference } = deps;

  app.openapi(listRoute, async (c) => {
    const rows = await listSavedViews(db, c.get("principal").account.id);
    return c.json(
      {
        data: rows.map(savedViewResource),
        links: { self: "/v2/saved_views" },
        meta: { size: rows.length, total: rows.length },
      },
      200,
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const { name, list, search } = c.req.valid("json").data.attributes;
    const accountId = c.get("principal").account.id;
    const checked = await checkSavedViewSearch(list, search, { db, reference, accountId });
    const row = await createSavedView(
      db,
      accountId,
      { name, list, search: checked },
      SAVED_VIEWS_MAX,
      clock.now(),
    );
    if (isRefusal(row)) throw refusal(row, name, list);
    return c.json(documentOf(savedViewResource(row), `/v2/saved_views/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await getSavedView(db, c.get("principal").account.id, id);
    if (!row) throw notFound("saved view", id);
    return c.json(documentOf(savedViewResource(row), `/v2/saved_views/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const accountId = c.get("principal").account.id;
    const current = await getSavedView(db, accountId, id);
    if (!current) throw notFound("saved view", id);
    const name = data.attributes.name ?? current.name;
    const list = data.attributes.list ?? (current.list as SavedViewList);
    const search = await checkSavedViewSearch(list, data.attributes.search ?? current.search, {
      db,
      reference,
      accountId,
    });
    const row = await updateSavedView(db, accountId, id, { name, list, search }, clock.now());
    if (!row) throw notFound("saved view", id);
    if (isRefusal(row)) throw refusal(row, name, list);
    return c.json(documentOf(savedViewResource(row), `/v2/saved_views/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteSavedView(db, c.get("principal").account.id, id))) throw notFound("saved view", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
