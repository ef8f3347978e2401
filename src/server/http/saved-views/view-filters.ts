// A saved view's filters as its list parses them (the list's address search through list-query.ts), for the alerts
// worker's rules scoped to a view: handed to it by the composition root, since parsing an address is this layer's.
import { type SavedViewList, savedViewListQuery } from "../../../api/saved-views";
import type { ListFilterSpec } from "../../db/list-filters";
import type { ReferenceData } from "../../db/reference-data";
import { parseListFilters } from "../list-query";

/** The view's filters, or undefined when its list would now refuse its search (it then holds nothing). */
export function savedViewFilters(reference: ReferenceData) {
  return (view: { list: SavedViewList; search: Record<string, string> }): ListFilterSpec | undefined => {
    try {
      return parseListFilters(savedViewListQuery(view.list, view.search), reference);
    } catch {
      return undefined;
    }
  };
}
