// GET /dcsa/sandbox/{scac}/v2/events and /v2/events/{eventID}: the sandbox's events as a DCSA T&T 2.2 carrier
// answers them, paged with `limit` and an opaque `cursor`, the page links in the standard's headers.
import type { Context, Hono } from "hono";
import { DCSA_API_VERSION, DCSA_PAGE_HEADERS } from "../../tracking/dcsa/types";
import {
  type DcsaEventFilters,
  LIST_FILTERS,
  matchesFilters,
  REFERENCE_FILTERS,
  referenceOf,
} from "../../tracking/sandbox/dcsa/filters";
import type { SandboxDcsaPublisher } from "../../tracking/sandbox/dcsa/publisher";
import { dcsaError } from "./dcsa-errors";
import { type PageCursor, pageLinks, parseCursor, parseLimit } from "./paging";

/** The standard's code lists, for the list filters of the query and of a subscription. */
export const CODE_LISTS: Record<(typeof LIST_FILTERS)[number], readonly string[]> = {
  eventType: ["SHIPMENT", "TRANSPORT", "EQUIPMENT"],
  transportEventTypeCode: ["ARRI", "DEPA"],
  equipmentEventTypeCode: [
    "LOAD",
    "DISC",
    "GTIN",
    "GTOT",
    "STUF",
    "STRP",
    "PICK",
    "DROP",
    "INSP",
    "RSEA",
    "RMVD",
  ],
  shipmentEventTypeCode: [
    "RECE",
    "DRFT",
    "PENA",
    "PENU",
    "REJE",
    "APPR",
    "ISSU",
    "SURR",
    "SUBM",
    "VOID",
    "CONF",
    "REQS",
    "CMPL",
    "HOLD",
    "RELS",
  ],
  documentTypeCode: ["CBR", "BKG", "SHI", "SRM", "TRD", "ARN", "VGM", "CAS", "CUS", "DGD", "OOG"],
};

/** The yaml's maxLength of each reference. */
export const REFERENCE_MAX_LENGTH: Record<(typeof REFERENCE_FILTERS)[number], number> = {
  transportDocumentReference: 20,
  carrierBookingReference: 35,
  equipmentReference: 15,
};

/** The filters of a query or a subscription body, or what is wrong with them in words. */
export function parseFilters(
  read: (name: string) => string | string[] | undefined,
): { ok: true; filters: DcsaEventFilters } | { ok: false; message: string } {
  const filters: DcsaEventFilters = {};
  for (const name of REFERENCE_FILTERS) {
    const value = read(name);
    if (value === undefined) continue;
    if (typeof value !== "string" || value.trim() === "")
      return { ok: false, message: `${name} must be a non-empty string` };
    if (value.length > REFERENCE_MAX_LENGTH[name])
      return { ok: false, message: `${name} is at most ${REFERENCE_MAX_LENGTH[name]} characters` };
    filters[name] = value.trim();
  }
  for (const name of LIST_FILTERS) {
    const value = read(name);
    if (value === undefined) continue;
    // A query gives a comma-separated list; a subscription body an array.
    const list = typeof value === "string" ? value.split(",").map((v) => v.trim()) : value;
    const allowed = CODE_LISTS[name];
    const wrong = list.find((v) => typeof v !== "string" || !allowed.includes(v));
    if (wrong !== undefined || list.length === 0)
      return { ok: false, message: `${name} takes a list of ${allowed.join(", ")}` };
    filters[name] = list;
  }
  return { ok: true, filters };
}

export function registerEventRoutes(routes: Hono, publisher: SandboxDcsaPublisher): void {
  routes.get("/v2/events", async (c) => {
    const limit = parseLimit(c.req.query("limit"));
    if (!limit.ok) return dcsaError(c, 400, "invalidQuery", limit.message);
    const cursor = parseCursor(c.req.query("cursor"));
    if (!cursor.ok) return dcsaError(c, 400, "invalidQuery", cursor.message);
    const parsed = parseFilters((name) => c.req.query(name));
    if (!parsed.ok) return dcsaError(c, 400, "invalidQuery", parsed.message);
    // Every page of one listing reads the world as it was at the first page, so that pages never shift.
    const page: PageCursor = cursor.value ?? { at: publisher.worldNow().getTime(), offset: 0 };
    const reference = referenceOf(parsed.filters);
    // The sandbox finds a shipment by a reference; asked for none, it has nothing to list (as for an unknown one).
    const all = reference
      ? (await publisher.events(c.req.param("scac") as string, reference, new Date(page.at))).filter((e) =>
          matchesFilters(e, parsed.filters),
        )
      : [];
    const items = all.slice(page.offset, page.offset + limit.value);
    return c.json(items, 200, {
      "API-Version": DCSA_API_VERSION,
      ...pageHeaders(c, page, limit.value, all.length),
    });
  });

  routes.get("/v2/events/:eventID", async (c) => {
    const id = c.req.param("eventID");
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      return dcsaError(c, 400, "invalidParameter", "eventID must be a UUID");
    const event = await publisher.eventById(c.req.param("scac") as string, id.toLowerCase());
    if (!event)
      return dcsaError(c, 404, "notFound", `No event ${id} among this line's recently asked-for references`);
    return c.json(event, 200, { "API-Version": DCSA_API_VERSION });
  });
}

/** Current, first, last, and (where there is one) previous and next page, as whole URLs. */
export function pageHeaders(
  c: Context,
  page: PageCursor,
  limit: number,
  total: number,
): Record<string, string> {
  const links = pageLinks(new URL(c.req.url), page, limit, total);
  const headers: Record<string, string> = {
    [DCSA_PAGE_HEADERS.current]: links.current,
    [DCSA_PAGE_HEADERS.first]: links.first,
    [DCSA_PAGE_HEADERS.last]: links.last,
  };
  if (links.next) headers[DCSA_PAGE_HEADERS.next] = links.next;
  if (links.previous) headers[DCSA_PAGE_HEADERS.previous] = links.previous;
  return headers;
}
