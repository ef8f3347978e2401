// The /v2/alert_rules routes as the OpenAPI document describes them: a signed-in person's alert rules, their own
// and the team rules an owner or admin set for them.
import { createRoute, z } from "@hono/zod-openapi";
import {
  ALERT_KIND_NAMES,
  ALERT_RULES_PER_PERSON_MAX,
  alertRuleCreateBodySchema,
  alertRuleDocumentSchema,
  alertRuleEditBodySchema,
  alertRuleListDocumentSchema,
} from "../../../api/alerts";
import { errorResponses, idParam, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["Alerts"];
const PERSON_ONLY =
  "A signed-in person's (session cookie); an API key has no person and is answered 403. A person reads their own rules and the team rules that tell them (an owner or admin: every team rule); only an owner or admin changes a team rule (others: 403).";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/alert_rules",
  tags,
  summary: "List my alert rules and the team rules that tell me, oldest first",
  description: `${PERSON_ONLY} At most ${ALERT_RULES_PER_PERSON_MAX} rules per person, in one answer.`,
  responses: {
    200: jsonBody(alertRuleListDocumentSchema, "The person's alert rules"),
    ...errorResponses(401, 403, 429),
  },
});

export const createRouteDef = createRoute({
  method: "post",
  path: "/v2/alert_rules",
  tags,
  summary: "Create an alert rule",
  description: `${PERSON_ONLY} \`kind\` is one of ${ALERT_KIND_NAMES.join(", ")}. \`threshold\` is days for \`lfd_within\` and \`empty_return_within\` (1 to 60) and hours for \`eta_moved\` (1 to 1440), and none for the other kinds. \`hold_name\` (hold kinds only) names one hold (customs, freight, USDA…); without it, any hold. \`scope\` is \`{"type":"all"}\`, \`{"type":"shipping_line","scac":"MSCU"}\`, \`{"type":"port_of_discharge","locode":"USSAV"}\`, \`{"type":"customer","id":"<party id>"}\`, \`{"type":"saved_view","id":"<view id>"}\` or \`{"type":"tags","tags":["urgent"]}\`. \`channels\`: \`email\`, \`in_app\` (both by default), \`slack\`, \`teams\`. \`audience\` (owners and admins only: 403 for others) makes a team rule that tells the account's members of some roles (\`{"roles":["member","viewer"]}\`) or chosen people (\`{"user_ids":[...]}\`), each once; without it the rule is your own. The last-free-day kinds are checked daily by the service clock, in the zone of the port (or inland place) whose day it is, once per container and day; \`empty_return_within\` with them, for boxes picked up and not yet returned whose empty return deadline (their \`detention\`'s \`last_free_day\`) is within the days or passed in the last week, once per container and deadline.`,
  request: { body: requestBodyOf(alertRuleCreateBodySchema, true) },
  responses: {
    201: jsonBody(alertRuleDocumentSchema, "The rule"),
    ...errorResponses(400, 401, 403, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/alert_rules/{id}",
  tags,
  summary: "Get one of my alert rules",
  description: PERSON_ONLY,
  request: { params: idParam },
  responses: { 200: jsonBody(alertRuleDocumentSchema, "The rule"), ...errorResponses(401, 403, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/alert_rules/{id}",
  tags,
  summary: "Change one of my alert rules",
  description: `${PERSON_ONLY} Any of \`name\`, \`threshold\`, \`hold_name\`, \`scope\`, \`channels\`, \`slack_url\`, \`teams_url\`, and a team rule's \`audience\`; the kind stays.`,
  request: { params: idParam, body: requestBodyOf(alertRuleEditBodySchema, true) },
  responses: {
    200: jsonBody(alertRuleDocumentSchema, "The updated rule"),
    ...errorResponses(400, 401, 403, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/alert_rules/{id}",
  tags,
  summary: "Delete one of my alert rules",
  description: `${PERSON_ONLY} The alerts it raised stay, without the rule.`,
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 403, 404, 429),
  },
});
