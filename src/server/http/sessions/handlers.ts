// /v2/sessions: a person's sessions; ending one or all others (their cookies are refused at once in this process
// and within 5 s in every other).
import { recordActivities } from "../../db/activities";
import { deleteOtherSessions, deleteSession, listSessions } from "../../db/sessions";
import { doneBy } from "../../people/activity";
import { sessionResource } from "../../resources/sessions";
import type { App } from "../env";
import { notFound } from "../errors";
import { originOfRequest, type PeopleRouteDeps, personOf, wholeList } from "../people-context";
import { createRouter } from "../router";
import { endOthersRoute, endRoute, listRoute } from "./routes";

export function sessionRoutes(deps: Pick<PeopleRouteDeps, "db" | "now" | "forgetCredentials">): App {
  const app = createRouter();
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  app.openapi(listRoute, async (c) => {
    const { doer, sessionId } = personOf(c.get("principal"));
    const rows = await listSessions(db, doer.userId, now());
    const data = rows.map((r) => sessionResource(r, sessionId));
    return c.json(wholeList(c.req.url, data), 200);
  });

  app.openapi(endOthersRoute, async (c) => {
    const principal = c.get("principal");
    const { doer, sessionId } = personOf(principal);
    const origin = originOfRequest(c, deps.now);
    const deleted = await db.transaction(async (tx) => {
      const n = await deleteOtherSessions(tx, doer.userId, sessionId);
      if (n > 0)
        await recordActivities(tx, [
          doneBy(
            principal.account.id,
            "session.revoked",
            doer,
            origin,
            `signed out ${n} other session${n === 1 ? "" : "s"}`,
          ),
        ]);
      return n;
    });
    deps.forgetCredentials?.();
    return c.json({ meta: { deleted } }, 200);
  });

  app.openapi(endRoute, async (c) => {
    const { id } = c.req.valid("param");
    const principal = c.get("principal");
    const { doer } = personOf(principal);
    const origin = originOfRequest(c, deps.now);
    const ended = await db.transaction(async (tx) => {
      const done = await deleteSession(tx, doer.userId, id);
      if (done)
        await recordActivities(tx, [
          doneBy(principal.account.id, "session.revoked", doer, origin, "signed out a session", {
            type: "session",
            id,
          }),
        ]);
      return done;
    });
    if (!ended) throw notFound("session", id);
    deps.forgetCredentials?.();
    return c.json({ meta: { deleted: 1 } }, 200);
  });
  return app;
}
