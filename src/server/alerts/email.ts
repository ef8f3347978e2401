// An alert's email: a subject that says what happened, what changed in plain text and simple HTML, a link to the
// container, the rule that sent it, and one-click unsubscribe (RFC 8058): `List-Unsubscribe` with a signed link
// that works without signing in, and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The link's signature
// (an HMAC of the rule's and the person's ids under the service's auth secret) is its only credential; it can only
// turn the rule's email off for that person. Several alerts of a person (grouped, held through quiet hours, or past
// their hourly cap) go as one email that lists them, and counts those it does not list.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ALERT_EMAIL_HOURLY_CAP } from "../../api/alerts";
import type { AlertRow } from "../db/alerts";
import { alertLink, whyWords } from "./alert-words";

const HOURLY_WORDS = `${ALERT_EMAIL_HOURLY_CAP} alerts`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The path of the one-click unsubscribe endpoint (outside /v2: it takes no key and no session). */
export const UNSUBSCRIBE_PATH = "/alerts/unsubscribe";

/** The link's signature: of the rule and the person it was sent to (links sent before team rules: the rule only). */
function signature(secret: string, ruleId: string, userId: string | undefined): string {
  const subject = userId === undefined ? ruleId : `${ruleId}:${userId}`;
  return createHmac("sha256", secret).update(`alert-unsubscribe:${subject}`).digest("base64url");
}

/** The one-click link that stops the rule's email for the person (a team rule's: for them only). */
export function unsubscribeUrl(publicUrl: string, secret: string, ruleId: string, userId: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}${UNSUBSCRIBE_PATH}?rule=${ruleId}&user=${userId}&sig=${signature(secret, ruleId, userId)}`;
}

/** Whether `sig` is the signature of the rule's unsubscribe link (for the person, when the link names one). */
export function validUnsubscribe(
  secret: string,
  ruleId: string,
  userId: string | undefined,
  sig: string,
): boolean {
  const expected = Buffer.from(signature(secret, ruleId, userId));
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
  const unsubscribe = alert.ruleId
    ? unsubscribeUrl(urls.publicUrl, urls.secret, alert.ruleId, alert.userId)
    : undefined;
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
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** The alerts one email lists by name at most; the rest are counted, with a link to the notifications. */
export const LISTED_PER_EMAIL = 20;

/** Why several alerts go as one email, and how many of them it may list by name (the person's hourly cap). */
export interface Grouping {
  /** Held through the person's quiet hours (else raised within minutes of each other). */
  quiet: boolean;
  /** What is left of the person's hourly cap: the rest are only counted ("and N more"). */
  allowance: number;
}

/**
 * A person's alerts as one email: each listed one's line, what changed and its link, "and N more" for those past
 * the email's room or the person's hourly cap, and where to change the rules. One alert the cap allows goes as its
 * own email (with its rule's one-click unsubscribe). Answers the email and how many alerts it listed by name.
 */
export function groupedAlertsEmail(
  group: AlertRow[],
  account: { name: string },
  grouping: Grouping,
  urls: { publicUrl: string; secret: string },
): AlertEmail & { listed: number } {
  const room = Math.max(0, Math.min(grouping.allowance, LISTED_PER_EMAIL));
  if (group.length === 1 && room >= 1) {
    return { ...alertEmail(group[0]!, group[0]!.ruleName, account, urls), listed: 1 };
  }
  const base = urls.publicUrl.replace(/\/+$/, "");
  const listed = group.slice(0, room);
  const more = group.length - listed.length;
  const capped = grouping.allowance < Math.min(group.length, LISTED_PER_EMAIL);
  const settings = `${base}/settings/alerts`;
  const notifications = `${base}/notifications`;
  const n = group.length;
  const heading = grouping.quiet
    ? `While your quiet hours lasted, ${n} alerts in ${account.name}`
    : `${n} alerts in ${account.name}`;
  const subject =
    listed.length === 0
      ? `${n} more alert${n === 1 ? "" : "s"} in ${account.name}`
      : `${n} alerts${grouping.quiet ? " from your quiet hours" : ""}: ${group[0]!.title} and ${n - 1} more`;
  const moreWords =
    more === 0
      ? null
      : capped
        ? `And ${more} more (you had ${HOURLY_WORDS} by email in the last hour; the rest are in the dashboard)`
        : `And ${more} more`;
  // All of one rule (a rule that matched several boxes at once, such as a shipment's boxes reaching their last
  // free day together): the email names the rule and keeps its one-click unsubscribe, as a single alert's does.
  const rule = oneRule(group);
  const unsubscribe = rule
    ? unsubscribeUrl(urls.publicUrl, urls.secret, rule.ruleId, rule.userId)
    : undefined;
  const matched = rule
    ? whyWords(rule, rule.ruleName, account)
    : `your alert rules in ${account.name} matched`;
  const why = grouping.quiet
    ? `You get these because ${matched} while your quiet hours lasted.`
    : `You get these together because ${matched} within minutes of each other.`;
  const text = [
    `${heading}:`,
    "",
    ...listed.flatMap((alert) => {
      const link = alertLink(alert, urls.publicUrl);
      return [alert.title, ...alert.details.map((d) => `  ${d}`), `  ${link.label}: ${link.url}`, ""];
    }),
    ...(moreWords ? [`${moreWords}: ${notifications}`, ""] : []),
    why,
    ...(unsubscribe ? [`Stop these emails for this rule: ${unsubscribe}`] : []),
    `Change your quiet hours or rules: ${settings}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(
    heading,
  )}</h1>${listed
    .map((alert) => {
      const link = alertLink(alert, urls.publicUrl);
      return `<h2 style="font-size:15px">${escapeHtml(alert.title)}</h2>${alert.details
        .map((d) => `<p>${escapeHtml(d)}</p>`)
        .join("")}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`;
    })
    .join("")}${
    moreWords ? `<p><a href="${escapeHtml(notifications)}">${escapeHtml(moreWords)}</a></p>` : ""
  }<p style="color:#555">${escapeHtml(why)}${
    unsubscribe ? ` <a href="${escapeHtml(unsubscribe)}">Stop these emails for this rule</a>.` : ""
  } <a href="${escapeHtml(settings)}">Change your quiet hours or rules</a>.</p></body></html>`;
  return {
    subject,
    text,
    html,
    links: [
      ...listed.map((a) => alertLink(a, urls.publicUrl).url),
      notifications,
      settings,
      ...(unsubscribe ? [unsubscribe] : []),
    ],
    headers: unsubscribeHeaders(unsubscribe),
    listed: listed.length,
  };
}

/** The group's one rule, when every alert in it came from the same rule (a rule's, not the account's own). */
function oneRule(group: AlertRow[]): (AlertRow & { ruleId: string }) | undefined {
  const first = group[0];
  if (!first?.ruleId) return undefined;
  return group.every((a) => a.ruleId === first.ruleId) ? (first as AlertRow & { ruleId: string }) : undefined;
}

/** RFC 8058's two headers for a one-click unsubscribe link; none without one. */
function unsubscribeHeaders(unsubscribe: string | undefined): Record<string, string> {
  return unsubscribe
    ? { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : {};
}
