// The vessels a container's pages name, as one account sees them: every vessel by id, and whether the account may
// see where it is. A vessel that carries (or carried) the account's cargo shows its position; one the cargo is
// only booked on goes out without it. The route, the map and the event lists apply this one rule.

import type { Db } from "../db/connection";
import { getVessels, type VesselRow, visibleVesselIds } from "../db/vessels";

export interface AccountVessels {
  /** The vessels by id, in the order the ids first name them. */
  vessels: Map<string, VesselRow>;
  /** The ids of those whose position the account may see. */
  visible: Set<string>;
}

export async function accountVessels(
  db: Db,
  accountId: string,
  ids: readonly (string | null)[],
): Promise<AccountVessels> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const [rows, visible] = await Promise.all([
    getVessels(db, wanted),
    visibleVesselIds(db, accountId, wanted),
  ]);
  const byId = new Map(rows.map((v) => [v.id, v]));
  const vessels = new Map<string, VesselRow>();
  for (const id of wanted) {
    const vessel = byId.get(id);
    if (vessel) vessels.set(id, vessel);
  }
  return { vessels, visible };
}
