// A new tracking request's `initial_custom_fields` checked against the account's definitions before anything is
// stored: each api_slug names a definition of the entity its list is for (Shipment, Container), each value suits
// it (type, options, rules, a reference's record). Every refusal is a 422 at its entry, all named at once.
import type { InitialCustomFields } from "../../../api/initial-custom-fields";
import { attributePointer } from "../../../api/json-pointer";
import type { Db } from "../../db/connection";
import { type DefinitionRow, findDefinitionBySlug } from "../../db/custom-field-definitions";
import type { StagedValue } from "../../db/initial-custom-fields";
import { storedValue } from "../custom-fields/checks";
import { ApiError, type ErrorSpec, quote } from "../errors";

const ATTRIBUTE = "initial_custom_fields";

export interface CheckedInitialFields {
  shipment: StagedValue[];
  containers: (StagedValue & { number: string })[];
}

/** The fields as they will be stored, or a 422 naming every entry that is wrong. */
export async function checkInitialFields(
  db: Db,
  accountId: string,
  fields: InitialCustomFields,
): Promise<CheckedInitialFields> {
  const problems: ErrorSpec[] = [];
  // One look-up per slug: a bill of lading's boxes usually share their few fields.
  const definitions = new Map<string, Promise<DefinitionRow | undefined>>();
  const definitionOf = (entityType: "Shipment" | "Container", slug: string) => {
    const key = `${entityType}:${slug}`;
    if (!definitions.has(key)) definitions.set(key, findDefinitionBySlug(db, accountId, [entityType], slug));
    return definitions.get(key)!;
  };
  /** One entry as stored, or undefined with its problems noted. */
  async function entry(
    list: "shipment" | "containers",
    i: number,
    given: { apiSlug: string; value: unknown },
  ): Promise<StagedValue | undefined> {
    const entityType = list === "shipment" ? "Shipment" : "Container";
    const definition = await definitionOf(entityType, given.apiSlug);
    if (!definition) {
      problems.push({
        code: "not_found",
        detail: `No ${entityType} custom field has api_slug ${quote(given.apiSlug)}; GET /v2/custom_field_definitions?filter[entity_type]=${entityType} lists them.`,
        source: { pointer: attributePointer(ATTRIBUTE, list, i, "api_slug") },
      });
      return undefined;
    }
    try {
      const at = [ATTRIBUTE, list, i, "value"] as const;
      return { definition, stored: await storedValue(db, accountId, definition, given.value, "value", at) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push(...error.errors);
      return undefined;
    }
  }
  const checked: CheckedInitialFields = { shipment: [], containers: [] };
  for (const [i, given] of fields.shipment.entries()) {
    const staged = await entry("shipment", i, given);
    if (staged) checked.shipment.push(staged);
  }
  for (const [i, given] of fields.containers.entries()) {
    const staged = await entry("containers", i, given);
    if (staged) checked.containers.push({ ...staged, number: given.number });
  }
  if (problems.length > 0) throw new ApiError(422, problems);
  return checked;
}
