// Parsing of page[number]/page[size] and the meta and links of a list document.
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../../api/json-api";
import { badParameter } from "./errors";

export interface Page {
  number: number;
  size: number;
  offset: number;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(raw) || Number.parseInt(raw, 10) < 1) {
    throw badParameter(name, `${name} must be a whole number of at least 1 (got '${raw}').`);
  }
  return Number.parseInt(raw, 10);
}

/**
 * Reads the page parameters; a page size over the maximum is clamped, as the hosted API does. A list whose items
 * are much smaller than usual (the fleet's compact vessels) may allow larger pages.
 */
export function parsePage(
  query: Record<string, string | undefined>,
  sizes: { default: number; max: number } = { default: PAGE_SIZE_DEFAULT, max: PAGE_SIZE_MAX },
): Page {
  const number = positiveInteger("page[number]", query["page[number]"], 1);
  const size = Math.min(positiveInteger("page[size]", query["page[size]"], sizes.default), sizes.max);
  if (number > 1_000_000) throw badParameter("page[number]", "page[number] must be at most 1000000.");
  return { number, size, offset: (number - 1) * size };
}

/** Full page addresses for a list: the request's own query with page[number] (and page[size]) replaced. */
export function listLinks(requestUrl: string, page: Page, total: number) {
  const lastNumber = Math.max(1, Math.ceil(total / page.size));
  const at = (n: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set("page[number]", String(n));
    url.searchParams.set("page[size]", String(page.size));
    return decodeURIComponent(url.toString());
  };
  return {
    self: decodeURIComponent(new URL(requestUrl).toString()),
    current: at(page.number),
    first: at(1),
    ...(page.number > 1 ? { prev: at(Math.min(page.number - 1, lastNumber)) } : {}),
    ...(page.number < lastNumber ? { next: at(page.number + 1) } : {}),
    last: at(lastNumber),
  };
}
