// `GET /v2/search?query=` of the /v2 contract: one call that finds what a number, a reference or a name belongs to.
// Shaped as the hosted API's search (types `shipment`, `cargo`, `tracking_request`, the same attributes), so that
// its clients read ours unchanged; beyond it, vessels (by name or IMO) and ports (by name or UN/LOCODE) are found
// too, as types `vessel` and `port`. The dashboard's global search and the MCP server's `search` tool use it.
import { z } from "zod";
import { nullableDateTime } from "./json-api";

/** The hosted API's kinds first, in the order results are ranked by kind; then ours. */
export const SEARCH_RESULT_TYPES = ["shipment", "cargo", "tracking_request", "vessel", "port"] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

/** At most this many results, as the hosted API gives. */
export const SEARCH_LIMIT = 25;
/** `query` is trimmed; shorter or longer is a 400 naming `query`. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;

export const searchResultAttributesSchema = z.object({
  /** The same as the result's `type`. */
  entity_type: z.enum(SEARCH_RESULT_TYPES),
  /**
   * What the result is known by: the bill of lading (shipment), the container number (cargo), the request number
   * (tracking request), the IMO number (vessel), the UN/LOCODE (port).
   */
  number: z.string(),
  /** Beyond the hosted API: a vessel's or a port's name; null for the other kinds. */
  name: z.string().nullable(),
  /** The shipment a container or tracking request belongs to. */
  shipment_id: z.string().nullable(),
  scac: z.string().nullable(),
  /** Shipments and containers: their shipment's ports. */
  port_of_lading_name: z.string().nullable(),
  port_of_discharge_name: z.string().nullable(),
  /** Shipments only. */
  containers_count: z.number().int().nullable(),
  tracking_stopped: z.boolean().nullable(),
  tracking_stopped_reason: z.string().nullable(),
  /** Tracking requests: their status and failed reason; containers: their current status (`current_status`). */
  status: z.string().nullable(),
  failed_reason: z.string().nullable(),
  ref_numbers: z.array(z.string()),
  /** Null only for vessels and ports, which are reference data. */
  created_at: nullableDateTime,
  updated_at: nullableDateTime,
});
export type SearchResultAttributes = z.infer<typeof searchResultAttributesSchema>;

export const searchResultSchema = z
  .object({
    /** The id of the matched resource itself: `GET /v2/shipments/{id}`, `/v2/containers/{id}`, … */
    id: z.string(),
    type: z.enum(SEARCH_RESULT_TYPES),
    attributes: searchResultAttributesSchema,
    /** Where the matched resource is read: `/v2/shipments/{id}`, `/v2/containers/{id}`, `/v2/vessels/{id}`, … */
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchDocumentSchema = z
  .object({
    /**
     * Ranked: results whose number (or name) is exactly the query first (case, spaces and dashes ignored; for
     * shipments and tracking requests one of their reference numbers, or the booking number a shipment was tracked
     * by, counts too; for shipments, containers and tracking requests a short-text custom field's value, in any
     * case); then by kind in SEARCH_RESULT_TYPES order; then the most recently updated first (ports: those
     * the account's shipments call at first). A tracking request whose shipment is also a result is left out.
     */
    data: z.array(searchResultSchema),
    meta: z.object({ query: z.string(), size: z.number().int() }),
  })
  .meta({ id: "SearchDocument" });
export type SearchDocument = z.infer<typeof searchDocumentSchema>;
