// /v2/users: who is signed in, the account's members, role changes and removals (by the role rules in people/).
import { getMember, listMembers } from "../../db/people";
import { changeRole, remove } from "../../people/members";
import { accountSettingsResource } from "../../resources/account-settings";
import { documentOf } from "../../resources/documents";
import { personResource } from "../../resources/people";
import type { App, AppDeps } from "../env";
import { notFound } from "../errors";
import { originOfRequest, personOf, refusalError, wholeList } from "../people-context";
import { editRoute, listRoute, meRoute, removeRoute } from "./routes";

export function registerUserRoutes(app: App, deps: AppDeps) {
  const { db } = deps;

  // Before /v2/users/{id}, so that "me" is not read as an id.
  app.openapi(meRoute, async (c) => {
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const member = await getMember(db, principal.account.id, doer.userId);
    if (!member) throw notFound("user", doer.userId);
    return c.json(
      documentOf(personResource(member), "/v2/users/me", [accountSettingsResource(principal.account)]),
      200,
    );
  });

  app.openapi(listRoute, async (c) => {
    const members = await listMembers(db, c.get("principal").account.id);
    const data = members.map(personResource);
    return c.json(wholeList(c.req.url, data), 200);
  });

  app.openapi(editRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const principal = c.get("principal");
    const person = personOf(principal);
    const result = await changeRole(
      db,
      {
        accountId: principal.account.id,
        doer: person.doer,
        role: person.role,
        origin: originOfRequest(c, deps),
      },
      id,
      body.data.attributes.role,
    );
    if (!result.ok) {
      if (result.status === 403) await deps.people?.securityRefused?.(c, result.message);
      throw refusalError(result);
    }
    deps.people?.sessionsEnded?.();
    return c.json(documentOf(personResource(result.member), `/v2/users/${id}`), 200);
  });

  app.openapi(removeRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const person = personOf(principal);
    const result = await remove(
      db,
      {
        accountId: principal.account.id,
        doer: person.doer,
        role: person.role,
        origin: originOfRequest(c, deps),
      },
      id,
    );
    if (!result.ok) throw refusalError(result);
    deps.people?.sessionsEnded?.();
    return c.json({ meta: { deleted: true as const } }, 200);
  });
}
