// /v2/alert_rules: a signed-in person's own alert rules (list, create, read, edit, delete). The scope is given by
// SCAC or UN/LOCODE and stored by id; a threshold wrong for its kind, a hold named on a kind without holds, an
// unknown line or port are 422s with a pointer, and nothing is stored.

import {
  ALERT_RULES_PER_PERSON_MAX,
  type AlertKind,
  type AlertScope,
  HOLD_KINDS,
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
import type { ReferenceData } from "../../db/reference-data";
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
    case "tags":
      return { type: "tags", tags: [...new Set(scope.tags)] };
    default:
      return { type: "all" };
  }
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

export function alertRuleRoutes(
  deps: DataDeps & {
    /** Told when a rule was made or changed: the worker checks the last free days for it at once. */
    onRulesChanged?: () => void;
  },
): App {
  const app = createRouter();
  const { db, clock, reference } = deps;
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
    const values = {
      name: a.name,
      kind: a.kind,
      threshold,
      holdName,
      scope: storedScope(a.scope, reference),
      channels: [...new Set(a.channels)],
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
    const row = await updateAlertRule(
      db,
      accountId,
      userId,
      id,
      {
        ...(a.name !== undefined ? { name: a.name } : {}),
        threshold,
        holdName,
        ...(a.scope ? { scope: storedScope(a.scope, reference) } : {}),
        ...(a.channels ? { channels: [...new Set(a.channels)] } : {}),
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
