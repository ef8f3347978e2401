// "Download Excel" of a list as it is searched, filtered and sorted now, every page of it: read through the API as
// the CSV export reads it (export-pages.ts), each resource made into one row or more (a shipment's containers, one
// row each), and written as one .xlsx sheet with write-excel-file. Pages load this module with their first
// spreadsheet export, so that the writer is not in the list's script.
import writeXlsxFile from "write-excel-file/browser";
import type { z } from "zod";
import type { QueryValue } from "./api-client";
import { type PagesProgress, readAllPages } from "./export-pages";
import { type SheetColumn, sheetOf } from "./spreadsheet";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function exportListXlsx<R extends z.ZodType, Row>(list: {
  /** The list's API path: `/v2/shipments`. */
  path: string;
  /** Its search, filters and sort, without paging; `include` when rows need related resources. */
  query: Record<string, QueryValue>;
  resource: R;
  /** The sheet's name, as the spreadsheet's tab shows it. */
  sheet: string;
  columns: readonly SheetColumn<Row>[];
  /** The rows one resource becomes, given what its page included. */
  rowsOf: (resource: z.output<R>, included: readonly unknown[]) => Row[];
  signal?: AbortSignal;
  onProgress?: (progress: PagesProgress) => void;
}): Promise<{ blob: Blob; rows: number }> {
  const rows: Row[] = [];
  await readAllPages({
    path: list.path,
    query: list.query,
    resource: list.resource,
    signal: list.signal,
    onPage: (resources, progress, included) => {
      for (const resource of resources) rows.push(...list.rowsOf(resource, included));
      list.onProgress?.(progress);
    },
  });
  const { data, widths } = sheetOf(list.columns, rows);
  const blob = await writeXlsxFile(data, {
    sheet: list.sheet,
    columns: widths,
    // The header row stays in view while scrolling.
    stickyRowsCount: 1,
  }).toBlob();
  return { blob: new Blob([blob], { type: XLSX_TYPE }), rows: rows.length };
}
