// Which of some containers and shipments a saved view's list holds now: the view's filters as the list's own
// conditions (list-filters.ts), narrowed to the ids asked about, so that an alert rule scoped to a view tells of
// exactly what the view would show. A containers view holds boxes (and a shipment when one of its boxes is in it);
// a shipments view holds shipments (and every box of one).
import { and, inArray, or } from "drizzle-orm";
import type { SavedViewList } from "../../api/saved-views";
import type { Db } from "./connection";
import {
  containerListCondition,
  type FilterClock,
  type ListFilterSpec,
  shipmentListCondition,
  withSearchPlaces,
} from "./list-filters";
import { containers, shipments } from "./schema";

export interface ViewMembers {
  /** Boxes the view holds (a shipments view: none listed, see `shipments`). */
  containers: Set<string>;
  /** Shipments the view holds, or (a containers view) with a box it holds. */
  shipments: Set<string>;
}

/** Of the containers and shipments asked about (all of the account or not), those the view holds. */
export async function viewMembers(
  db: Db,
  accountId: string,
  list: SavedViewList,
  filters: ListFilterSpec,
  clock: FilterClock,
  asked: { containerIds: string[]; shipmentIds: string[] },
): Promise<ViewMembers> {
  const found: ViewMembers = { containers: new Set(), shipments: new Set() };
  const spec = await withSearchPlaces(db, filters, { accountId, clock });
  if (list === "containers") {
    const anyOf = [
      asked.containerIds.length > 0 ? inArray(containers.id, asked.containerIds) : undefined,
      asked.shipmentIds.length > 0 ? inArray(containers.shipmentId, asked.shipmentIds) : undefined,
    ].filter((c) => c !== undefined);
    if (anyOf.length === 0) return found;
    const rows = await db
      .select({ id: containers.id, shipmentId: containers.shipmentId })
      .from(containers)
      .where(and(containerListCondition(accountId, spec, clock), or(...anyOf)));
    for (const r of rows) {
      found.containers.add(r.id);
      found.shipments.add(r.shipmentId);
    }
    return found;
  }
  if (asked.shipmentIds.length === 0) return found;
  const rows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(shipmentListCondition(accountId, spec, clock), inArray(shipments.id, asked.shipmentIds)));
  for (const r of rows) found.shipments.add(r.id);
  return found;
}
