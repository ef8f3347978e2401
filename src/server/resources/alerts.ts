// JSON:API resources of alerts: a person's alert rule (its scope spelled by SCAC and UN/LOCODE, as it was given) and
// a notification (an alert as its person reads it, with the container, shipment and rule it is about).
import type {
  AlertAudience,
  AlertChannel,
  AlertDelivery,
  AlertKind,
  AlertRule,
  AlertScope,
  Notification,
} from "../../api/alerts";
import type { Role } from "../../api/roles";
import type { AlertDeliveryView } from "../db/alert-deliveries";
import type { AlertRow, AlertRuleRow } from "../db/alerts";

const wireAudience = (audience: NonNullable<AlertRuleRow["audience"]>): AlertAudience =>
  audience.user_ids ? { user_ids: audience.user_ids } : { roles: (audience.roles ?? []) as Role[] };

/** What the scope's stored ids are called on the wire. */
export interface ScopeNames {
  scacOf(shippingLineId: string): string | undefined;
  locodeOf(portId: string): string | undefined;
}

export function wireScope(scope: AlertRuleRow["scope"], names: ScopeNames): AlertScope {
  switch (scope.type) {
    case "shipping_line":
      return { type: "shipping_line", scac: names.scacOf(scope.id ?? "") ?? "" };
    case "port_of_discharge":
      return { type: "port_of_discharge", locode: names.locodeOf(scope.id ?? "") ?? "" };
    case "customer":
      return { type: "customer", id: scope.id ?? "" };
    case "saved_view":
      return { type: "saved_view", id: scope.id ?? "" };
    case "tags":
      return { type: "tags", tags: scope.tags ?? [] };
    default:
      return { type: "all" };
  }
}

/** What the reader may do with a rule, and whether they stopped a team rule's email for themselves. */
export interface RuleReading {
  editable: boolean;
  muted: boolean;
}

/**
 * `fired`: the alerts it raised in the last day (none for a rule just made). A team rule read by one of its people
 * who may not change it shows no chat addresses or secret: those are the admins' credentials.
 */
export function alertRuleResource(
  row: AlertRuleRow,
  names: ScopeNames,
  reading: RuleReading,
  fired = 0,
): AlertRule {
  const secrets = reading.editable;
  return {
    id: row.id,
    type: "alert_rule",
    attributes: {
      name: row.name,
      kind: row.kind as AlertKind,
      threshold: row.threshold,
      hold_name: row.holdName,
      scope: wireScope(row.scope, names),
      channels: row.channels as AlertChannel[],
      slack_url: secrets ? row.slackUrl : null,
      teams_url: secrets ? row.teamsUrl : null,
      chat_signing_secret: secrets ? row.chatSecret : null,
      fired_last_day: fired,
      audience: row.audience ? wireAudience(row.audience) : null,
      editable: reading.editable,
      email_stopped_for_you: reading.muted,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    links: { self: `/v2/alert_rules/${row.id}` },
  };
}

export function notificationResource(row: AlertRow): Notification {
  return {
    id: row.id,
    type: "notification",
    attributes: {
      kind: row.kind as AlertKind,
      title: row.title,
      details: row.details,
      container_number: row.containerNumber,
      rule_name: row.ruleName,
      created_at: row.createdAt.toISOString(),
      read_at: row.readAt?.toISOString() ?? null,
    },
    relationships: {
      container: { data: row.containerId ? { id: row.containerId, type: "container" } : null },
      shipment: { data: row.shipmentId ? { id: row.shipmentId, type: "shipment" } : null },
      alert_rule: { data: row.ruleId ? { id: row.ruleId, type: "alert_rule" } : null },
    },
    links: { self: `/v2/notifications/${row.id}` },
  };
}

export function alertDeliveryResource(row: AlertDeliveryView): AlertDelivery {
  return {
    id: row.id,
    type: "alert_delivery",
    attributes: {
      channel: row.channel as AlertChannel,
      status: row.status,
      title: row.title,
      kind: row.kind as AlertKind,
      rule_name: row.ruleName,
      person_name: row.userName,
      person_email: row.userEmail,
      recipient: row.recipient,
      attempts: row.attempts,
      counted_only: row.countedOnly,
      last_error: row.lastError,
      created_at: row.createdAt.toISOString(),
      delivered_at: row.deliveredAt?.toISOString() ?? null,
    },
    relationships: {
      notification: { data: { id: row.alertId, type: "notification" } },
      container: { data: row.containerId ? { id: row.containerId, type: "container" } : null },
      shipment: { data: row.shipmentId ? { id: row.shipmentId, type: "shipment" } : null },
      user: { data: { id: row.userId, type: "user" } },
    },
  };
}
