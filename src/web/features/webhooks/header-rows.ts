// The custom-header rows of the webhook form: name/value pairs with a stable key each, so that React keeps
// inputs in place while rows come and go, and so that the API's errors about `headers/2` find their row even
// though blank rows are left out of what is sent.
import type { WebhookHeader } from "../../../api/webhooks";

export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

const nextKey = (rows: readonly HeaderRow[]) => rows.reduce((max, row) => Math.max(max, row.key), 0) + 1;

export function rowsFromHeaders(headers: readonly WebhookHeader[]): HeaderRow[] {
  return headers.map((h, index) => ({ key: index + 1, name: h.name, value: h.value }));
}

export function addRow(rows: readonly HeaderRow[]): HeaderRow[] {
  return [...rows, { key: nextKey(rows), name: "", value: "" }];
}

export function removeRow(rows: readonly HeaderRow[], key: number): HeaderRow[] {
  return rows.filter((row) => row.key !== key);
}

export function updateRow(
  rows: readonly HeaderRow[],
  key: number,
  change: Partial<Pick<HeaderRow, "name" | "value">>,
): HeaderRow[] {
  return rows.map((row) => (row.key === key ? { ...row, ...change } : row));
}

/**
 * The headers to send, and the key of the row each came from (`keys[i]` for `headers[i]`). A row left wholly
 * blank is not sent; names lose surrounding spaces (they cannot hold any), values are sent as typed.
 */
export function headersFromRows(rows: readonly HeaderRow[]): { headers: WebhookHeader[]; keys: number[] } {
  const headers: WebhookHeader[] = [];
  const keys: number[] = [];
  for (const row of rows) {
    if (row.name.trim() === "" && row.value.trim() === "") continue;
    headers.push({ name: row.name.trim(), value: row.value });
    keys.push(row.key);
  }
  return { headers, keys };
}
