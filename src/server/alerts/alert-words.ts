// What every channel of an alert says besides its title and details: the page it opens (the container, else the
// shipment, else the tracking requests) and why the person got it (their rule, its kind, the account).
import { ALERT_KINDS, type AlertKind } from "../../api/alerts";
import type { AlertRow } from "../db/alerts";

export interface AlertLink {
  label: string;
  url: string;
}

export function alertLink(alert: Pick<AlertRow, "containerId" | "shipmentId">, publicUrl: string): AlertLink {
  const base = publicUrl.replace(/\/+$/, "");
  if (alert.containerId)
    return { label: "Open the container", url: `${base}/containers/${alert.containerId}` };
  if (alert.shipmentId) return { label: "Open the shipment", url: `${base}/shipments/${alert.shipmentId}` };
  return { label: "Open the tracking requests", url: `${base}/tracking-requests` };
}

/**
 * "your alert rule “LFD this week” (Last free day within N days) in Acme matched"; a team rule's says an admin set
 * it for the person.
 */
export function whyWords(
  alert: Pick<AlertRow, "kind" | "team">,
  ruleName: string,
  account: { name: string },
): string {
  const kind = ALERT_KINDS[alert.kind as AlertKind]?.label ?? alert.kind;
  return alert.team
    ? `the team alert rule “${ruleName}” (${kind}), which an admin of ${account.name} set for you, matched`
    : `your alert rule “${ruleName}” (${kind}) in ${account.name} matched`;
}
