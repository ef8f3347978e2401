// An alert as a chat message: Slack's Block Kit (a header, what changed, a button to the container, why it was
// sent) for a Slack incoming webhook, and an Adaptive Card in a message for a Microsoft Teams incoming webhook
// (or a Teams Workflows webhook, which takes the same body). Built when the alert is stored, so every attempt
// sends the same bytes.
import type { ChatChannel } from "../../api/alerts";
import type { AlertRow } from "../db/alerts";
import { alertLink, whyWords } from "./alert-words";

type Alert = Pick<AlertRow, "title" | "details" | "kind" | "team" | "containerId" | "shipmentId">;
interface Sender {
  ruleName: string;
  account: { name: string };
  publicUrl: string;
}

/** Slack's mrkdwn gives `&`, `<` and `>` meaning (links, mentions): plain text escapes them. */
const slackEscape = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);

/** Slack cuts a header at 150 characters and a section's text at 3,000. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function slackMessage(alert: Alert, { ruleName, account, publicUrl }: Sender): object {
  const link = alertLink(alert, publicUrl);
  const why = `Sent because ${whyWords(alert, ruleName, account)}.`;
  return {
    // What notifications and screen readers show.
    text: alert.title,
    blocks: [
      { type: "header", text: { type: "plain_text", text: cut(alert.title, 150), emoji: false } },
      ...(alert.details.length > 0
        ? [
            {
              type: "section",
              text: { type: "mrkdwn", text: cut(alert.details.map(slackEscape).join("\n"), 3000) },
            },
          ]
        : []),
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: link.label }, url: link.url }],
      },
      { type: "context", elements: [{ type: "mrkdwn", text: slackEscape(why) }] },
    ],
  };
}

export function teamsMessage(alert: Alert, { ruleName, account, publicUrl }: Sender): object {
  const link = alertLink(alert, publicUrl);
  const why = `Sent because ${whyWords(alert, ruleName, account)}.`;
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: alert.title, weight: "Bolder", size: "Medium", wrap: true },
            ...alert.details.map((line) => ({ type: "TextBlock", text: line, wrap: true })),
            { type: "TextBlock", text: why, isSubtle: true, size: "Small", wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: link.label, url: link.url }],
        },
      },
    ],
  };
}

/** The message body for the channel, as the bytes to send. */
export function chatPayload(channel: ChatChannel, alert: Alert, sender: Sender): string {
  return JSON.stringify(channel === "slack" ? slackMessage(alert, sender) : teamsMessage(alert, sender));
}
