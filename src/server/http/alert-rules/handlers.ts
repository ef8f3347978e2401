// /v2/alert_rules: a signed-in person's alert rules (list, create, read, edit, delete), each with how often it told
// in the last day: their own, and the team rules an owner or admin set for their role or for them (read-only to
// them; an owner or admin reads and changes every team rule). What the attributes are checked against
// (rule-values.ts) answers 422s with a pointer, and nothing is stored.

import { ALERT_RULES_PER_PERSON_MAX, type AlertKind } from "../../../api/alerts";
import { DAY } from "../../../api/durations";
import { attributePointer } from "../../../api/json-pointer";
import { roleAtLeast } from "../../../api/roles";
import {
  type AlertRuleRow,
  createAlertRule,
  deleteAlertRule,
  firingsSince,
  getAlertRule,
  listAlertRules,
  mutedRules,
  type RuleReader,
  updateAlertRule,
} from "../../db/alerts";
import { alertRuleResource } from "../../resources/alerts";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { ApiError, idMismatch, invalidAttribute, notFound } from "../errors";
import { personOf } from "../people-context";
import { createRouter } from "../router";
import { createRouteDef, deleteRoute, getRoute, listRoute, patchRoute } from "./routes";
import {
  type ChatUrlSettings,
  checkChatChannels,
  checkChatUrl,
  checkKindValues,
  checkScopeOwner,
  scopeNames,
  storedAudience,
  storedScope,
} from "./rule-values";

const teamRuleOnly = () =>
  new ApiError(403, {
    code: "forbidden",
    detail:
      "This is a team rule: only an owner or admin can set or change one. Its emails can be stopped for you with the link in them.",
  });

