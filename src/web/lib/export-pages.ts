// Reads a whole list through the API, page after page (the largest pages it allows, following `links.next`), handing
// each page on as it arrives: what a CSV export of "the current filtered and sorted list, all pages" is made of.
// The API's keyset cursor in `links.next` keeps deep pages as cheap as the first.
import type { z } from "zod";
import { listDocument, PAGE_SIZE_MAX } from "../../api/json-api";
import { apiRequest, type QueryValue } from "./api-client";
import { getSession } from "./session";

export interface PagesProgress {
  /** Rows read so far. */
  done: number;
  /** Rows in the list, as the first page's `meta.total` said. */
  total: number;
}

/**
 * A `links.next` address as a path and query for apiRequest (which adds the base address itself); the base's own
 * path prefix, if the API sits under one, is taken off.
 */
export function nextRequest(next: string, baseUrl: string): { path: string; query: Record<string, string> } {
  const url = new URL(next, baseUrl || "http://localhost");
  const basePath = baseUrl ? new URL(baseUrl).pathname.replace(/\/+$/, "") : "";
  const path =
    basePath && url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
  return { path, query: Object.fromEntries(url.searchParams) };
}

/**
 * Calls `onPage` with each page's resources in the list's order, until the API lists no next page. Stops with an
 * AbortError when `signal` is aborted. A bound on the pages read (the first page's total, plus slack) keeps a server
 * that never ends its list from looping the browser.
 */
export async function readAllPages<R extends z.ZodType>(options: {
  path: string;
  query: Record<string, QueryValue>;
  resource: R;
  signal?: AbortSignal;
  /** Each page's resources, and the resources it included (`include=`), as the API gave them. */
  onPage: (
    data: z.output<R>[],
    progress: PagesProgress,
    included: readonly unknown[],
  ) => void | Promise<void>;
}): Promise<PagesProgress> {
  const schema = listDocument(options.resource);
  let request: { path: string; query: Record<string, QueryValue> } = {
    path: options.path,
    query: { ...options.query, "page[size]": PAGE_SIZE_MAX, "page[number]": 1 },
  };
  let done = 0;
  let total = 0;
  let maxPages = 1;
  for (let page = 1; page <= maxPages; page++) {
    options.signal?.throwIfAborted();
    const document = await apiRequest(request.path, { schema, query: request.query, signal: options.signal });
    if (page === 1) {
      total = document.meta.total;
      maxPages = Math.ceil(total / PAGE_SIZE_MAX) + 2;
    }
    done += document.data.length;
    await options.onPage(
      document.data as z.output<R>[],
      { done, total: Math.max(total, done) },
      document.included ?? [],
    );
    if (!document.links.next || document.data.length === 0) break;
    request = nextRequest(document.links.next, getSession()?.baseUrl ?? "");
  }
  return { done, total: Math.max(total, done) };
}
