// /v2/invitations: list, invite (the mail goes through the outbox in the same transaction), revoke.
import { listInvitations } from "../../db/invitations";
import { invitationStatus, invite, revoke } from "../../people/invitations";
import { documentOf } from "../../resources/documents";
import { invitationResource } from "../../resources/invitations";
import type { App } from "../env";
import { notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { doerOf, originOfRequest, type PeopleRouteDeps, personOf, refusalError } from "../people-context";
import { createRouter } from "../router";
import { createInvitationRoute, listRoute, revokeRoute } from "./routes";

export function invitationRoutes(
  deps: Pick<PeopleRouteDeps, "db" | "now" | "publicUrl" | "onMailQueued">,
): App {
  const app = createRouter();
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  app.openapi(listRoute, async (c) => {
    const page = parsePage(c.req.valid("query"), { cursors: true });
    const { rows, total, edges } = await listInvitations(db, c.get("principal").account.id, page);
    const at = now();
    return c.json(
      pageDocument(
        c.req.url,
        page,
        { total, edges },
        rows.map((r) => invitationResource(r, invitationStatus(r, at))),
      ),
      200,
    );
  });

  app.openapi(createInvitationRoute, async (c) => {
    const principal = c.get("principal");
    const person = personOf(principal);
    const { email, role } = c.req.valid("json").data.attributes;
    const result = await invite(db, {
      accountId: principal.account.id,
      companyName: principal.account.companyName,
      email,
      role,
      inviter: person.doer,
      inviterRole: person.role,
      origin: originOfRequest(c, deps.now),
      publicUrl: deps.publicUrl,
    });
    if (!result.ok) throw refusalError(result);
    deps.onMailQueued?.();
    const row = result.invitation;
    return c.json(
      documentOf(invitationResource(row, invitationStatus(row, now())), `/v2/invitations/${row.id}`),
      201,
    );
  });

  app.openapi(revokeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const row = await revoke(db, principal.account.id, id, doerOf(principal), originOfRequest(c, deps.now));
    if (!row) throw notFound("invitation", id);
    return c.json(
      documentOf(invitationResource(row, invitationStatus(row, now())), `/v2/invitations/${id}`),
      200,
    );
  });
  return app;
}
