// Saved views of the /v2 contract (`/v2/saved_views`, this service's own, not the hosted API's): a list's filters,
// sort, columns and text search under a name, kept by the account so that every browser, phone and assistant of
// the account sees the same views. What a view holds is the list's address search as the dashboard spells it
// (`{"filter[lfd]": "today", "sort": "last_free_day_at", "columns": "number,status"}`); the service accepts only a
// search its list would accept, and `savedViewListQuery` turns it into the `/v2/...` list query that reproduces it.
import { z } from "zod";
import { isoDateTime, listMetaSchema, selfLinkSchema } from "./json-api";
import { LIST_FILTERS, type ListFilterName } from "./triage";

export const VIEW_NAME_MAX = 60;
/** How many views one account keeps: a menu, not a database. */
export const SAVED_VIEWS_MAX = 100;

/** The lists a view can be of, in the order the list of views is sorted by. */
export const SAVED_VIEW_LISTS = ["containers", "shipments"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** The shipments list's tracking choice (`tracking=stopped`), which the dashboard keeps beside the filters. */
export const SHIPMENT_TRACKING_CHOICES = ["all", "active", "stopped"] as const;

/** What a view's search may hold besides `filter[…]`: the text search, the order and the visible columns. */
const COMMON_KEYS = ["q", "sort", "columns"] as const;
/** The address keys of a list: the common ones, the shipments list's `tracking`, and every triage filter. */
export function savedViewSearchKeys(list: SavedViewList): string[] {
  const filters = Object.keys(LIST_FILTERS).map((name) => `filter[${name}]`);
  return [...COMMON_KEYS, ...(list === "shipments" ? ["tracking"] : []), ...filters];
}

/**
 * `filter[custom_fields.<api_slug>]`: a custom field filter (the list's kind of record's; the service checks which),
 * the slug its first group.
 */
export const CUSTOM_FIELD_FILTER_KEY = /^filter\[custom_fields\.([a-z][a-z0-9_]{0,62})\]$/;

/** Whether a view of the list may hold the key: one of its address keys, or a custom field filter. */
export function isSavedViewSearchKey(list: SavedViewList, key: string): boolean {
  return savedViewSearchKeys(list).includes(key) || CUSTOM_FIELD_FILTER_KEY.test(key);
}

/** The longest text search each list's address keeps (the dashboard's own limits). */
export const SAVED_VIEW_Q_MAX: Record<SavedViewList, number> = { containers: 50, shipments: 200 };
export const SAVED_VIEW_COLUMNS_MAX = 1000;

export const savedViewNameSchema = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, { error: "name can't be blank: give the view a name, such as “LFD this week”" })
  .max(VIEW_NAME_MAX, { error: `name can be at most ${VIEW_NAME_MAX} characters` });

export const savedViewListSchema = z.enum(SAVED_VIEW_LISTS, {
  error: `list must be one of ${SAVED_VIEW_LISTS.join(", ")}`,
});

/** Parameter → value, all text; whether the list accepts them is the service's to say (a 422 naming the key). */
export const savedViewSearchSchema = z
  .record(z.string(), z.string({ error: "each search value must be a string" }), {
    error: 'search must be an object of address parameters, such as {"filter[lfd]": "today"}',
  })
  .meta({ id: "SavedViewSearch" });
export type SavedViewSearch = z.infer<typeof savedViewSearchSchema>;

export const savedViewSchema = z
  .object({
    id: z.string(),
    type: z.literal("saved_view"),
    attributes: z.object({
      name: z.string(),
      list: savedViewListSchema,
      /** The list's address search, as saved (empty values left out). */
      search: savedViewSearchSchema,
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: z.object({
      self: z.string(),
      /** The `/v2/...` list request that lists what the view shows (savedViewListQuery). */
      list: z.string(),
    }),
  })
  .meta({ id: "SavedView" });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewDocumentSchema = z.object({ data: savedViewSchema, links: selfLinkSchema.optional() });

/** `GET /v2/saved_views`: every view of the account (at most SAVED_VIEWS_MAX), by list and then name; no pages. */
export const savedViewListDocumentSchema = z
  .object({ data: z.array(savedViewSchema), links: selfLinkSchema, meta: listMetaSchema })
  .meta({ id: "SavedViewList" });

const attributesOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    data: z.object({
      type: z.literal("saved_view", { error: "data.type must be 'saved_view'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject(shape),
    }),
  });

/** `POST /v2/saved_views`. */
export const savedViewCreateBodySchema = attributesOf({
  name: savedViewNameSchema,
  list: savedViewListSchema,
  search: savedViewSearchSchema.default({}),
}).meta({ id: "SavedViewCreateBody" });

/** `PATCH /v2/saved_views/{id}`: any of the three; the search is checked against the view's (new) list. */
export const savedViewEditBodySchema = attributesOf({
  name: savedViewNameSchema.optional(),
  list: savedViewListSchema.optional(),
  search: savedViewSearchSchema.optional(),
}).meta({ id: "SavedViewEditBody" });

/** The search without empty values (an empty filter filters nothing), keys in a stable order. */
export function cleanSavedViewSearch(search: Readonly<Record<string, string>>): SavedViewSearch {
  return Object.fromEntries(
    Object.entries(search)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== "")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/**
 * The `/v2/{list}` query parameters that list what a view shows, as the dashboard sends them: the text search, the
 * order and the filters; the columns change only how it looks; the shipments list's `tracking` choice is its
 * `filter[tracking_stopped]` (and, as on the page, it alone decides it).
 */
export function savedViewListQuery(list: SavedViewList, search: Readonly<Record<string, string>>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(cleanSavedViewSearch(search))) {
    if (key === "columns" || key === "tracking") continue;
    query[key] = value;
  }
  if (list === "shipments") {
    delete query["filter[tracking_stopped]"];
    if (search.tracking === "stopped") query["filter[tracking_stopped]"] = "true";
    if (search.tracking === "active") query["filter[tracking_stopped]"] = "false";
  }
  return query;
}

/** `/v2/containers?filter[lfd]=today&sort=last_free_day_at`: keys in order, brackets kept readable, values escaped. */
export function savedViewListPath(list: SavedViewList, search: Readonly<Record<string, string>>): string {
  const query = Object.entries(savedViewListQuery(list, search))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  return `/v2/${list}${query ? `?${query}` : ""}`;
}

/** The filter a `filter[name]` key names, if it is one of the lists' filters. */
export function filterNameOf(key: string): ListFilterName | undefined {
  const match = /^filter\[([a-z_]+)\]$/.exec(key);
  return match && match[1]! in LIST_FILTERS ? (match[1] as ListFilterName) : undefined;
}
