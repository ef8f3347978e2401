// Custom field definitions and their options, every read and write scoped by account. A duplicate api_slug (per
// account and kind of record) or option value (per definition) is told by a result, not by a failed statement,
// so that a caller's transaction stays usable.
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CustomFieldDataType, CustomFieldEntityType } from "../../api/custom-field-values";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { customFieldDefinitions, customFieldOptions, customFieldValues } from "./schema";

export type DefinitionRow = typeof customFieldDefinitions.$inferSelect & {
  entityType: CustomFieldEntityType;
  dataType: CustomFieldDataType;
};
export type OptionRow = typeof customFieldOptions.$inferSelect;
export type NewDefinition = Omit<
  typeof customFieldDefinitions.$inferInsert,
  "id" | "accountId" | "createdAt" | "updatedAt"
>;

const asDefinition = (row: typeof customFieldDefinitions.$inferSelect) => row as DefinitionRow;

export async function listDefinitions(
  db: Db,
  accountId: string,
  filter: { entityType?: string; dataType?: string; displayName?: string },
  page: { size: number; offset: number },
): Promise<{ rows: DefinitionRow[]; total: number }> {
  const conditions: SQL[] = [eq(customFieldDefinitions.accountId, accountId)];
  if (filter.entityType) conditions.push(eq(customFieldDefinitions.entityType, filter.entityType));
  if (filter.dataType) conditions.push(eq(customFieldDefinitions.dataType, filter.dataType));
  if (filter.displayName)
    conditions.push(
      sql`lower(${customFieldDefinitions.displayName}) like ${`${filter.displayName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  const where = and(...conditions);
  // An account has at most a few hundred definitions: the (account, created) index orders them, the count is small.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(customFieldDefinitions)
      .where(where)
      .orderBy(asc(customFieldDefinitions.createdAt), asc(customFieldDefinitions.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(customFieldDefinitions).where(where),
  ]);
  return { rows: rows.map(asDefinition), total: counted?.n ?? 0 };
}

export async function getDefinitions(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<DefinitionRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.accountId, accountId), inArray(customFieldDefinitions.id, valid)));
  return rows.map(asDefinition);
}

export async function getDefinition(
  db: Db,
  accountId: string,
  id: string,
): Promise<DefinitionRow | undefined> {
  return (await getDefinitions(db, accountId, [id]))[0];
}

/** The account's definition of that slug for the first of the kinds of record (in their order) that has one. */
export async function findDefinitionBySlug(
  db: Db,
  accountId: string,
  entityTypes: readonly CustomFieldEntityType[],
  apiSlug: string,
): Promise<DefinitionRow | undefined> {
  const rows = await db
    .select()
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.accountId, accountId),
        inArray(customFieldDefinitions.entityType, [...entityTypes]),
        eq(customFieldDefinitions.apiSlug, apiSlug),
      ),
    );
  return entityTypes.map((t) => rows.find((r) => r.entityType === t)).find((r) => r !== undefined) as
    | DefinitionRow
    | undefined;
}

export async function countDefinitions(db: Db, accountId: string, entityType: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customFieldDefinitions)
    .where(
      and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.entityType, entityType)),
    );
  return row?.n ?? 0;
}

/** Creates a definition; undefined when the account has one of that slug for that kind of record. */
export async function createDefinition(
  db: Db,
  accountId: string,
  values: NewDefinition,
  now: Date,
): Promise<DefinitionRow | undefined> {
  const [row] = await db
    .insert(customFieldDefinitions)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ? asDefinition(row) : undefined;
}

export async function updateDefinition(
  db: Db,
  accountId: string,
  id: string,
  changes: Partial<
    Pick<NewDefinition, "displayName" | "description" | "validation" | "defaultFormat" | "defaultValue">
  >,
  now: Date,
): Promise<DefinitionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(customFieldDefinitions)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.id, id)))
    .returning();
  return row ? asDefinition(row) : undefined;
}

/** Deletes a definition with its options and values (by the foreign keys' cascade). */
export async function deleteDefinition(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(customFieldDefinitions)
    .where(and(eq(customFieldDefinitions.accountId, accountId), eq(customFieldDefinitions.id, id)))
    .returning({ id: customFieldDefinitions.id });
  return rows.length > 0;
}

// ---- Options ----

const optionOrder = [asc(customFieldOptions.position), asc(customFieldOptions.id)];

/** The options of the account's definitions, each definition's in position order. */
export async function listOptions(
  db: Db,
  accountId: string,
  definitionIds: readonly string[],
): Promise<OptionRow[]> {
  const valid = definitionIds.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(customFieldOptions)
    .where(and(eq(customFieldOptions.accountId, accountId), inArray(customFieldOptions.definitionId, valid)))
    .orderBy(asc(customFieldOptions.definitionId), ...optionOrder);
}

