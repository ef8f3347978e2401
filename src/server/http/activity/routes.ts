// The /v2/activity route as the OpenAPI document describes it.
import { createRoute, z } from "@hono/zod-openapi";
import { ACTIVITY_ACTOR_TYPES, ACTIVITY_KINDS, activityListDocumentSchema } from "../../../api/people";
import { commaListPattern, cursorQuery, errorResponses, jsonBody, pageQuery } from "../openapi-common";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/activity",
  tags: ["People"],
  summary: "Who did what, newest first",
  description:
    "Sign-ins and failed sign-ins, invitations, role changes, removals, API keys, webhook and carrier connection changes, tracking requests, stops and resumes, shipment and container edits, and refused attempts (`security.refused`), each with its actor, address and time. Admins and owners see the whole account's log; members and viewers their own entries. Kept `ACTIVITY_RETENTION_DAYS` (400 by default).",
  request: {
    query: z.object({
      ...pageQuery,
      ...cursorQuery,
      "filter[actor_type]": z
        .string()
        .optional()
        .openapi({ type: "string", enum: [...ACTIVITY_ACTOR_TYPES] }),
      "filter[user_id]": z.string().optional().openapi({ format: "uuid", description: "A person's id." }),
      "filter[api_key_id]": z
        .string()
        .optional()
        .openapi({ format: "uuid", description: "An API key's id." }),
      "filter[kind]": z
        .string()
        .optional()
        .openapi({ pattern: commaListPattern(ACTIVITY_KINDS), description: "Comma-separated kinds." }),
      "filter[occurred_at][start]": z
        .string()
        .optional()
        .openapi({ format: "date-time", description: "From this time (inclusive)." }),
      "filter[occurred_at][end]": z
        .string()
        .optional()
        .openapi({ format: "date-time", description: "Up to this time (inclusive)." }),
    }),
  },
  responses: { 200: jsonBody(activityListDocumentSchema, "A page of the log"), ...errorResponses(400, 401) },
});
