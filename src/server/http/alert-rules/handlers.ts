// /v2/alert_rules: a signed-in person's own alert rules (list, create, read, edit, delete), each with how often it
// told in the last day. What the attributes are checked against (rule-values.ts) answers 422s with a pointer, and
// nothing is stored.

import { ALERT_RULES_PER_PERSON_MAX, type AlertKind } from "../../../api/alerts";
import {
  createAlertRule,
  deleteAlertRule,
  firingsSince,
  getAlertRule,
  listAlertRules,
  updateAlertRule,
} from "../../db/alerts";
import { alertRuleResource } from "../../resources/alerts";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { ApiError, idMismatch, notFound } from "../errors";
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
  storedScope,
} from "./rule-values";

const DAY_MS = 86_400_000;

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
    firingsSince(db, accountId, ruleIds, new Date(clock.now().getTime() - DAY_MS));
  const checkUrls = async (given: { slack_url?: string | null; teams_url?: string | null }) => {
    for (const attribute of ["slack_url", "teams_url"] as const) {
      const url = given[attribute];
      if (url) await checkChatUrl(attribute, url, deps.chatUrls);
    }
  };
  const names = scopeNames(reference);
  const who = (c: { get(key: "principal"): Parameters<typeof personOf>[0] }) => {
    const principal = c.get("principal");
    return { accountId: principal.account.id, userId: personOf(principal).doer.userId };
  };

  app.openapi(listRoute, async (c) => {
    const { accountId, userId } = who(c);
    const rows = await listAlertRules(db, accountId, userId);
    const fired = await firedLastDay(
      accountId,
      rows.map((r) => r.id),
    );
    return c.json(
      {
        data: rows.map((r) => alertRuleResource(r, names, fired.get(r.id))),
        links: { self: "/v2/alert_rules" },
        meta: { size: rows.length, total: rows.length },
      },
      200,
    );
  });

  app.openapi(createRouteDef, async (c) => {
    const { accountId, userId } = who(c);
    const a = c.req.valid("json").data.attributes;
    const threshold = a.threshold ?? null;
    const holdName = a.hold_name ? a.hold_name.toLowerCase() : null;
    checkKindValues(a.kind, threshold, holdName);
    const channels = [...new Set(a.channels)];
    const urls = { slack_url: a.slack_url || null, teams_url: a.teams_url || null };
    const chatSecret = checkChatChannels(channels, urls, null);
    await checkUrls(urls);
    const scope = storedScope(a.scope, reference);
    await checkScopeOwner(db, accountId, scope);
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
    };
    const row = await createAlertRule(db, accountId, userId, values, ALERT_RULES_PER_PERSON_MAX, clock.now());
    if (!row)
      throw new ApiError(422, {
        code: "limit_reached",
        detail: `A person keeps at most ${ALERT_RULES_PER_PERSON_MAX} alert rules; delete one to add another.`,
        source: { pointer: "/data" },
      });
    deps.onRulesChanged?.();
    return c.json(documentOf(alertRuleResource(row, names), `/v2/alert_rules/${row.id}`), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { accountId, userId } = who(c);
    const { id } = c.req.valid("param");
    const row = await getAlertRule(db, accountId, userId, id);
    if (!row) throw notFound("alert rule", id);
    const fired = await firedLastDay(accountId, [id]);
    return c.json(documentOf(alertRuleResource(row, names, fired.get(id)), `/v2/alert_rules/${id}`), 200);
  });

  app.openapi(patchRoute, async (c) => {
    const { accountId, userId } = who(c);
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const current = await getAlertRule(db, accountId, userId, id);
    if (!current) throw notFound("alert rule", id);
    const a = data.attributes;
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
    if (scope) await checkScopeOwner(db, accountId, scope);
    const row = await updateAlertRule(
      db,
      accountId,
      userId,
      id,
      {
        ...(a.name !== undefined ? { name: a.name } : {}),
        threshold,
        holdName,
        ...(scope ? { scope } : {}),
        channels,
        slackUrl: urls.slack_url,
        teamsUrl: urls.teams_url,
        chatSecret,
      },
      clock.now(),
    );
    if (!row) throw notFound("alert rule", id);
    deps.onRulesChanged?.();
    const fired = await firedLastDay(accountId, [id]);
    return c.json(documentOf(alertRuleResource(row, names, fired.get(id)), `/v2/alert_rules/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { accountId, userId } = who(c);
    const { id } = c.req.valid("param");
    if (!(await deleteAlertRule(db, accountId, userId, id))) throw notFound("alert rule", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
