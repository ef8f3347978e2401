// A new tracking request's `initial_custom_fields`, stored with the request and applied when it becomes a
// shipment: values for the shipment are the request's own values of Shipment definitions (the carry-over in
// custom-field-values.ts copies them); values for its containers wait in staged_container_fields until the
// engine has written the shipment's containers, then go to the container of each number.
import { sql } from "drizzle-orm";
import type { Db } from "./connection";
import type { DefinitionRow } from "./custom-field-definitions";
import { type RequestBecame, requestsBecame, typedColumns } from "./custom-field-values";
import { customFieldValues, stagedContainerFields } from "./schema";

/** One staged value, checked against its definition by the caller. */
export interface StagedValue {
  definition: Pick<DefinitionRow, "id" | "dataType">;
  stored: unknown;
}

/** Stores a new request's initial fields in the caller's transaction (the one that inserts the request). */
export async function stageInitialFields(
  tx: Db,
  accountId: string,
  trackingRequestId: string,
  fields: { shipment: StagedValue[]; containers: (StagedValue & { number: string })[] },
  now: Date,
): Promise<void> {
  if (fields.shipment.length > 0)
    await tx
      .insert(customFieldValues)
      .values(
        fields.shipment.map((f) => ({
          accountId,
          definitionId: f.definition.id,
          entityType: "TrackingRequest",
          entityId: trackingRequestId,
          value: f.stored,
          ...typedColumns(f.definition.dataType, f.stored),
          createdAt: now,
          updatedAt: now,
        })),
      )
      // The same field twice in one body: the last one sent stands, as for a PATCH after a POST.
      .onConflictDoUpdate({
        target: [customFieldValues.accountId, customFieldValues.definitionId, customFieldValues.entityId],
        set: {
          value: sql`excluded.value`,
          textValue: sql`excluded.text_value`,
          numberValue: sql`excluded.number_value`,
          timeValue: sql`excluded.time_value`,
        },
      });
  if (fields.containers.length > 0)
    await tx
      .insert(stagedContainerFields)
      .values(
        fields.containers.map((f) => ({
          trackingRequestId,
          accountId,
          definitionId: f.definition.id,
          containerNumber: f.number,
          value: f.stored,
          ...typedColumns(f.definition.dataType, f.stored),
          createdAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          stagedContainerFields.trackingRequestId,
          stagedContainerFields.definitionId,
          stagedContainerFields.containerNumber,
        ],
        set: {
          value: sql`excluded.value`,
          textValue: sql`excluded.text_value`,
          numberValue: sql`excluded.number_value`,
          timeValue: sql`excluded.time_value`,
        },
      });
}

/**
 * Sets the staged container fields of requests that just became shipments on those shipments' containers of the
 * numbers given, in the engine's transaction, after the containers were written: one statement for the batch. A
 * container that already has a value of the field keeps it; a number the shipment does not hold sets nothing.
 */
export async function applyStagedContainerFields(
  tx: Db,
  pairs: readonly RequestBecame[],
  now: Date,
): Promise<void> {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into custom_field_values
      (account_id, definition_id, entity_type, entity_id, value, text_value, number_value, time_value, created_at, updated_at)
    select s.account_id, s.definition_id, 'Container', c.id, s.value, s.text_value, s.number_value, s.time_value,
      ${now}, ${now}
    from ${requestsBecame(pairs)}
    join staged_container_fields s on s.tracking_request_id = p.request_id and s.account_id = p.account_id
    join containers c on c.account_id = p.account_id and c.shipment_id = p.shipment_id
      and c.number = s.container_number
    on conflict (account_id, definition_id, entity_id) do nothing`);
}
