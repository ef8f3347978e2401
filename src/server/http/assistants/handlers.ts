// /v2/assistant_authorizations and /v2/connected_assistants: the dashboard's consent page reads an assistant's
// request and answers it as the signed-in person (in the account their session acts in, with their role), and
// Settings lists and revokes the assistants they allowed (the revoked tokens are refused here at once).
import { listGrants, pendingAuthorization } from "../../db/oauth";
import { approveRequest, denyRequest, revokeConnectedAssistant } from "../../people/oauth-server";
import { assistantAuthorizationResource, connectedAssistantResource } from "../../resources/assistants";
import { documentOf } from "../../resources/documents";
import type { App } from "../env";
import { notFound } from "../errors";
import { serverNames } from "../oauth/names";
import { originOfRequest, type PeopleRouteDeps, personOf, wholeList } from "../people-context";
import { createRouter } from "../router";
import { approveRoute, authorizationRoute, denyRoute, listRoute, revokeRoute } from "./routes";

export interface AssistantRouteDeps extends Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials"> {
  /** PUBLIC_URL when it was set: the issuer the answers name (`iss`). */
  publicUrl: string | undefined;
}

export function assistantRoutes(deps: AssistantRouteDeps): App {
  const app = createRouter();
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  app.openapi(authorizationRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const { role } = personOf(principal);
    const found = await pendingAuthorization(db, id, now());
    if (!found) throw notFound("assistant authorization", id);
    const resource = assistantAuthorizationResource(found.authorization, found.client, {
      accountName: principal.account.companyName,
      role,
    });
    return c.json(documentOf(resource, `/v2/assistant_authorizations/${id}`), 200);
  });

  app.openapi(approveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const approved = await approveRequest(
      db,
      id,
      { doer, accountId: principal.account.id, origin: originOfRequest(c, deps.now) },
      serverNames(c, deps.publicUrl),
    );
    if (!approved) throw notFound("assistant authorization", id);
    return c.json({ meta: { redirect_to: approved.redirectTo } }, 200);
  });

  app.openapi(denyRoute, async (c) => {
    const { id } = c.req.valid("param");
    personOf(c.get("principal"));
    const denied = await denyRequest(db, id, serverNames(c, deps.publicUrl));
    if (!denied) throw notFound("assistant authorization", id);
    return c.json({ meta: { redirect_to: denied.redirectTo } }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const rows = await listGrants(db, doer.userId, principal.account.id);
    return c.json(wholeList(c.req.url, rows.map(connectedAssistantResource)), 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const row = await revokeConnectedAssistant(db, {
      id,
      accountId: principal.account.id,
      doer,
      origin: originOfRequest(c, deps.now),
    });
    if (!row) throw notFound("connected assistant", id);
    // This process forgets the tokens it remembered at once; the others within their 2 s.
    deps.forgetCredentials?.();
    return c.json(documentOf(connectedAssistantResource(row), `/v2/connected_assistants/${id}`), 200);
  });
  return app;
}
