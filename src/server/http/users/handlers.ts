// /v2/users: who is signed in, the account's members, role changes and removals (by the role rules in people/).
import { recordActivities } from "../../db/activities";
import { failingEmailsAmong } from "../../db/mail-outbox";
import { getMember, listMembers } from "../../db/people";
import { doneBy } from "../../people/activity";
import { changeRole, remove } from "../../people/members";
import { accountSettingsResource } from "../../resources/account-settings";
import { documentOf } from "../../resources/documents";
import { personResource } from "../../resources/people";
import type { App } from "../env";
import { notFound } from "../errors";
import { originOfRequest, type PeopleRouteDeps, personOf, refusalError, wholeList } from "../people-context";
import { createRouter } from "../router";
import { editRoute, listRoute, meRoute, removeRoute } from "./routes";

export function userRoutes(deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials">): App {
  const app = createRouter();
  const { db } = deps;

  // Before /v2/users/{id}, so that "me" is not read as an id.
  app.openapi(meRoute, async (c) => {
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const member = await getMember(db, principal.account.id, doer.userId);
    if (!member) throw notFound("user", doer.userId);
    const failing = await failingEmailsAmong(db, [member.user.email]);
    return c.json(
      documentOf(personResource(member, failing), "/v2/users/me", [
        accountSettingsResource(principal.account),
      ]),
      200,
    );
  });

  app.openapi(listRoute, async (c) => {
    const members = await listMembers(db, c.get("principal").account.id);
    const failing = await failingEmailsAmong(
      db,
      members.map((m) => m.user.email),
    );
    const data = members.map((m) => personResource(m, failing));
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
        origin: originOfRequest(c, deps.now),
      },
      id,
      body.data.attributes.role,
    );
    if (!result.ok) {
      // A refused role change (one's own raised, the owner role without being one) is a security event.
      if (result.status === 403)
        await recordActivities(db, [
          doneBy(
            principal.account.id,
            "security.refused",
            person.doer,
            originOfRequest(c, deps.now),
            `was refused a role change: ${result.message}`,
            { type: "user", id },
          ),
        ]);
      throw refusalError(result);
    }
    deps.forgetCredentials?.();
    const failing = await failingEmailsAmong(db, [result.member.user.email]);
    return c.json(documentOf(personResource(result.member, failing), `/v2/users/${id}`), 200);
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
        origin: originOfRequest(c, deps.now),
      },
      id,
    );
    if (!result.ok) throw refusalError(result);
    deps.forgetCredentials?.();
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