export async function getOption(
  db: Db,
  accountId: string,
  definitionId: string,
  id: string,
): Promise<OptionRow | undefined> {
  if (!isUuid(id) || !isUuid(definitionId)) return undefined;
  const [row] = await db
    .select()
    .from(customFieldOptions)
    .where(
      and(
        eq(customFieldOptions.accountId, accountId),
        eq(customFieldOptions.definitionId, definitionId),
        eq(customFieldOptions.id, id),
      ),
    );
  return row;
}

/**
 * Puts the definition's options in order (the moved one at `position`, others in their order around it) and
 * numbers them 0, 1, 2… in one statement: a definition has a few hundred options at most.
 */
async function renumber(
  tx: Db,
  accountId: string,
  definitionId: string,
  moved?: { id: string; position: number },
) {
  const rows = await tx
    .select({ id: customFieldOptions.id })
    .from(customFieldOptions)
    .where(
      and(eq(customFieldOptions.accountId, accountId), eq(customFieldOptions.definitionId, definitionId)),
    )
    .orderBy(...optionOrder);
  const ids = rows.map((r) => r.id).filter((id) => id !== moved?.id);
  if (moved) ids.splice(Math.min(moved.position, ids.length), 0, moved.id);
  if (ids.length === 0) return;
  await tx.execute(sql`update custom_field_options o set position = (v.position - 1)::int
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as v(id, position)
    where o.id = v.id and o.account_id = ${accountId} and o.position is distinct from (v.position - 1)::int`);
}

/** Adds an option (at the end without a position); undefined when the definition has one of that value. */
export async function createOption(
  db: Db,
  accountId: string,
  definitionId: string,
  values: { label: string; value: string; position: number | null },
  now: Date,
): Promise<OptionRow | undefined> {
  return db.transaction(async (tx) => {
    // Options of one definition are numbered one writer at a time.
    await tx.execute(sql`select 1 from custom_field_definitions where id = ${definitionId} for update`);
    const [row] = await tx
      .insert(customFieldOptions)
      .values({
        accountId,
        definitionId,
        label: values.label,
        value: values.value,
        position: 1_000_000,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await renumber(tx, accountId, definitionId, {
      id: row.id,
      position: values.position ?? Number.MAX_SAFE_INTEGER,
    });
    return getOption(tx, accountId, definitionId, row.id);
  });
}

export async function updateOption(
  db: Db,
  accountId: string,
  definitionId: string,
  id: string,
  changes: { label?: string; position?: number | null },
  now: Date,
): Promise<OptionRow | undefined> {
  if (!isUuid(id) || !isUuid(definitionId)) return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from custom_field_definitions where id = ${definitionId} for update`);
    const [row] = await tx
      .update(customFieldOptions)
      .set({ ...(changes.label !== undefined ? { label: changes.label } : {}), updatedAt: now })
      .where(
        and(
          eq(customFieldOptions.accountId, accountId),
          eq(customFieldOptions.definitionId, definitionId),
          eq(customFieldOptions.id, id),
        ),
      )
      .returning();
    if (!row) return undefined;
    if (changes.position !== undefined)
      await renumber(tx, accountId, definitionId, {
        id,
        position: changes.position ?? Number.MAX_SAFE_INTEGER,
      });
    return getOption(tx, accountId, definitionId, id);
  });
}

export async function deleteOption(
  db: Db,
  accountId: string,
  definitionId: string,
  id: string,
): Promise<boolean> {
  if (!isUuid(id) || !isUuid(definitionId)) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(customFieldOptions)
      .where(
        and(
          eq(customFieldOptions.accountId, accountId),
          eq(customFieldOptions.definitionId, definitionId),
          eq(customFieldOptions.id, id),
        ),
      )
      .returning({ id: customFieldOptions.id });
    if (rows.length) await renumber(tx, accountId, definitionId);
    return rows.length > 0;
  });
}

/** How many records of the account have this option's value set (an enum's, or among an enum_multi's). */
export async function optionUses(
  db: Db,
  accountId: string,
  definitionId: string,
  value: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customFieldValues)
    .where(
      and(
        eq(customFieldValues.accountId, accountId),
        eq(customFieldValues.definitionId, definitionId),
        sql`(${customFieldValues.value} = to_jsonb(${value}::text) or ${customFieldValues.value} @> jsonb_build_array(${value}::text))`,
      ),
    );
  return row?.n ?? 0;
}
