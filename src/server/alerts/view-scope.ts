// Rules scoped to a saved view: which views hold each alert's container or shipment when the change is read. The
// view's search is parsed as its list parses it (the parser is handed in by the composition root: it belongs to
// the HTTP layer), then asked of the database with the list's own conditions. A view deleted, or whose search its
// list no longer takes, holds nothing: its rules are quiet until the person points them elsewhere.
import type { SavedViewList } from "../../api/saved-views";
import type { AlertFacts, LiveRule } from "../db/alerts";
import type { Db } from "../db/connection";
import type { ListFilterSpec } from "../db/list-filters";
import { savedViewsByIds } from "../db/saved-views";
import { viewMembers } from "../db/view-members";

/**
 * A view's filters as its list reads them (its custom field filters against its account's definitions); undefined
 * when its list would refuse its search.
 */
export type ViewFilters = (
  db: Db,
  view: { accountId: string; list: SavedViewList; search: Record<string, string> },
) => Promise<ListFilterSpec | undefined>;

/**
 * Sets `views` on each fact: the saved views (of the rules' scopes) that hold its container (a shipment's fact: its
 * shipment). Reads one query per view, one after another (a transaction's one connection).
 */
export async function markViews(
  db: Db,
  rules: LiveRule[],
  facts: AlertFacts[],
  viewFilters: ViewFilters,
  now: Date,
): Promise<void> {
  const viewIds = [
    ...new Set(rules.flatMap((r) => (r.scope.type === "saved_view" && r.scope.id ? [r.scope.id] : []))),
  ];
  if (viewIds.length === 0 || facts.length === 0) return;
  const asked = {
    containerIds: [...new Set(facts.flatMap((f) => (f.containerId ? [f.containerId] : [])))],
    shipmentIds: [...new Set(facts.flatMap((f) => (f.shipmentId ? [f.shipmentId] : [])))],
  };
  for (const view of await savedViewsByIds(db, viewIds)) {
    const list = view.list as SavedViewList;
    const filters = await viewFilters(db, { accountId: view.accountId, list, search: view.search });
    if (!filters) continue;
    const held = await viewMembers(db, view.accountId, list, filters, { now }, asked);
    for (const f of facts) {
      const inView =
        list === "containers" && f.containerId
          ? held.containers.has(f.containerId)
          : f.shipmentId !== null && held.shipments.has(f.shipmentId);
      if (!inView) continue;
      f.views ??= new Set();
      f.views.add(view.id);
    }
  }
}
