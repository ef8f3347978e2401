// "Download CSV" of a list as it is searched, filtered and sorted now, every page of it: read through the API a
// hundred rows at a time, each page written to the file as it comes, progress told as it goes, cancellable. Each
// list says which fields its file has and how one of its resources becomes a row (features/<area>/export-rows.ts).
// Pages load this module with their first export, so that the CSV writer (Papa Parse) is not in the list's script.
import type { z } from "zod";
import type { QueryValue } from "./api-client";
import { type CsvValue, CsvWriter } from "./csv-writer";
import { type PagesProgress, readAllPages } from "./export-pages";

export async function exportListCsv<R extends z.ZodType>(list: {
  /** The list's API path: `/v2/containers`. */
  path: string;
  /** Its search, filters and sort, without paging (the export pages through on its own). */
  query: Record<string, QueryValue>;
  resource: R;
  fields: readonly string[];
  /** A resource's row; `included` holds what its page included (`include=` in the query). */
  rowOf: (resource: z.output<R>, included: readonly unknown[]) => CsvValue[];
  signal?: AbortSignal;
  onProgress?: (progress: PagesProgress) => void;
}): Promise<{ blob: Blob; rows: number }> {
  const writer = new CsvWriter(list.fields);
  await readAllPages({
    path: list.path,
    query: list.query,
    resource: list.resource,
    signal: list.signal,
    onPage: (resources, progress, included) => {
      writer.write(resources.map((resource) => list.rowOf(resource, included)));
      list.onProgress?.(progress);
    },
  });
  return { blob: writer.toBlob(), rows: writer.rows };
}

/** A CSV of rows the page already holds (the rows chosen in a list), written as the list's own export writes them. */
export function rowsCsv<T>(
  fields: readonly string[],
  rows: readonly T[],
  rowOf: (row: T) => CsvValue[],
): Blob {
  const writer = new CsvWriter(fields);
  writer.write(rows.map(rowOf));
  return writer.toBlob();
}
