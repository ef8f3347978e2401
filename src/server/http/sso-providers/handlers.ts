// /v2/sso_providers: an account's OpenID Connect providers (people/sso.ts keeps their secrets sealed).
import { listSsoProviders } from "../../db/sso-providers";
import {
  editSsoProvider,
  openedConfig,
  registerSsoProvider,
  removeSsoProvider,
  type SsoContext,
} from "../../people/sso";
import { documentOf } from "../../resources/documents";
import { ssoProviderResource } from "../../resources/sso-providers";
import type { App } from "../env";
import { notFound } from "../errors";
import { doerOf, originOfRequest, type PeopleRouteDeps, refusalError, wholeList } from "../people-context";
import { createRouter } from "../router";
import { createProviderRoute, deleteRoute, editRoute, listRoute } from "./routes";

export function ssoProviderRoutes(
  deps: Pick<PeopleRouteDeps, "db" | "now" | "secretsKey" | "trustedIssuers">,
): App {
  const app = createRouter();
  const { db } = deps;
  const context: SsoContext = {
    secretsKey: deps.secretsKey,
    trustedIssuers: deps.trustedIssuers,
  };
  const resource = (row: Parameters<typeof ssoProviderResource>[0]) =>
    ssoProviderResource(row, openedConfig(row, deps.secretsKey)?.clientId);

  app.openapi(listRoute, async (c) => {
    const rows = await listSsoProviders(db, c.get("principal").account.id);
    const data = rows.map(resource);
    return c.json(wholeList(c.req.url, data), 200);
  });

  app.openapi(createProviderRoute, async (c) => {
    const principal = c.get("principal");
    const result = await registerSsoProvider(db, context, {
      accountId: principal.account.id,
      doer: doerOf(principal),
      origin: originOfRequest(c, deps.now),
      attributes: c.req.valid("json").data.attributes,
    });
    if (!result.ok) throw refusalError(result);
    return c.json(documentOf(resource(result.row), `/v2/sso_providers/${result.row.id}`), 201);
  });

  app.openapi(editRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const result = await editSsoProvider(db, context, {
      accountId: principal.account.id,
      id,
      doer: doerOf(principal),
      origin: originOfRequest(c, deps.now),
      attributes: c.req.valid("json").data.attributes,
    });
    if (!result.ok) throw refusalError(result);
    return c.json(documentOf(resource(result.row), `/v2/sso_providers/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const row = await removeSsoProvider(db, {
      accountId: principal.account.id,
      id,
      doer: doerOf(principal),
      origin: originOfRequest(c, deps.now),
    });
    if (!row) throw notFound("single sign-on provider", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
