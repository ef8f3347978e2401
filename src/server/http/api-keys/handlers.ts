// /v2/api_keys: the account's keys, creating one (shown once), revoking one.
import { listApiKeys } from "../../db/api-keys";
import { createApiKey, revokeKey } from "../../people/api-keys";
import { apiKeyResource } from "../../resources/api-keys";
import { documentOf } from "../../resources/documents";
import type { App } from "../env";
import { notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { doerOf, originOfRequest, type PeopleRouteDeps, personOf, refusalError } from "../people-context";
import { createRouter } from "../router";
import { createKeyRoute, listRoute, revokeRoute } from "./routes";

export function apiKeyRoutes(deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials">): App {
  const app = createRouter();
  const { db } = deps;

  app.openapi(listRoute, async (c) => {
    const page = parsePage(c.req.valid("query"), { cursors: true });
    const { rows, total, edges } = await listApiKeys(db, c.get("principal").account.id, page);
    return c.json(
      pageDocument(
        c.req.url,
        page,
        { total, edges },
        rows.map((r) => apiKeyResource(r)),
      ),
      200,
    );
  });

  app.openapi(createKeyRoute, async (c) => {
    const principal = c.get("principal");
    const person = personOf(principal);
    const attributes = c.req.valid("json").data.attributes;
    const result = await createApiKey(db, {
      accountId: principal.account.id,
      doer: person.doer,
      origin: originOfRequest(c, deps.now),
      name: attributes.name,
      scope: attributes.scope,
      expiresAt: attributes.expires_at ? new Date(attributes.expires_at) : null,
    });
    if (!result.ok) throw refusalError(result);
    return c.json(documentOf(apiKeyResource(result.row, result.key), `/v2/api_keys/${result.row.id}`), 201);
  });

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const row = await revokeKey(
      db,
      principal.account.id,
      id,
      doerOf(principal),
      originOfRequest(c, deps.now),
    );
    if (!row) throw notFound("API key", id);
    deps.forgetCredentials?.();
    return c.json(documentOf(apiKeyResource(row), `/v2/api_keys/${id}`), 200);
  });
  return app;
}
