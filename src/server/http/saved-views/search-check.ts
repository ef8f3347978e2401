// Whether a saved view's search is one its list would accept: every key one the list's address holds, and every
// value checked by the list's own parsing (list-query.ts, and the account's custom fields for their filters and
// sort), so that a view never saves what its list would refuse.
// A refusal is a 422 at `/data/attributes/search/<key>` with the list's own words for what is wrong.
import { attributePointer } from "../../../api/json-pointer";
import {
  cleanSavedViewSearch,
  isSavedViewSearchKey,
  SAVED_VIEW_COLUMNS_MAX,
  SAVED_VIEW_Q_MAX,
  type SavedViewList,
  type SavedViewSearch,
  SHIPMENT_TRACKING_CHOICES,
  savedViewSearchKeys,
} from "../../../api/saved-views";
import { CONTAINER_SORT_FIELDS, SHIPMENT_SORT_FIELDS } from "../../../api/triage";
import type { Db } from "../../db/connection";
import type { ReferenceData } from "../../db/reference-data";
import { parseCustomFieldFilters } from "../custom-field-filters";
import { parseListSort } from "../custom-field-sort";
import { ApiError, invalidAttribute, quote } from "../errors";
import { parseListFilters } from "../list-query";

const SORT_FIELDS = { containers: CONTAINER_SORT_FIELDS, shipments: SHIPMENT_SORT_FIELDS } as const;
const ENTITY_TYPES = { containers: "Container", shipments: "Shipment" } as const;
/** Column ids as the shared table names them (`number,status,last_free_day`). */
const COLUMNS = /^[A-Za-z0-9_.-]+(?:,[A-Za-z0-9_.-]+)*$/;

const refuse = (key: string, detail: string) => invalidAttribute(attributePointer("search", key), detail);

/** The search, cleaned (empty values left out), or a 422 naming the first part its list would refuse. */
export async function checkSavedViewSearch(
  list: SavedViewList,
  search: Readonly<Record<string, string>>,
  deps: { db: Db; reference: ReferenceData; accountId: string },
): Promise<SavedViewSearch> {
  const cleaned = cleanSavedViewSearch(search);
  const keys = savedViewSearchKeys(list);
  for (const [key, value] of Object.entries(cleaned)) {
    if (!isSavedViewSearchKey(list, key)) {
      throw refuse(
        key,
        `${quote(key)} is not part of the ${list} list's address; a view holds q, sort, columns${list === "shipments" ? ", tracking" : ""} and filter[…] (${keys.filter((k) => k.startsWith("filter[")).join(", ")}, filter[custom_fields.<api_slug>]).`,
      );
    }
    if (key === "q" && value.length > SAVED_VIEW_Q_MAX[list]) {
      throw refuse(key, `q can be at most ${SAVED_VIEW_Q_MAX[list]} characters on the ${list} list.`);
    }
    if (key === "columns" && (value.length > SAVED_VIEW_COLUMNS_MAX || !COLUMNS.test(value))) {
      throw refuse(
        key,
        `columns must be column ids separated by commas (number,status), at most ${SAVED_VIEW_COLUMNS_MAX} characters.`,
      );
    }
    if (key === "tracking" && !(SHIPMENT_TRACKING_CHOICES as readonly string[]).includes(value)) {
      throw refuse(
        key,
        `tracking must be one of ${SHIPMENT_TRACKING_CHOICES.join(", ")} (got ${quote(value)}).`,
      );
    }
  }
  try {
    // Custom fields as the list reads them: each slug one of the account's fields of the list's kind of record.
    await parseListSort(deps.db, deps.accountId, ENTITY_TYPES[list], cleaned.sort, SORT_FIELDS[list]);
    parseListFilters(cleaned, deps.reference);
    await parseCustomFieldFilters(deps.db, deps.accountId, ENTITY_TYPES[list], cleaned);
  } catch (error) {
    // The list's 400 for a bad parameter, said of the view's search instead.
    const first = error instanceof ApiError && error.status === 400 ? error.errors[0] : undefined;
    if (first?.source && "parameter" in first.source) throw refuse(first.source.parameter, first.detail);
    throw error;
  }
  return cleaned;
}
