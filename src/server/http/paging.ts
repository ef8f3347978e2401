// Parsing of page[number]/page[size] (and the keyset cursors page[after]/page[before]), and the links of a list.
//
// Lists page by number, as the hosted API does. Their `next` and `prev` links also carry a cursor naming the row
// the page starts after (or ends before), so that a client walking the list by its links reads every page at
// the cost of the first, and sees no row twice while new ones arrive at the head.
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../../api/json-api";
import type { ListPosition, PageEdges, PageRequest } from "../db/list-window";
import { listDocumentOf } from "../resources/documents";
import { badParameter } from "./errors";

export interface Page extends PageRequest {
  offset: number;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(raw) || Number.parseInt(raw, 10) < 1) {
    throw badParameter(name, `${name} must be a whole number of at least 1 (got '${raw}').`);
  }
  return Number.parseInt(raw, 10);
}

const TIE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{1,15})$/i;

/** A row's position as an opaque token for a link. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.at.toISOString()}_${position.tie}`, "utf8").toString("base64url");
}

function decodeCursor(name: string, raw: string): ListPosition {
  const text = /^[A-Za-z0-9_-]{1,120}$/.test(raw) ? Buffer.from(raw, "base64url").toString("utf8") : "";
  const [at, tie] = text.split("_");
  const time = at ? Date.parse(at) : Number.NaN;
  if (Number.isNaN(time) || !tie || !TIE.test(tie)) {
    throw badParameter(
      name,
      `${name} is not a cursor this API gave out; follow links.next and links.prev as they are.`,
    );
  }
  return { at: new Date(time), tie: /^\d+$/.test(tie) ? Number(tie) : tie };
}

/**
 * Reads the page parameters; a page size over the maximum is clamped, as the hosted API does. A list whose items
 * are much smaller than usual (the fleet's compact vessels) may allow larger pages (`sizes`). Lists that page by
 * keyset (`cursors`) also read page[after] and page[before].
 */
export function parsePage(
  query: Record<string, string | undefined>,
  options: { cursors?: boolean; sizes?: { default: number; max: number } } = {},
): Page {
  const sizes = options.sizes ?? { default: PAGE_SIZE_DEFAULT, max: PAGE_SIZE_MAX };
  const number = positiveInteger("page[number]", query["page[number]"], 1);
  const size = Math.min(positiveInteger("page[size]", query["page[size]"], sizes.default), sizes.max);
  if (number > 1_000_000) throw badParameter("page[number]", "page[number] must be at most 1000000.");
  const page: Page = { number, size, offset: (number - 1) * size };
  if (!options.cursors) return page;
  const after = query["page[after]"];
  const before = query["page[before]"];
  if (after !== undefined && before !== undefined) {
    throw badParameter("page[before]", "Give page[after] or page[before], not both.");
  }
  if (after !== undefined) page.after = decodeCursor("page[after]", after);
  if (before !== undefined) page.before = decodeCursor("page[before]", before);
  return page;
}

/**
 * Full page addresses for a list: the request's own query with page[number] (and page[size]) replaced; `next` and
 * `prev` carry a cursor from the page's edges when the list pages by keyset.
 */
export function listLinks(requestUrl: string, page: Page, total: number, edges?: PageEdges) {
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const at = (n: number, cursor?: ["page[after]" | "page[before]", ListPosition]) => {
    const url = new URL(requestUrl);
    url.searchParams.delete("page[after]");
    url.searchParams.delete("page[before]");
    url.searchParams.set("page[number]", String(n));
    url.searchParams.set("page[size]", String(page.size));
    if (cursor) url.searchParams.set(cursor[0], encodeCursor(cursor[1]));
    return decodeURIComponent(url.toString());
  };
  const prev = Math.min(page.number - 1, lastNumber);
  return {
    self: decodeURIComponent(new URL(requestUrl).toString()),
    current: at(page.number),
    first: at(1),
    ...(page.number > 1
      ? { prev: at(prev, edges && prev === page.number - 1 ? ["page[before]", edges.first] : undefined) }
      : {}),
    ...(page.number < lastNumber
      ? { next: at(page.number + 1, edges ? ["page[after]", edges.last] : undefined) }
      : {}),
    last: at(lastNumber),
  };
}

/**
 * The answer to a list request: the page's data, the included resources when given (absent when undefined, as
 * when no include was asked for), the links of this page and its neighbours, and meta with the list's total.
 */
export function pageDocument<D>(url: string, page: Page, list: ListExtent, data: D[]): PageDocument<D, never>;
export function pageDocument<D, I>(
  url: string,
  page: Page,
  list: ListExtent,
  data: D[],
  included: I[],
): PageDocument<D, I> & { included: I[] };
export function pageDocument<D, I>(
  url: string,
  page: Page,
  list: ListExtent,
  data: D[],
  included: I[] | undefined,
): PageDocument<D, I>;
export function pageDocument<D, I>(url: string, page: Page, list: ListExtent, data: D[], included?: I[]) {
  return listDocumentOf(data, listLinks(url, page, list.total, list.edges), list.total, included);
}

/** How many rows the whole list has, and where this page starts and ends when it pages by keyset. */
interface ListExtent {
  total: number;
  edges?: PageEdges;
}
type PageDocument<D, I> = ReturnType<typeof listDocumentOf<D, ReturnType<typeof listLinks>, I>>;
