// Custom field values, every read and write scoped by account: an entity's fields, the account's list, one value's
// writes (each keeping the typed copy lists filter and sort by), and the carry-over of a tracking request's fields
// to the shipment it became, inside the engine's transaction.
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  CustomFieldDataType,
  CustomFieldEntityType,
  CustomFieldReferenceType,
} from "../../api/custom-field-values";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import type { DefinitionRow } from "./custom-field-definitions";
import {
  containers,
  customFieldDefinitions,
  customFieldValues,
  parties,
  shipments,
  trackingRequests,
} from "./schema";

export type ValueRow = typeof customFieldValues.$inferSelect;
export interface ValueRecord {
  value: ValueRow;
  definition: DefinitionRow;
}

const TABLES = {
  Shipment: shipments,
  Container: containers,
  TrackingRequest: trackingRequests,
  Party: parties,
} as const;

/** Whether the account has that record (another account's id is as unknown as a made-up one). */
export async function recordExists(
  db: Db,
  accountId: string,
  type: CustomFieldEntityType | CustomFieldReferenceType,
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const table = TABLES[type];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.id, id)));
  return row !== undefined;
}

/** The typed copy of a stored value that lists filter and sort by (schema.ts says which column takes which type). */
export function typedColumns(dataType: CustomFieldDataType, stored: unknown) {
  const none = { textValue: null, numberValue: null, timeValue: null };
  switch (dataType) {
    case "short_text":
    case "enum":
    case "reference":
      return { ...none, textValue: String(stored) };
    case "boolean":
      return { ...none, textValue: stored ? "true" : "false" };
    case "number":
      return { ...none, numberValue: stored as number };
    case "date":
      return { ...none, timeValue: new Date(`${stored as string}T00:00:00Z`) };
    case "datetime":
      return { ...none, timeValue: new Date(stored as string) };
    case "enum_multi":
      return none;
  }
}

function withDefinitions(
  rows: { value: ValueRow; definition: typeof customFieldDefinitions.$inferSelect }[],
) {
  return rows as ValueRecord[];
}

const joined = (db: Db) =>
  db
    .select({ value: customFieldValues, definition: customFieldDefinitions })
    .from(customFieldValues)
    .innerJoin(
      customFieldDefinitions,
      and(
        eq(customFieldDefinitions.id, customFieldValues.definitionId),
        eq(customFieldDefinitions.accountId, customFieldValues.accountId),
      ),
    );

/** A record's fields, in the order their definitions were made. */
export async function entityValues(db: Db, accountId: string, entityId: string): Promise<ValueRecord[]> {
  if (!isUuid(entityId)) return [];
  const rows = await joined(db)
    .where(and(eq(customFieldValues.accountId, accountId), eq(customFieldValues.entityId, entityId)))
    .orderBy(asc(customFieldDefinitions.createdAt), asc(customFieldDefinitions.id));
  return withDefinitions(rows);
}

/**
 * The fields of a page of records (a list's `include=custom_fields`), each record's in the order its definitions
 * were made: one read of the index by account and record.
 */
export async function entitiesValues(db: Db, accountId: string, entityIds: string[]): Promise<ValueRecord[]> {
  const valid = entityIds.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await joined(db)
    .where(and(eq(customFieldValues.accountId, accountId), inArray(customFieldValues.entityId, valid)))
    .orderBy(asc(customFieldDefinitions.createdAt), asc(customFieldDefinitions.id));
  return withDefinitions(rows);
}

export async function getValue(db: Db, accountId: string, id: string): Promise<ValueRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await joined(db).where(
    and(eq(customFieldValues.accountId, accountId), eq(customFieldValues.id, id)),
  );
  return row ? withDefinitions([row])[0] : undefined;
}

export async function findEntityValue(
  db: Db,
  accountId: string,
  entityId: string,
  definitionId: string,
): Promise<ValueRecord | undefined> {
  if (!isUuid(entityId)) return undefined;
  const [row] = await joined(db).where(
    and(
      eq(customFieldValues.accountId, accountId),
      eq(customFieldValues.definitionId, definitionId),
      eq(customFieldValues.entityId, entityId),
    ),
  );
  return row ? withDefinitions([row])[0] : undefined;
}

