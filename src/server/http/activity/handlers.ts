// /v2/activity: the account's log (admins), or one's own entries (members, viewers, keys: a key sees its own).
import { isUuid } from "../../../api/ids";
import { ACTIVITY_ACTOR_TYPES, ACTIVITY_KINDS } from "../../../api/people";
import { roleAtLeast } from "../../../api/roles";
import { type ActivityFilter, listActivities } from "../../db/activities";
import { activityResource } from "../../resources/activities";
import type { App } from "../env";
import { badParameter } from "../errors";
import { pageDocument, parsePage } from "../paging";
import type { PeopleRouteDeps } from "../people-context";
import { createRouter } from "../router";
import { listRoute } from "./routes";

function time(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}/.test(raw))
    throw badParameter(
      name,
      `${name} must be an ISO 8601 time like 2026-11-20T00:00:00Z (got '${raw.slice(0, 40)}').`,
    );
  return new Date(at);
}

function id(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!isUuid(raw)) throw badParameter(name, `${name} must be an id (a UUID).`);
  return raw;
}

export function activityRoutes(deps: Pick<PeopleRouteDeps, "db">): App {
  const app = createRouter();
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = parsePage(query, { cursors: true });
    const { account, actor } = c.get("principal");
    const actorType = query["filter[actor_type]"];
    if (actorType !== undefined && !(ACTIVITY_ACTOR_TYPES as readonly string[]).includes(actorType))
      throw badParameter(
        "filter[actor_type]",
        `filter[actor_type] must be one of ${ACTIVITY_ACTOR_TYPES.join(", ")}.`,
      );
    const kinds = query["filter[kind]"]?.split(",").map((k) => k.trim());
    const unknown = kinds?.find((k) => !(ACTIVITY_KINDS as readonly string[]).includes(k));
    if (unknown !== undefined)
      throw badParameter("filter[kind]", `'${unknown.slice(0, 60)}' is not an activity kind.`);
    const filter: ActivityFilter = {
      actorType,
      userId: id("filter[user_id]", query["filter[user_id]"]),
      apiKeyId: id("filter[api_key_id]", query["filter[api_key_id]"]),
      kinds,
      start: time("filter[occurred_at][start]", query["filter[occurred_at][start]"]),
      end: time("filter[occurred_at][end]", query["filter[occurred_at][end]"]),
    };
    // The whole log is the people permission's (admins); everyone else reads what they did themselves.
    if (actor.kind === "user" && !roleAtLeast(actor.role, "admin")) filter.onlyUserId = actor.userId;
    if (actor.kind === "api_key") filter.apiKeyId = actor.keyId;
    const { rows, total, edges } = await listActivities(deps.db, account.id, filter, page);
    return c.json(pageDocument(c.req.url, page, { total, edges }, rows.map(activityResource)), 200);
  });
  return app;
}
