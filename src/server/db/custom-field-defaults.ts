// Custom fields' default values, set on records as they are created: a definition with a `default_value` gives it
// to each new record of its entity type (a tracking request made through the API, a shipment and its containers
// written by the engine, a container a carrier adds to a tracked shipment later). Only at creation: records that
// existed before the definition or its default keep what they have, and a value a record was given (its request's
// fields, carried over, or `initial_custom_fields`) stands, since defaults are written last and never overwrite.
import { type SQL, sql } from "drizzle-orm";
import type { CustomFieldEntityType } from "../../api/custom-field-values";
import type { Db } from "./connection";
import { type RequestBecame, requestsBecame } from "./custom-field-values";

/**
 * The typed copy of a definition's default in SQL, as typedColumns makes it of a value: text for short text, enum,
 * reference and boolean ('true' / 'false'), a number, a moment for a date (its midnight UTC) or date-time; none for
 * a multiple choice.
 */
const TYPED = sql`
  case when d.data_type in ('short_text', 'enum', 'reference', 'boolean') then d.default_value #>> '{}' end,
  case when d.data_type = 'number' then (d.default_value #>> '{}')::double precision end,
  case d.data_type
    when 'date' then ((d.default_value #>> '{}') || 'T00:00:00Z')::timestamptz
    when 'datetime' then (d.default_value #>> '{}')::timestamptz
  end`;

/** Inserts the defaults of `entityType`'s definitions for the records `records` selects as `r(account_id, id)`. */
async function insertDefaults(
  tx: Db,
  entityType: CustomFieldEntityType,
  records: SQL,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, text_value, number_value, time_value, created_at, updated_at)
    select d.account_id, d.id, ${entityType}, r.id, d.default_value, ${TYPED}, ${now}, ${now}
    from (${records}) r
    join custom_field_definitions d on d.account_id = r.account_id and d.entity_type = ${entityType}
    where d.default_value is not null and jsonb_typeof(d.default_value) <> 'null'
    on conflict (account_id, definition_id, entity_id) do nothing`);
}

/** A new tracking request's defaults (its TrackingRequest definitions'), in the transaction that inserts it. */
export async function applyRequestDefaults(tx: Db, accountId: string, requestId: string, now: Date) {
  await insertDefaults(
    tx,
    "TrackingRequest",
    sql`select ${accountId}::uuid as account_id, ${requestId}::uuid as id`,
    now,
  );
}

/**
 * The defaults of shipments the engine just made of tracking requests, and of their containers, after the
 * requests' own fields were carried over and staged container fields set (those stand).
 */
export async function applyNewShipmentDefaults(tx: Db, pairs: readonly RequestBecame[], now: Date) {
  if (pairs.length === 0) return;
  await insertDefaults(
    tx,
    "Shipment",
    sql`select p.account_id, p.shipment_id as id from ${requestsBecame(pairs)}`,
    now,
  );
  await insertDefaults(
    tx,
    "Container",
    sql`select c.account_id, c.id from ${requestsBecame(pairs)}
      join containers c on c.shipment_id = p.shipment_id and c.account_id = p.account_id`,
    now,
  );
}

/** The defaults of containers a carrier added to shipments already tracked. */
export async function applyNewContainerDefaults(
  tx: Db,
  added: readonly { accountId: string; id: string }[],
  now: Date,
) {
  if (added.length === 0) return;
  await insertDefaults(
    tx,
    "Container",
    sql`select * from unnest(${sql.param(added.map((c) => c.accountId))}::uuid[],
      ${sql.param(added.map((c) => c.id))}::uuid[]) as r(account_id, id)`,
    now,
  );
}
