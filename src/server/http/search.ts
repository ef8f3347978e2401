// GET /v2/search: one call that finds what a number, a reference or a name belongs to in the caller's account
// (the contract is src/api/search.ts; the matching and ranking are db/search.ts).
import { createRoute, z } from "@hono/zod-openapi";
import { SEARCH_LIMIT, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchDocumentSchema } from "../../api/search";
import { SUBSTRING_MIN, searchAccount } from "../db/search";
import { searchDocument } from "../resources/search";
import type { App, DataDeps } from "./env";
import { badParameter } from "./errors";
import { errorResponses, jsonBody } from "./openapi-common";
import { createRouter } from "./router";

const EXAMPLE = "for example query=MSCU1234567";

const searchRoute = createRoute({
  method: "get",
  path: "/v2/search",
  tags: ["Search"],
  summary: "Find shipments, containers, tracking requests, vessels and ports by number or name",
  description: [
    "Searches the account's shipments (by bill of lading, booking and reference numbers), containers (`cargo`: by container number, and by their shipment's numbers) and tracking requests (by request and reference numbers; a request is left out when the shipment it became is also found), as the hosted API does; beyond it, vessels (`vessel`: by name or IMO number, those that carry or carried the account's containers) and ports (`port`: by name or UN/LOCODE, the ports the account's shipments call at first).",
    `Numbers match whole (case, spaces and dashes ignored) or in part from ${SUBSTRING_MIN} characters on. Ranked: results whose number or name is exactly the query (or, for shipments and tracking requests, one of their reference or booking numbers) first; then by kind in the order above; then the most recently updated first. At most ${SEARCH_LIMIT} results.`,
  ].join("\n\n"),
  request: {
    query: z.object({
      query: z
        .string()
        .optional()
        // Optional to zod so that the handler answers a missing one in the API's words; required in the document.
        .openapi({
          param: { required: true },
          minLength: SEARCH_QUERY_MIN,
          maxLength: SEARCH_QUERY_MAX,
          // At least two characters once the spaces around are trimmed ("  " or " a" is refused).
          pattern: String.raw`^\s*\S[\s\S]*\S\s*$`,
          description: `What to look for: a number (bill of lading, booking, container, reference, IMO), part of one, or a vessel's or a port's name or UN/LOCODE; ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters once trimmed.`,
          example: "MSCU1234567",
        }),
    }),
  },
  responses: {
    200: jsonBody(searchDocumentSchema, "The results, best first"),
    ...errorResponses(400, 401, 429),
  },
});

/** The trimmed query, or the 400 that names `query` and says what it must be. */
export function searchQueryOf(value: string | undefined): string {
  const query = value?.trim() ?? "";
  if (query === "") throw badParameter("query", `query is required: ${EXAMPLE}.`);
  // Characters as the document's minLength and maxLength count them (JSON Schema: code points), not UTF-16 units,
  // in which "𐀀" is two.
  const length = [...query].length;
  if (length < SEARCH_QUERY_MIN || length > SEARCH_QUERY_MAX) {
    throw badParameter(
      "query",
      `query must be ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters long (not counting spaces around it); it has ${length}.`,
    );
  }
  return query;
}

export function searchRoutes(deps: Pick<DataDeps, "db" | "reference">): App {
  const app = createRouter();
  app.openapi(searchRoute, async (c) => {
    const query = searchQueryOf(c.req.valid("query").query);
    const rows = await searchAccount(deps.db, c.get("principal").account.id, query);
    return c.json(searchDocument(query, rows, deps.reference), 200);
  });
  return app;
}
