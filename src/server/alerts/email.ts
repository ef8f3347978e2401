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
