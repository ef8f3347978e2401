// A saved view's filters as its list parses them (the list's address search through list-query.ts and its custom
// field filters against the account's definitions), for the alerts
// worker's rules scoped to a view: handed to it by the composition root, since parsing an address is this layer's.
import { type SavedViewList, savedViewListQuery } from "../../../api/saved-views";
import type { Db } from "../../db/connection";
import type { ListFilterSpec } from "../../db/list-filters";
import type { ReferenceData } from "../../db/reference-data";
import { parseCustomFieldFilters } from "../custom-field-filters";
import { ApiError } from "../errors";
import { parseListFilters } from "../list-query";

/** The view's filters, or undefined when its list would now refuse its search (it then holds nothing). */
export function savedViewFilters(reference: ReferenceData) {
  return async (
    db: Db,
    view: { accountId: string; list: SavedViewList; search: Record<string, string> },
  ): Promise<ListFilterSpec | undefined> => {
    try {
      const query = savedViewListQuery(view.list, view.search);
      const filters = parseListFilters(query, reference);
      const entityType = view.list === "shipments" ? "Shipment" : "Container";
      const customFields = await parseCustomFieldFilters(db, view.accountId, entityType, query);
      return customFields ? { ...filters, customFields } : filters;
    } catch (error) {
      // A filter the list now refuses (a custom field deleted since the view was saved): the view holds nothing.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  };
}
