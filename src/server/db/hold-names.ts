// The hold names in force on an account's containers, for the attention summary's count per hold.
import { sql } from "drizzle-orm";
import type { Db } from "./connection";

/** Each name (as first spelled, in name order) of a hold that is on for one of the account's containers. */
export async function holdNamesOnHold(db: Db, accountId: string): Promise<string[]> {
  // The partial index of containers on hold finds them; names compare in any case, as filter[hold] does.
  const result = await db.execute(sql`
    select min(h->>'name') as name from containers c, jsonb_array_elements(c.holds_at_pod_terminal) h
    where c.account_id = ${accountId} and c.on_hold and h->>'status' = 'hold'
    group by lower(h->>'name') order by lower(h->>'name')`);
  // Both drivers answer { rows }; Drizzle's type for it differs by driver.
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}
