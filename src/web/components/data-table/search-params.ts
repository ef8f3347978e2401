// The URL's part of a table's state, for routes' search schemas: `sort` (the API's spelling, limited to the fields
// the list sorts by, so that an old or edited link still opens) and `columns` (the visible columns' ids).
import { z } from "zod";
import { customFieldSlugOf, sortKeysOf, sortParamOf } from "../../../api/triage";

/**
 * `sort=-pod_eta_at,nonsense` → `-pod_eta_at`: only the list's sort fields (and, for a list with custom fields, any
 * well-formed `custom_fields.<api_slug>`), each once; "" for the default order.
 */
export function cleanSortParam(raw: string, fields: readonly string[], customFields = false): string {
  const seen = new Set<string>();
  const keys = sortKeysOf(raw).filter((key) => {
    const known = fields.includes(key.field) || (customFields && customFieldSlugOf(key.field) !== undefined);
    if (!known || seen.has(key.field)) return false;
    seen.add(key.field);
    return true;
  });
  return sortParamOf(keys);
}

/** The `sort` search parameter of a list that sorts by these API fields ("" = the API's default order). */
export function sortSearchSchema(fields: readonly string[], options: { customFields?: boolean } = {}) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined ? "" : cleanSortParam(value, fields, options.customFields)))
    .catch("");
}

/** The `columns` search parameter: ids of the visible columns, comma-separated; absent when the URL has none. */
export const columnsSearchSchema = z.string().max(1000).optional().catch(undefined);
