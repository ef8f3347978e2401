// The service's outbound messages: subject, plain text, simple HTML and the links they carry (which the dev
// outbox and the log show when no SMTP server is configured). Plain words; a link a person can copy.

import type { Db } from "../db/connection";
import { queueMail } from "../db/mail-outbox";

export interface Message {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function message(
  kind: string,
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): Message {
  const text = [
    ...lines,
    "",
    `${link.label}: ${link.url}`,
    "",
    "If you did not expect this message, ignore it.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join(
      "",
    )}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#555">If you did not expect this message, ignore it.</p></body></html>`;
  return { kind, to, subject, text, html, links: [link.url] };
}

export function invitationMessage(
  to: string,
  values: { companyName: string; inviter: string; role: string; url: string },
) {
  return message(
    "invitation",
    to,
    `${values.inviter} invited you to ${values.companyName} on Container tracking`,
    [
      `${values.inviter} invited you to join ${values.companyName} as ${values.role}.`,
      "The link works once and for 7 days.",
    ],
    { label: "Accept the invitation", url: values.url },
  );
}

export function passwordResetMessage(to: string, url: string) {
  return message(
    "password_reset",
    to,
    "Reset your Container tracking password",
    [
      "Someone (hopefully you) asked to reset the password of this email's sign-in.",
      "The link works once, for 1 hour.",
    ],
    { label: "Choose a new password", url },
  );
}

export function verificationMessage(to: string, url: string) {
  return message(
    "email_verification",
    to,
    "Confirm your email for Container tracking",
    ["Confirm that this email address is yours."],
    { label: "Confirm the email", url },
  );
}

/** Queues a message in the outbox; pass the transaction of what causes it. */
export async function sendLater(
  db: Db,
  accountId: string | null,
  m: Message,
  now: Date,
  headers?: Record<string, string>,
  /** Due in real time (see NewMail.dueAt); `now` when absent. */
  dueAt?: Date,
) {
  return queueMail(db, {
    dueAt,
    accountId,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    links: m.links,
    headers: headers && Object.keys(headers).length > 0 ? headers : null,
    now,
  });
}