/** GET /v2/custom_fields: the account's values, oldest first, filtered by kind of record, record or definition. */
export async function listValues(
  db: Db,
  accountId: string,
  filter: { entityType?: CustomFieldEntityType; entityId?: string; definitionId?: string },
  page: { size: number; offset: number },
): Promise<{ rows: ValueRecord[]; total: number }> {
  const conditions: SQL[] = [eq(customFieldValues.accountId, accountId)];
  if (filter.entityType) conditions.push(eq(customFieldValues.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(customFieldValues.entityId, filter.entityId));
  if (filter.definitionId) conditions.push(eq(customFieldValues.definitionId, filter.definitionId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(asc(customFieldValues.createdAt), asc(customFieldValues.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(customFieldValues).where(where),
  ]);
  return { rows: withDefinitions(rows), total: counted?.n ?? 0 };
}

/**
 * Sets a value on a record; undefined when the record already has a value of that definition. The record's kind
 * is its own: a tracking request may hold a value of a Shipment definition, for the shipment it becomes.
 */
export async function createValue(
  db: Db,
  accountId: string,
  definition: DefinitionRow,
  entity: { type: CustomFieldEntityType; id: string },
  stored: unknown,
  now: Date,
): Promise<ValueRecord | undefined> {
  const [row] = await db
    .insert(customFieldValues)
    .values({
      accountId,
      definitionId: definition.id,
      entityType: entity.type,
      entityId: entity.id,
      value: stored,
      ...typedColumns(definition.dataType, stored),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ? { value: row, definition } : undefined;
}

export async function updateValue(
  db: Db,
  accountId: string,
  record: ValueRecord,
  stored: unknown,
  now: Date,
): Promise<ValueRecord | undefined> {
  const [row] = await db
    .update(customFieldValues)
    .set({ value: stored, ...typedColumns(record.definition.dataType, stored), updatedAt: now })
    .where(and(eq(customFieldValues.accountId, accountId), eq(customFieldValues.id, record.value.id)))
    .returning();
  return row ? { value: row, definition: record.definition } : undefined;
}

export async function deleteValue(db: Db, accountId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(customFieldValues)
    .where(and(eq(customFieldValues.accountId, accountId), eq(customFieldValues.id, id)))
    .returning({ id: customFieldValues.id });
  return rows.length > 0;
}

/** Tracking requests and the shipments they just became, in the engine's batch. */
export type RequestBecame = { accountId: string; trackingRequestId: string; shipmentId: string };

/** The batch as a table `p(account_id, request_id, shipment_id)`, for one statement to join. */
export function requestsBecame(pairs: readonly RequestBecame[]): SQL {
  return sql`unnest(${sql.param(pairs.map((p) => p.accountId))}::uuid[],
                ${sql.param(pairs.map((p) => p.trackingRequestId))}::uuid[],
                ${sql.param(pairs.map((p) => p.shipmentId))}::uuid[]) as p(account_id, request_id, shipment_id)`;
}

/**
 * Carries tracking requests' custom fields over to the shipments they became, in the caller's transaction, in one
 * statement for the batch: a value of a Shipment definition (set on the request before the shipment existed) is
 * copied as it is; a value of a TrackingRequest definition is copied to the account's Shipment definition of the
 * same api_slug, data type and reference type, when there is one with no rules or the same rules (an enum's value
 * only when that definition has the option). A shipment that already has a value of the definition keeps it.
 */
export async function carryOverToShipments(
  tx: Db,
  pairs: readonly RequestBecame[],
  now: Date,
): Promise<void> {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, text_value, number_value, time_value, created_at, updated_at)
    select v.account_id, target.id, 'Shipment', p.shipment_id, v.value, v.text_value, v.number_value, v.time_value,
      ${now}, ${now}
    from ${requestsBecame(pairs)}
    join custom_field_values v on v.account_id = p.account_id and v.entity_id = p.request_id
      and v.entity_type = 'TrackingRequest'
    join custom_field_definitions source on source.account_id = v.account_id and source.id = v.definition_id
    join custom_field_definitions target on target.account_id = v.account_id and target.entity_type = 'Shipment'
      and (target.id = source.id
        or (source.entity_type = 'TrackingRequest' and target.api_slug = source.api_slug
            and target.data_type = source.data_type
            and target.reference_type is not distinct from source.reference_type
            -- A value is never stored against rules it was not checked by: the target has none, or the same.
            and (target.validation is null or target.validation = source.validation)))
    where source.data_type not in ('enum', 'enum_multi') or target.id = source.id
      or not exists (
        select 1 from jsonb_array_elements_text(
          case jsonb_typeof(v.value) when 'array' then v.value else jsonb_build_array(v.value) end) as item(value)
        where not exists (
          select 1 from custom_field_options o where o.definition_id = target.id and o.value = item.value))
    on conflict (account_id, definition_id, entity_id) do nothing`);
}
