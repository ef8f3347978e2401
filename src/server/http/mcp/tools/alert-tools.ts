// `list_unread_alerts`: the signed-in person's unread alerts (what their alert rules raised and they have not read
// yet), newest first, read through /v2/notifications. Alerts are a person's: through an API key (which is nobody)
// the API refuses, and the tool says so in the API's words.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ALERT_KIND_NAMES, type Notification, notificationListDocumentSchema } from "../../../../api/alerts";
import type { ApiCaller } from "../api-caller";
import { answering, timeInZone, toolAnswer } from "../tool-result";
import { pageOf, pageOutput, pageWords, pagingInputs, pagingQueryOf } from "./list-inputs";

const alertOutput = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KIND_NAMES),
  title: z.string().describe("What happened, in one line."),
  details: z.array(z.string()).describe("What changed, from what to what."),
  container_number: z.string().nullable(),
  container_id: z.string().nullable().describe("Read it with `get_container`."),
  shipment_id: z.string().nullable(),
  rule_name: z.string().describe("The person's alert rule that raised it."),
  created_at: z.string().describe("In UTC."),
});

function alertRow(n: Notification): z.infer<typeof alertOutput> {
  const a = n.attributes;
  return {
    id: n.id,
    kind: a.kind,
    title: a.title,
    details: a.details,
    container_number: a.container_number,
    container_id: n.relationships.container.data?.id ?? null,
    shipment_id: n.relationships.shipment.data?.id ?? null,
    rule_name: a.rule_name,
    created_at: timeInZone(a.created_at, null)!,
  };
}

export function registerAlertTools(server: McpServer, api: ApiCaller): void {
  server.registerTool(
    "list_unread_alerts",
    {
      title: "List my unread alerts",
      description:
        "The signed-in person's unread alerts, newest first: what their alert rules raised (last free day near or passed, available for pickup, holds, ETA moved, vessel departed or arrived, tracking failed or stopped) and they have not read. Only for a person signed in (an API key has no person, and no alerts).",
      inputSchema: { ...pagingInputs },
      outputSchema: {
        unread: z.number().int().describe("How many alerts are unread in all."),
        ...pageOutput,
        alerts: z.array(alertOutput),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answering(async () => {
        const document = await api.request("/v2/notifications", {
          schema: notificationListDocumentSchema,
          query: { "filter[unread]": "true", ...pagingQueryOf(args) },
        });
        const alerts = document.data.map(alertRow);
        const page = pageOf(args, document.meta.total);
        const lines = alerts.map((row) => {
          const details = row.details.length > 0 ? ` (${row.details.join("; ")})` : "";
          const container = row.container_id ? ` [container id ${row.container_id}]` : "";
          return `${row.created_at}: ${row.title}${details}, by the rule “${row.rule_name}”${container}`;
        });
        return toolAnswer(
          [
            document.meta.unread === 0
              ? "No unread alerts."
              : `Unread alerts ${pageWords(page, alerts.length)} (${document.meta.unread} unread in all).`,
            ...lines,
          ].join("\n"),
          { unread: document.meta.unread, ...page, alerts },
        );
      }),
  );
}
