// The /v2/free_time_tariffs routes as the OpenAPI document describes them: the published tariffs and the account's
// own (list, read), and the account's own (create, edit, delete).
import { createRoute, z } from "@hono/zod-openapi";
import {
  tariffCreateBodySchema,
  tariffDocumentSchema,
  tariffEditBodySchema,
  tariffListDocumentSchema,
} from "../../../api/free-time";
import { errorResponses, jsonBody, requestBodyOf } from "../openapi-common";

const tags = ["Free time"];

const idParam = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    description: "The tariff's id: a UUID for the account's own, `published-…` for a published one",
  }),
});

const RULE =
  "A container's demurrage (free days at the terminal, from discharge until it is out full) and detention (free days until the empty is returned, from discharge or pickup as the tariff counts it) come from the tariff that fits its line, port of discharge, terminal (FIRMS code or name), box length and type: the account's own tariffs win over published ones, and among each the most specific wins. Tiers count charged days: `from_day: 1` is the first day after the free time. Charges are in the tariff's `currency`.";

export const listRoute = createRoute({
  method: "get",
  path: "/v2/free_time_tariffs",
  tags,
  summary: "List the free time tariffs: the account's own, then the published ones",
  description: `${RULE} Published tariffs carry \`read_only: true\`. Optionally \`filter[scac]\` keeps one line's, \`filter[source]\` (\`published\` or \`account\`) one kind.`,
  request: {
    query: z.object({
      "filter[scac]": z.string().optional().openapi({ description: "Only this line's tariffs (SCAC)" }),
      "filter[source]": z
        .string()
        .optional()
        .openapi({
          enum: ["published", "account"],
          description: "Only published, or only the account's own",
        }),
    }),
  },
  responses: {
    200: jsonBody(tariffListDocumentSchema, "The tariffs"),
    ...errorResponses(400, 401, 429),
  },
});

export const createRouteDef = createRoute({
  method: "post",
  path: "/v2/free_time_tariffs",
  tags,
  summary: "Add one of the account's own tariffs (negotiated free time and rates)",
  description: `${RULE} \`port_locode\`, \`terminal\`, \`equipment_length\` and \`equipment_type\` default to null (every one); \`counts_from\` (detention only) defaults to \`pickup\`; \`currency\` to USD.`,
  request: { body: requestBodyOf(tariffCreateBodySchema, true) },
  responses: {
    201: jsonBody(tariffDocumentSchema, "The tariff"),
    ...errorResponses(400, 401, 403, 415, 422, 429),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/free_time_tariffs/{id}",
  tags,
  summary: "Get a free time tariff (published or the account's own)",
  request: { params: idParam },
  responses: { 200: jsonBody(tariffDocumentSchema, "The tariff"), ...errorResponses(401, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/free_time_tariffs/{id}",
  tags,
  summary: "Change one of the account's own tariffs",
  description: "Any of the attributes. A published tariff is read-only (403): add an own one to override it.",
  request: { params: idParam, body: requestBodyOf(tariffEditBodySchema, true) },
  responses: {
    200: jsonBody(tariffDocumentSchema, "The updated tariff"),
    ...errorResponses(400, 401, 403, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/free_time_tariffs/{id}",
  tags,
  summary: "Delete one of the account's own tariffs (the published one applies again)",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ meta: z.object({ deleted: z.literal(true) }) }), "Deleted"),
    ...errorResponses(401, 403, 404, 429),
  },
});
