// What custom field requests are checked against before anything is stored: a definition's attributes for its data
// type, and a value against its definition (its options, its rules, a reference's record), each refusal a 422
// whose pointer names the attribute (and the rule or list item) that was wrong. Also the documents of values,
// with their options' labels for display_value.
import {
  apiSlugProblem,
  CUSTOM_FIELD_ENTITY_TYPES,
  CUSTOM_FIELD_REFERENCE_TYPES,
  type CustomFieldDataType,
  type CustomFieldEntityType,
  type CustomFieldReferenceType,
  checkValidation,
  checkValue,
  defaultFormatProblem,
  ENTITY_TYPE_OF,
} from "../../../api/custom-field-values";
import type { DefinitionCreateBody, DefinitionEditBody } from "../../../api/custom-fields";
import { attributePointer } from "../../../api/json-pointer";
import type { Db } from "../../db/connection";
import { type DefinitionRow, listOptions, type NewDefinition } from "../../db/custom-field-definitions";
import { recordExists, type ValueRecord } from "../../db/custom-field-values";
import { labelsByDefinition, valueResource } from "../../resources/custom-fields";
import { badParameter, invalidAttribute } from "../errors";

const ENUMS: readonly CustomFieldDataType[] = ["enum", "enum_multi"];
export const isEnum = (dataType: CustomFieldDataType) => ENUMS.includes(dataType);

type CreateAttributes = DefinitionCreateBody["data"]["attributes"];
type EditAttributes = DefinitionEditBody["data"]["attributes"];

/** filter[entity_type]: `Shipment`, or the resource type (`shipment`) that the records' relationships name. */
export function entityTypeFilter(given: string | undefined): CustomFieldEntityType | undefined {
  // An empty value is refused like any other word the document does not list, as the other lists' filters are.
  if (given === undefined) return undefined;
  const type = (CUSTOM_FIELD_ENTITY_TYPES as readonly string[]).includes(given)
    ? (given as CustomFieldEntityType)
    : Object.hasOwn(ENTITY_TYPE_OF, given)
      ? ENTITY_TYPE_OF[given]
      : undefined;
  if (!type)
    throw badParameter(
      "filter[entity_type]",
      "filter[entity_type] must be Shipment, Container or TrackingRequest.",
    );
  return type;
}

export function checkedSlug(slug: string): string {
  const problem = apiSlugProblem(slug);
  if (problem) throw invalidAttribute(attributePointer("api_slug"), problem);
  return slug;
}

function checkedRules(dataType: CustomFieldDataType, validation: unknown) {
  const checked = checkValidation(dataType, validation);
  if (!checked.ok)
    throw invalidAttribute(attributePointer("validation", ...checked.problem.below), checked.problem.detail);
  return checked.value;
}

function checkedFormat(dataType: CustomFieldDataType, format: string | null | undefined) {
  const problem = defaultFormatProblem(dataType, format ?? null);
  if (problem) throw invalidAttribute(attributePointer("default_format"), problem);
  return format ?? null;
}

/**
 * A value for a definition, as stored: checked, with its options and its reference's record. A refusal points at
 * `attribute`, or at `at` (the path below /data/attributes) when the value sits deeper in the body.
 */
export async function storedValue(
  db: Db,
  accountId: string,
  definition: Pick<DefinitionRow, "id" | "dataType" | "validation" | "referenceType">,
  value: unknown,
  attribute: "value" | "default_value" = "value",
  at: readonly [string, ...PropertyKey[]] = [attribute],
): Promise<unknown> {
  const options = isEnum(definition.dataType)
    ? (await listOptions(db, accountId, [definition.id])).map((o) => o.value)
    : undefined;
  const checked = checkValue(
    {
      dataType: definition.dataType,
      validation: definition.validation ?? null,
      ...(options ? { options } : {}),
    },
    value,
  );
  if (!checked.ok)
    throw invalidAttribute(
      attributePointer(...at, ...checked.problem.below),
      checked.problem.detail.replace(/^value\b/, attribute),
    );
  if (definition.dataType === "reference") {
    const type = definition.referenceType as CustomFieldReferenceType;
    if (!(await recordExists(db, accountId, type, checked.value as string)))
      throw invalidAttribute(
        attributePointer(...at),
        `${attribute} must be the id of a ${type} of this account; there is none with that id.`,
        "not_found",
      );
  }
  return checked.value;
}

/** The attributes of a new definition, checked for its data type. */
export async function newDefinition(db: Db, accountId: string, a: CreateAttributes): Promise<NewDefinition> {
  const dataType = a.data_type;
  const referenceType = a.reference_type ?? null;
  if (dataType === "reference") {
    if (!referenceType || !(CUSTOM_FIELD_REFERENCE_TYPES as readonly string[]).includes(referenceType))
      throw invalidAttribute(
        attributePointer("reference_type"),
        `A reference field needs reference_type, one of ${CUSTOM_FIELD_REFERENCE_TYPES.join(", ")}.`,
      );
  } else if (referenceType !== null) {
    throw invalidAttribute(
      attributePointer("reference_type"),
      "Only reference fields have a reference_type.",
    );
  }
  const validation = checkedRules(dataType, a.validation);
  const defaultFormat = checkedFormat(dataType, a.default_format);
  let defaultValue: unknown = null;
  if (a.default_value !== undefined && a.default_value !== null) {
    if (isEnum(dataType))
      throw invalidAttribute(
        attributePointer("default_value"),
        "An enum field has no options yet: add them, then set default_value with PATCH.",
      );
    defaultValue = await storedValue(
      db,
      accountId,
      { id: "", dataType, validation, referenceType },
      a.default_value,
      "default_value",
    );
  }
  return {
    entityType: a.entity_type,
    apiSlug: checkedSlug(a.api_slug),
    displayName: a.display_name,
    description: a.description ?? null,
    dataType,
    referenceType,
    validation,
    defaultFormat,
    defaultValue,
  };
}

/** The changes of a definition's PATCH, checked against its data type (a kept default against new rules too). */
export async function definitionChanges(
  db: Db,
  accountId: string,
  current: DefinitionRow,
  a: EditAttributes,
) {
  const validation =
    a.validation === undefined ? current.validation : checkedRules(current.dataType, a.validation);
  const defaultFormat =
    a.default_format === undefined ? undefined : checkedFormat(current.dataType, a.default_format);
  const rules = { ...current, validation };
  let defaultValue: unknown;
  if (a.default_value === null) defaultValue = null;
  else if (a.default_value !== undefined)
    defaultValue = await storedValue(db, accountId, rules, a.default_value, "default_value");
  else if (a.validation !== undefined && current.defaultValue !== null && current.defaultValue !== undefined)
    await storedValue(db, accountId, rules, current.defaultValue, "default_value");
  return {
    ...(a.display_name !== undefined ? { displayName: a.display_name } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
    ...(a.validation !== undefined ? { validation } : {}),
    ...(defaultFormat !== undefined ? { defaultFormat } : {}),
    ...(defaultValue !== undefined ? { defaultValue } : {}),
  };
}

/** Values as resources, enum values with their options' labels. */
export async function valueResources(db: Db, accountId: string, records: readonly ValueRecord[]) {
  const enumIds = [
    ...new Set(records.filter((r) => isEnum(r.definition.dataType)).map((r) => r.definition.id)),
  ];
  const labels = labelsByDefinition(await listOptions(db, accountId, enumIds));
  return records.map((r) => valueResource(r, labels));
}
