// An alert's email: a subject that says what happened, what changed in plain text and simple HTML, a link to the
// container, the rule that sent it, and one-click unsubscribe (RFC 8058): `List-Unsubscribe` with a signed link
// that works without signing in, and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The link's signature
// (an HMAC of the rule's id under the service's auth secret) is its only credential; it can only turn the rule's
// email off.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AlertRow } from "../db/alerts";
import { alertLink, whyWords } from "./alert-words";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The path of the one-click unsubscribe endpoint (outside /v2: it takes no key and no session). */
export const UNSUBSCRIBE_PATH = "/alerts/unsubscribe";

function signature(secret: string, ruleId: string): string {
  return createHmac("sha256", secret).update(`alert-unsubscribe:${ruleId}`).digest("base64url");
}

export function unsubscribeUrl(publicUrl: string, secret: string, ruleId: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${UNSUBSCRIBE_PATH}?rule=${ruleId}&sig=${signature(secret, ruleId)}`;
}

/** Whether `sig` is the signature of the rule's unsubscribe link. */
export function validUnsubscribe(secret: string, ruleId: string, sig: string): boolean {
  const expected = Buffer.from(signature(secret, ruleId));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Record<string, string>;
}

export function alertEmail(
  alert: AlertRow,
  ruleName: string,
  account: { name: string },
  urls: { publicUrl: string; secret: string },
): AlertEmail {
  const link = alertLink(alert, urls.publicUrl);
  const unsubscribe = alert.ruleId ? unsubscribeUrl(urls.publicUrl, urls.secret, alert.ruleId) : undefined;
  const why = `You get this because ${whyWords(alert, ruleName, account)}.`;
  const text = [
    alert.title,
    "",
    ...alert.details,
    ...(alert.details.length > 0 ? [""] : []),
    `${link.label}: ${link.url}`,
    "",
    why,
    ...(unsubscribe ? [`Stop these emails for this rule: ${unsubscribe}`] : []),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(alert.title)}</h1>${alert.details
    .map((d) => `<p>${escapeHtml(d)}</p>`)
    .join(
      "",
    )}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#555">${escapeHtml(why)}${
    unsubscribe ? ` <a href="${escapeHtml(unsubscribe)}">Stop these emails for this rule</a>.` : ""
  }</p></body></html>`;
  return {
    subject: alert.title,
    text,
    html,
    links: [link.url, ...(unsubscribe ? [unsubscribe] : [])],
    headers: unsubscribe
      ? { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : {},
  };
}

/** The alerts a held email lists by name; the rest are counted, with a link to the notifications. */
export const HELD_LISTED = 20;

/**
 * The alerts held through a person's quiet hours, as one email: each one's line, what changed and its link (the
 * first HELD_LISTED of them), "and N more", and where to change the quiet hours. One alert goes as its own email.
 */
export function heldAlertsEmail(
  held: AlertRow[],
  account: { name: string },
  urls: { publicUrl: string; secret: string },
): AlertEmail {
  if (held.length === 1) return alertEmail(held[0]!, held[0]!.ruleName, account, urls);
  const base = urls.publicUrl.replace(/\/+$/, "");
  const listed = held.slice(0, HELD_LISTED);
  const more = held.length - listed.length;
  const settings = `${base}/settings/alerts`;
  const notifications = `${base}/notifications`;
  const subject = `${held.length} alerts from your quiet hours: ${held[0]!.title} and ${held.length - 1} more`;
  const why = `You get these because your alert rules in ${account.name} matched while your quiet hours lasted.`;
  const text = [
    `While your quiet hours lasted, ${held.length} alerts in ${account.name}:`,
    "",
    ...listed.flatMap((alert) => {
      const link = alertLink(alert, urls.publicUrl);
      return [alert.title, ...alert.details.map((d) => `  ${d}`), `  ${link.label}: ${link.url}`, ""];
    }),
    ...(more > 0 ? [`And ${more} more: ${notifications}`, ""] : []),
    why,
    `Change your quiet hours or rules: ${settings}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(
    `While your quiet hours lasted: ${held.length} alerts`,
  )}</h1>${listed
    .map((alert) => {
      const link = alertLink(alert, urls.publicUrl);
      return `<h2 style="font-size:15px">${escapeHtml(alert.title)}</h2>${alert.details
        .map((d) => `<p>${escapeHtml(d)}</p>`)
        .join("")}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
    })
    .join("")}${
    more > 0 ? `<p><a href="${escapeHtml(notifications)}">And ${more} more</a></p>` : ""
  }<p style="color:#555">${escapeHtml(why)} <a href="${escapeHtml(settings)}">Change your quiet hours or rules</a>.</p></body></html>`;
  return {
    subject,
    text,
    html,
    links: [...listed.map((a) => alertLink(a, urls.publicUrl).url), notifications, settings],
    headers: {},
  };
}
