// Free time tariffs repository: an account's own demurrage and detention tariffs, read and written scoped by
// account, and the list the rule reads (the account's own, then the published ones they override).
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { type Tariff, type TariffsByLine, tariffsByLine } from "../../api/free-time";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { PUBLISHED_TARIFFS } from "./reference/free-time-tariffs";
import { freeTimeTariffs } from "./schema";

export type FreeTimeTariffRow = typeof freeTimeTariffs.$inferSelect;
export type FreeTimeTariffValues = Pick<
  FreeTimeTariffRow,
  | "scac"
  | "portLocode"
  | "terminal"
  | "equipmentLength"
  | "equipmentType"
  | "kind"
  | "countsFrom"
  | "freeDays"
  | "currency"
  | "tiers"
>;

/** An account can keep this many tariffs of its own: enough for every line, port and box it negotiated. */
export const OWN_TARIFFS_MAX = 500;

export function listOwnTariffs(db: Db, accountId: string): Promise<FreeTimeTariffRow[]> {
  return db
    .select()
    .from(freeTimeTariffs)
    .where(eq(freeTimeTariffs.accountId, accountId))
    .orderBy(asc(freeTimeTariffs.scac), asc(freeTimeTariffs.kind), asc(freeTimeTariffs.createdAt));
}

export async function getOwnTariff(
  db: Db,
  accountId: string,
  id: string,
): Promise<FreeTimeTariffRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(freeTimeTariffs)
    .where(and(eq(freeTimeTariffs.accountId, accountId), eq(freeTimeTariffs.id, id)));
  return row;
}

export async function countOwnTariffs(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(freeTimeTariffs)
    .where(eq(freeTimeTariffs.accountId, accountId));
  return row?.n ?? 0;
}

export async function createOwnTariff(
  db: Db,
  accountId: string,
  values: FreeTimeTariffValues,
  now: Date,
): Promise<FreeTimeTariffRow> {
  const [row] = await db
    .insert(freeTimeTariffs)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateOwnTariff(
  db: Db,
  accountId: string,
  id: string,
  values: FreeTimeTariffValues,
  now: Date,
): Promise<FreeTimeTariffRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(freeTimeTariffs)
    .set({ ...values, updatedAt: now })
    .where(and(eq(freeTimeTariffs.accountId, accountId), eq(freeTimeTariffs.id, id)))
    .returning();
  return row;
}

export async function deleteOwnTariff(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(freeTimeTariffs)
    .where(and(eq(freeTimeTariffs.accountId, accountId), eq(freeTimeTariffs.id, id)))
    .returning({ id: freeTimeTariffs.id });
  return rows.length > 0;
}

/** A stored row as the rule reads it. */
export function tariffOfRow(row: FreeTimeTariffRow): Tariff {
  return {
    id: row.id,
    source: "account",
    scac: row.scac,
    port_locode: row.portLocode,
    terminal: row.terminal,
    equipment_length: row.equipmentLength,
    equipment_type: row.equipmentType,
    kind: row.kind as Tariff["kind"],
    counts_from: row.countsFrom as Tariff["counts_from"],
    free_days: row.freeDays,
    currency: row.currency,
    tiers: row.tiers,
  };
}

/** The published tariffs grouped by line once, at start-up, rather than on every read of containers. */
const PUBLISHED_BY_LINE = tariffsByLine(PUBLISHED_TARIFFS);

/** The published tariffs alone, by line: what counts an account's containers before it enters any of its own. */
export const publishedTariffsByLine = (): TariffsByLine => PUBLISHED_BY_LINE;

/** The published tariffs with an account's own in front of them, line by line (its own win). */
function withOwn(own: readonly Tariff[]): TariffsByLine {
  if (own.length === 0) return PUBLISHED_BY_LINE;
  const byLine = new Map(PUBLISHED_BY_LINE);
  for (const [scac, tariffs] of tariffsByLine(own))
    byLine.set(scac, [...tariffs, ...(byLine.get(scac) ?? [])]);
  return byLine;
}

/**
 * Every tariff that can apply to the account's containers, by line: its own (which win), then the published ones.
 * A container's tariff is looked for among its line's alone (some 270 are published).
 */
export async function tariffsOfAccount(db: Db, accountId: string): Promise<TariffsByLine> {
  return withOwn((await listOwnTariffs(db, accountId)).map(tariffOfRow));
}

/**
 * The tariffs of several accounts at once (a webhook fan-out's batch spans accounts), in one statement: each
 * account's list as tariffsOfAccount reads it, its own in the same order.
 */
export async function tariffsOfAccounts(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, TariffsByLine>> {
  const ids = [...new Set(accountIds)];
  const own = new Map<string, Tariff[]>();
  if (ids.length > 0) {
    const rows = await db
      .select()
      .from(freeTimeTariffs)
      .where(inArray(freeTimeTariffs.accountId, ids))
      .orderBy(asc(freeTimeTariffs.scac), asc(freeTimeTariffs.kind), asc(freeTimeTariffs.createdAt));
    for (const row of rows) {
      const list = own.get(row.accountId);
      if (list) list.push(tariffOfRow(row));
      else own.set(row.accountId, [tariffOfRow(row)]);
    }
  }
  return new Map(ids.map((id) => [id, withOwn(own.get(id) ?? [])]));
}
