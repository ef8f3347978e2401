// /v2/alert_rules: a signed-in person's own alert rules (list, create, read, edit, delete). The scope is given by
// SCAC or UN/LOCODE and stored by id; a threshold wrong for its kind, a hold named on a kind without holds, an
// unknown line or port, a Slack or Teams channel without its address, an address that is not https, does not
// resolve or reaches a private network are 422s with a pointer, and nothing is stored.

import {
  ALERT_RULES_PER_PERSON_MAX,
  type AlertKind,
  type AlertScope,
  CHAT_CHANNELS,
  HOLD_KINDS,
  isChatChannel,
  thresholdProblem,
} from "../../../api/alerts";
import { attributePointer } from "../../../api/json-pointer";
import { quote } from "../../../api/quote";
import {
  type AlertRuleRow,
  createAlertRule,
  deleteAlertRule,
  getAlertRule,
  listAlertRules,
  updateAlertRule,
} from "../../db/alerts";
import type { Db } from "../../db/connection";
import { getParty } from "../../db/parties";
import type { ReferenceData } from "../../db/reference-data";
import { isUuid } from "../../db/shipments";
import {
  ForbiddenAddressError,
  type Resolver,
  resolveGuarded,
  webhookUrlProblem,
} from "../../net/outbound-guard";
import { generateWebhookSecret } from "../../net/webhook-signing";
import { alertRuleResource, type ScopeNames } from "../../resources/alerts";
import { documentOf } from "../../resources/documents";
import type { App, DataDeps } from "../env";
import { ApiError, idMismatch, invalidAttribute, notFound } from "../errors";
import { personOf } from "../people-context";
import { createRouter } from "../router";
import { createRouteDef, deleteRoute, getRoute, listRoute, patchRoute } from "./routes";

function scopeNames(reference: ReferenceData): ScopeNames {
  return {
    scacOf: (id) => reference.shippingLines.get(id)?.scac,
    locodeOf: (id) => reference.ports.get(id)?.locode,
  };
}

/** The scope as stored (ids), or a 422 naming what is not known. */
function storedScope(scope: AlertScope, reference: ReferenceData): AlertRuleRow["scope"] {
  switch (scope.type) {
    case "shipping_line": {
      const line = reference.shippingLinesByScac.get(scope.scac.toUpperCase());
      if (!line)
        throw invalidAttribute(
          attributePointer("scope", "scac"),
          `No shipping line has the SCAC ${quote(scope.scac)}; GET /v2/shipping_lines lists them.`,
        );
      return { type: "shipping_line", id: line.id };
    }
    case "port_of_discharge": {
      const port = reference.portsByLocode.get(scope.locode.toUpperCase());
      if (!port)
        throw invalidAttribute(
          attributePointer("scope", "locode"),
          `No port has the UN/LOCODE ${quote(scope.locode)}; give one such as USSAV.`,
        );
      return { type: "port_of_discharge", id: port.id };
    }
    case "customer":
      // Checked against the account's parties by the handler (it reads the database).
      return { type: "customer", id: scope.id.toLowerCase() };
    case "tags":
      return { type: "tags", tags: [...new Set(scope.tags)] };
    default:
      return { type: "all" };
  }
}

/** A 422 unless a customer scope names a party of the account. */
async function checkCustomer(db: Db, accountId: string, scope: AlertRuleRow["scope"]) {
  if (scope.type !== "customer") return;
  const party = isUuid(scope.id ?? "") ? await getParty(db, accountId, scope.id!) : undefined;
  if (!party)
    throw invalidAttribute(
      attributePointer("scope", "id"),
      `No customer of this account has the id ${quote(scope.id ?? "")}; GET /v2/parties lists them.`,
    );
}

function checkKindValues(kind: AlertKind, threshold: number | null, holdName: string | null) {
  const problem = thresholdProblem(kind, threshold);
  if (problem) throw invalidAttribute(attributePointer("threshold"), problem);
  if (holdName && !HOLD_KINDS.includes(kind))
    throw invalidAttribute(
      attributePointer("hold_name"),
      `Only ${HOLD_KINDS.join(" and ")} rules name a hold.`,
    );
}

/** How the Slack and Teams addresses are checked: as webhook addresses are. */
export interface ChatUrlSettings {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
}

const RESOLVE_TIMEOUT_MS = 5_000;
const CHAT_SUBJECT = "Slack and Teams messages";

/**
 * A 422 unless the address is one a chat message can be sent to: https, no credentials, and a host that resolves,
 * only to public addresses (as a webhook's, checked again at every send).
 */
async function checkChatUrl(
  attribute: "slack_url" | "teams_url",
  raw: string,
  settings: ChatUrlSettings,
): Promise<void> {
  const pointer = attributePointer(attribute);
  const problem = webhookUrlProblem(raw, { ...settings, subject: CHAT_SUBJECT });
  if (problem) throw invalidAttribute(pointer, `${problem.replace(/^url\b/, attribute)}.`);
  const host = new URL(raw).hostname;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      resolveGuarded(host, { ...settings, subject: CHAT_SUBJECT }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw invalidAttribute(pointer, `${error.message}.`);
    throw invalidAttribute(
      pointer,
      `${attribute}'s host ${quote(host)} could not be found: check the address Slack or Teams gave you.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Every chat channel chosen has its address; answers the rule's secret, made when its first chat channel is. */
function checkChatChannels(
  channels: readonly string[],
  urls: { slack_url: string | null; teams_url: string | null },
  secret: string | null,
): string | null {
  const chats = channels.filter(isChatChannel);
  for (const channel of chats) {
    const attribute = CHAT_CHANNELS[channel];
    if (!urls[attribute])
      throw invalidAttribute(
        attributePointer(attribute),
        `The ${channel} channel needs ${attribute}: the incoming-webhook address ${channel === "slack" ? "Slack" : "Microsoft Teams"} gave you for the channel to post in.`,
      );
  }
  return secret ?? (chats.length > 0 ? generateWebhookSecret() : null);
}

export function alertRuleRoutes(
  deps: DataDeps & {
    /** Told when a rule was made or changed: the worker checks the last free days for it at once. */
    onRulesChanged?: () => void;
    chatUrls: ChatUrlSettings;
  },
): App {
  const app = createRouter();
  const { db, clock, reference } = deps;
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
    return c.json(
      {
        data: rows.map((r) => alertRuleResource(r, names)),
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
    await checkCustomer(db, accountId, scope);
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
    return c.json(documentOf(alertRuleResource(row, names), `/v2/alert_rules/${id}`), 200);
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
    if (scope) await checkCustomer(db, accountId, scope);
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
    return c.json(documentOf(alertRuleResource(row, names), `/v2/alert_rules/${id}`), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { accountId, userId } = who(c);
    const { id } = c.req.valid("param");
    if (!(await deleteAlertRule(db, accountId, userId, id))) throw notFound("alert rule", id);
    return c.json({ meta: { deleted: true as const } }, 200);
  });
  return app;
}
