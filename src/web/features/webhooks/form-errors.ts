// Places the API's 422 errors about a webhook beside the form field they are about, by `source.pointer`:
// the address, the events (the detail names the bad event), the active flag, and each custom-header row's
// name or value. What matches no field is shown above the form. Also the form's own checks before sending.
import type { ErrorObject } from "../../../api/json-api";
import { attributeAt, itemIndex } from "../../../api/json-pointer";

export interface HeaderRowErrors {
  name?: string[];
  value?: string[];
}

export interface WebhookFieldErrors {
  form?: string[];
  url?: string[];
  events?: string[];
  active?: string[];
  /** About the headers as a whole ("at most 20 headers"). */
  headers?: string[];
  /** By the row's key (see header-rows.ts). */
  headerRows?: Record<number, HeaderRowErrors>;
}

function push(list: string[] | undefined, detail: string): string[] {
  const next = list ?? [];
  if (!next.includes(detail)) next.push(detail);
  return next;
}

/**
 * Sorts errors by field. `headerKeys[i]` is the form row that `headers[i]` of the request came from, so that
 * `/data/attributes/headers/1/name` lands under the right row.
 */
export function webhookErrorsByField(
  errors: readonly ErrorObject[],
  headerKeys: readonly number[] = [],
): WebhookFieldErrors {
  const result: WebhookFieldErrors = {};
  for (const error of errors) {
    const detail = error.detail || error.title;
    const at = attributeAt(error.source?.pointer);
    const attribute = at?.attribute;
    if (attribute === "url" || attribute === "events" || attribute === "active") {
      result[attribute] = push(result[attribute], detail);
    } else if (at && attribute === "headers") {
      const index = itemIndex(at.below);
      const key = index === null ? undefined : headerKeys[index];
      if (key === undefined) {
        result.headers = push(result.headers, detail);
      } else {
        const rows = result.headerRows ?? {};
        const row = rows[key] ?? {};
        // A pointer at the row itself (an unknown member) is shown with its name.
        const field = at.below[1] === "value" ? "value" : "name";
        row[field] = push(row[field], detail);
        rows[key] = row;
        result.headerRows = rows;
      }
    } else {
      result.form = push(result.form, detail);
    }
  }
  return result;
}

export function hasErrors(errors: WebhookFieldErrors): boolean {
  return (
    Boolean(errors.form?.length || errors.url?.length || errors.events?.length || errors.active?.length) ||
    Boolean(errors.headers?.length) ||
    Object.keys(errors.headerRows ?? {}).length > 0
  );
}

/** What the form checks itself before sending: only what the API would surely refuse. */
export function checkWebhookForm(values: {
  url: string;
  events: readonly string[];
  headers: readonly { key: number; name: string; value: string }[];
}): WebhookFieldErrors {
  const errors: WebhookFieldErrors = {};
  if (values.url.trim() === "") errors.url = ["Enter the address that should receive the notifications."];
  if (values.events.length === 0) errors.events = ["Choose at least one event."];
  for (const row of values.headers) {
    if (row.name.trim() === "" && row.value.trim() !== "") {
      errors.headerRows = { ...errors.headerRows, [row.key]: { name: ["Give this header a name."] } };
    }
  }
  return errors;
}
