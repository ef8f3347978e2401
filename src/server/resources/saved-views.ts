// JSON:API resource of a saved view, as /v2/saved_views answers it: its name, list and search, with the /v2 list
// request that lists what it shows.
import { type SavedView, type SavedViewList, savedViewListPath } from "../../api/saved-views";
import type { SavedViewRow } from "../db/saved-views";

export function savedViewResource(row: SavedViewRow): SavedView {
  const list = row.list as SavedViewList;
  return {
    id: row.id,
    type: "saved_view",
    attributes: {
      name: row.name,
      list,
      search: row.search,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    links: { self: `/v2/saved_views/${row.id}`, list: savedViewListPath(list, row.search) },
  };
}
