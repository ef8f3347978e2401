// Scoping for batches that span accounts (the tracking engine's writes, the webhook fan-out's lookups): every id
// comes with the account it was read in, and a row is found only in that account, as a request's own reads are.
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** An id and the account it belongs to. */
export interface AccountRef {
  accountId: string;
  id: string;
}

/**
 * `column in (ids)`, and each row's account the one its id came with. The account check is a lookup in one JSON
 * parameter rather than a list of (account, id) pairs: a condition the planner cannot take an index for, so that
 * it keeps finding the rows through `column`'s index as it did without the check (a pair list would let it probe
 * an account's index instead, all of that account's rows).
 */
export function inOwnAccounts(accountColumn: PgColumn, column: PgColumn, refs: readonly AccountRef[]): SQL {
  const accountOf: Record<string, string> = {};
  for (const r of refs) accountOf[r.id] = r.accountId;
  return sql`${column} in ${Object.keys(accountOf)}
    and ${accountColumn} = (${JSON.stringify(accountOf)}::jsonb ->> ${column}::text)::uuid`;
}
