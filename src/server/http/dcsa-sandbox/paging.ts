// Paging of the sandbox publisher's lists as the DCSA standard has it: `limit` (100 by default and at most), an
// opaque `cursor`, and links to the other pages in headers. A cursor carries the world time the listing was made
// at, so that a client following Next-Page to the end reads one consistent list while the world moves on.

/** The yaml's default `limit`; it names no maximum, so a larger one is served in pages of this size. */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 100;

export interface PageCursor {
  /** World time (ms) of the listing. */
  at: number;
  offset: number;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseLimit(raw: string | undefined): Parsed<number> {
  if (raw === undefined) return { ok: true, value: DEFAULT_LIMIT };
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    return { ok: false, message: "limit must be a whole number of 1 or more" };
  return { ok: true, value: Math.min(Number(raw), MAX_LIMIT) };
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.offset]), "utf8").toString("base64url");
}

export function parseCursor(raw: string | undefined): Parsed<PageCursor | null> {
  if (raw === undefined) return { ok: true, value: null };
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
    )
      return { ok: true, value: { at: value[0] as number, offset: value[1] as number } };
  } catch {
    // Falls through to the answer below: the cursor was not one this publisher made.
  }
  return { ok: false, message: "cursor is not one this publisher gave: follow the page headers' links" };
}

export interface PageLinks {
  current: string;
  first: string;
  last: string;
  next: string | null;
  previous: string | null;
}

/** Links that repeat the request's filters with the cursor of each page. */
export function pageLinks(url: URL, page: PageCursor, limit: number, total: number): PageLinks {
  const at = (offset: number) => {
    const link = new URL(url);
    link.searchParams.set("cursor", encodeCursor({ at: page.at, offset }));
    link.searchParams.set("limit", String(limit));
    return link.toString();
  };
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  return {
    current: at(page.offset),
    first: at(0),
    last: at(lastOffset),
    next: page.offset + limit < total ? at(page.offset + limit) : null,
    previous: page.offset > 0 ? at(Math.max(0, page.offset - limit)) : null,
  };
}