export function alertRuleRoutes(
  deps: DataDeps & {
    /** Told when a rule was made or changed: the worker checks the last free days for it at once. */
    onRulesChanged?: () => void;
    chatUrls: ChatUrlSettings;
  },
): App {
  const app = createRouter();
  const { db, clock, reference } = deps;
  /** Each rule's alerts in the day before now (by the service clock). */
  const firedLastDay = (accountId: string, ruleIds: string[]) =>
    firingsSince(db, accountId, ruleIds, new Date(clock.now().getTime() - DAY));
  const checkUrls = async (given: { slack_url?: string | null; teams_url?: string | null }) => {
    for (const attribute of ["slack_url", "teams_url"] as const) {
      const url = given[attribute];
      if (url) await checkChatUrl(attribute, url, deps.chatUrls);
    }
  };
  const names = scopeNames(reference);
  const who = (c: { get(key: "principal"): Parameters<typeof personOf>[0] }): RuleReader => {
    const principal = c.get("principal");
    const person = personOf(principal);
    return {
      accountId: principal.account.id,
      userId: person.doer.userId,
      role: person.role,
      admin: roleAtLeast(person.role, "admin"),
    };
  };
  const editable = (reader: RuleReader, row: AlertRuleRow) => (row.audience ? reader.admin : true);
  /** The rules as the reader reads them: what they may change, the team rules whose email they stopped, firings. */
  async function resources(reader: RuleReader, rows: AlertRuleRow[]) {
    const ids = rows.map((r) => r.id);
    const fired = await firedLastDay(reader.accountId, ids);
    const muted = await mutedRules(
      db,
      reader.userId,
      rows.filter((r) => r.audience).map((r) => r.id),
    );
    return rows.map((r) =>
      alertRuleResource(r, names, { editable: editable(reader, r), muted: muted.has(r.id) }, fired.get(r.id)),
    );
  }

  app.openapi(listRoute, async (c) => {
    const reader = who(c);
    const rows = await listAlertRules(db, reader);
    return c.json(
      {
        data: await resources(reader, rows),
        links: { self: "/v2/alert_rules" },
        meta: { size: rows.length, total: rows.length },
      },
      200,
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const reader = who(c);
    const { accountId, userId } = reader;
    const a = c.req.valid("json").data.attributes;
    if (a.audience && !reader.admin) throw teamRuleOnly();
    const threshold = a.threshold ?? null;
    const holdName = a.hold_name ? a.hold_name.toLowerCase() : null;
    checkKindValues(a.kind, threshold, holdName);
    const channels = [...new Set(a.channels)];
    const urls = { slack_url: a.slack_url || null, teams_url: a.teams_url || null };
    const chatSecret = checkChatChannels(channels, urls, null);
    await checkUrls(urls);
    const scope = storedScope(a.scope, reference);
    await checkScopeOwner(db, accountId, scope);
    const audience = a.audience ? await storedAudience(db, accountId, a.audience) : null;
    const values = {
      name: a.name,
      kind: a.kind,
      threshold,
      holdName,
      scope,
      channels,
      slackUrl: urls.slack_url,
      teamsUrl: urls.teams_url,
      chatSecret,
      audience,
    };
    const row = await createAlertRule(db, accountId, userId, values, ALERT_RULES_PER_PERSON_MAX, clock.now());
    if (!row)
      throw new ApiError(422, {
        code: "limit_reached",
        detail: `A person keeps at most ${ALERT_RULES_PER_PERSON_MAX} alert rules (team rules they set count too); delete one to add another.`,
        source: { pointer: "/data" },
      });
    deps.onRulesChanged?.();
    const [resource] = await resources(reader, [row]);
    return c.json(documentOf(resource!, `/v2/alert_rules/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const reader = who(c);
    const { id } = c.req.valid("param");
    const row = await getAlertRule(db, reader, id);
    if (!row) throw notFound("alert rule", id);
    const [resource] = await resources(reader, [row]);
    return c.json(documentOf(resource!, `/v2/alert_rules/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const reader = who(c);
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const current = await getAlertRule(db, reader, id);
    if (!current) throw notFound("alert rule", id);
    if (!editable(reader, current)) throw teamRuleOnly();
    const a = data.attributes;
    if (a.audience && !current.audience)
      throw invalidAttribute(
        attributePointer("audience"),
        "A person's own rule stays theirs; an owner or admin makes a team rule with POST /v2/alert_rules and an audience.",
      );
    const threshold = a.threshold === undefined ? current.threshold : a.threshold;
    const holdName =
      a.hold_name === undefined ? current.holdName : a.hold_name ? a.hold_name.toLowerCase() : null;
    checkKindValues(current.kind as AlertKind, threshold, holdName);
    const channels = a.channels ? [...new Set(a.channels)] : current.channels;
    const urls = {
      slack_url: a.slack_url === undefined ? current.slackUrl : a.slack_url || null,
      teams_url: a.teams_url === undefined ? current.teamsUrl : a.teams_url || null,
    };
    const chatSecret = checkChatChannels(channels, urls, current.chatSecret);
    await checkUrls({ slack_url: a.slack_url, teams_url: a.teams_url });
    const scope = a.scope ? storedScope(a.scope, reference) : undefined;
    if (scope) await checkScopeOwner(db, reader.accountId, scope);
    const audience = a.audience ? await storedAudience(db, reader.accountId, a.audience) : undefined;
    const row = await updateAlertRule(
      db,
      reader,
      id,
      {
        ...(a.name !== undefined ? { name: a.name } : {}),
        threshold,
        holdName,
        ...(scope ? { scope } : {}),
        ...(audience ? { audience } : {}),
        channels,
        slackUrl: urls.slack_url,
        teamsUrl: urls.teams_url,
        chatSecret,
      },
      clock.now(),
    );
    if (!row) throw notFound("alert rule", id);
    deps.onRulesChanged?.();
    const [resource] = await resources(reader, [row]);
    return c.json(documentOf(resource!, `/v2/alert_rules/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const reader = who(c);
    const { id } = c.req.valid("param");
    const current = await getAlertRule(db, reader, id);
    if (!current) throw notFound("alert rule", id);
    if (!editable(reader, current)) throw teamRuleOnly();
    if (!(await deleteAlertRule(db, reader, id))) throw notFound("alert rule", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
