// `include=custom_fields` on shipments and containers (lists and single reads): each record's custom field values as
// included `custom_field` resources, with the display values people read, and the record's `custom_fields`
// relationship naming them (JSON:API's full linkage), so that a list shows its custom field columns from one answer.

import type { Db } from "../db/connection";
import { entitiesValues } from "../db/custom-field-values";
import type { Included } from "../resources/documents";
import { valueResources } from "./custom-fields/checks";

interface WithCustomFields {
  id: string;
  relationships: { custom_fields?: { data: { type: "custom_field"; id: string }[] } };
}

/** Adds the records' values to `included` and names them in each record's relationships. */
export async function includeCustomFields(
  db: Db,
  accountId: string,
  records: WithCustomFields[],
  included: Included,
): Promise<void> {
  const values = await entitiesValues(
    db,
    accountId,
    records.map((r) => r.id),
  );
  const byRecord = new Map<string, { type: "custom_field"; id: string }[]>();
  for (const resource of await valueResources(db, accountId, values)) {
    included.add(resource);
    const of = resource.relationships.entity.data.id;
    byRecord.set(of, [...(byRecord.get(of) ?? []), { type: "custom_field", id: resource.id }]);
  }
  for (const record of records) record.relationships.custom_fields = { data: byRecord.get(record.id) ?? [] };
}
