// How the dashboard writes its addresses' search: the router's own way (JSON for values that need it), except that
// the lists' `filter[name]` params are written as the API spells them, `filter[on_hold]=true&filter[eta_changed]=24`,
// with readable brackets, instead of `filter%5Bon_hold%5D=%22true%22`. The list schemas read those values back as
// text (the router parses `true` and `24` as a boolean and a number; list-filters.ts turns them into strings again).
import { defaultStringifySearch } from "@tanstack/react-router";

const isFilterParam = (key: string) => key.startsWith("filter[") && key.endsWith("]");

export function stringifySearch(search: Record<string, unknown>): string {
  const rest: Record<string, unknown> = {};
  const filters = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (isFilterParam(key) && typeof value === "string") filters.set(key, value);
    else rest[key] = value;
  }
  const base = defaultStringifySearch(rest);
  const extra = filters.toString();
  const joined = extra ? (base ? `${base}&${extra}` : `?${extra}`) : base;
  // Brackets are valid in a query and read back the same; an address a person reads should say what it filters.
  return joined.replaceAll("%5B", "[").replaceAll("%5D", "]");
}
