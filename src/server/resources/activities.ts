// JSON:API resources of the activity log (/v2/activity): who did what, from where and when.
import type { Activity, ActivityKind } from "../../api/people";
import type { ActivityRow } from "../db/activities";

export function activityResource(row: ActivityRow): Activity {
  return {
    id: row.id,
    type: "activity",
    attributes: {
      kind: row.kind as ActivityKind,
      occurred_at: row.occurredAt.toISOString(),
      actor_type: row.actorType as Activity["attributes"]["actor_type"],
      actor_name: row.actorName,
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      summary: row.summary,
      details: row.details,
    },
    relationships: {
      user: { data: row.userId ? { id: row.userId, type: "user" } : null },
      api_key: { data: row.apiKeyId ? { id: row.apiKeyId, type: "api_key" } : null },
    },
  };
}
