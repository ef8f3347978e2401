// `boxtrack://milestones`: what each milestone of a container's journey and each event name means, in the
// contract's own words (src/api), so that an assistant reads a timeline or a webhook as the dashboard shows it.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { MILESTONE_MEANINGS, MILESTONE_ORDER } from "../../../../api/milestones";
import { WEBHOOK_EVENT_GROUPS } from "../../../../api/webhook-events";

export const MILESTONE_GLOSSARY_URI = "boxtrack://milestones";

/** The glossary as Markdown: the milestones in the order a box meets them, then the event names by group. */
export function milestoneGlossary(): string {
  const lines = [
    "# Milestones and events",
    "",
    "## Milestones, in the order a container meets them",
    "",
    "A container's timeline (raw events' `event`, transport events without their `container.transport.` prefix) names these.",
    "",
    ...MILESTONE_ORDER.map((name) => `- \`${name}\`: ${MILESTONE_MEANINGS[name]}`),
  ];
  for (const group of WEBHOOK_EVENT_GROUPS) {
    lines.push("", `## ${group.name} events (webhooks and the live stream)`, "");
    for (const [name, meaning] of group.events) lines.push(`- \`${name}\`: ${meaning}`);
  }
  return `${lines.join("\n")}\n`;
}

export function registerMilestoneGlossary(server: McpServer): void {
  server.registerResource(
    "milestones",
    MILESTONE_GLOSSARY_URI,
    {
      title: "Milestone and event glossary",
      description: "What each milestone of a container's journey and each event name means.",
      mimeType: "text/markdown",
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: milestoneGlossary() }] }),
  );
}
