// Where the next page of `GET /v2/events` is, from the standard's `Next-Page` header ("a link to the next page").
// Carriers send either a whole link, which is followed only on the base URL's own origin (a link elsewhere could
// carry our credentials to another host), or only the cursor, which goes back as `?cursor=` on the events
// endpoint. The cursor alone: it carries the query and the page size (the yaml's example cursor decodes to
// `|Offset|=5&limit=5`), so neither the filter nor `limit` is sent again.
export type NextPage = { url: URL } | { refused: string };

export function nextPageUrl(header: string, baseUrl: string): NextPage {
  const base = new URL(baseUrl);
  const value = header.trim();
  // A link: absolute, or a path on the carrier's own host (some send `/v2/events?cursor=…`).
  const isLink = /^https?:\/\//i.test(value) || (value.startsWith("/") && value.includes("/v2/events"));
  if (!isLink) {
    const url = new URL(`${baseUrl}/v2/events`);
    url.searchParams.set("cursor", value);
    return { url };
  }
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return { refused: `the carrier's Next-Page header is not a readable link ('${value.slice(0, 100)}')` };
  }
  if (url.origin !== base.origin)
    return {
      refused: `the carrier's Next-Page link points to ${url.origin}, not to the connection's ${base.origin}; it was not followed`,
    };
  return { url };
}
