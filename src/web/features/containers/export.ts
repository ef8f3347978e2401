// "Download CSV" of the containers list as it is filtered and sorted now, every page of it: read through the API a
// hundred rows at a time, each page written to the file as it comes, progress told as it goes, cancellable.
import { containerSchema } from "../../../api/containers";
import { CsvWriter } from "../../lib/csv-writer";
import { type PagesProgress, readAllPages } from "../../lib/export-pages";
import { CONTAINER_CSV_FIELDS, containerCsvRow } from "./export-rows";
import { type ContainersListView, containersQueryParams } from "./search";

export async function exportContainersCsv(
  search: ContainersListView,
  options: { signal?: AbortSignal; onProgress?: (progress: PagesProgress) => void } = {},
): Promise<{ blob: Blob; rows: number }> {
  const writer = new CsvWriter(CONTAINER_CSV_FIELDS);
  await readAllPages({
    path: "/v2/containers",
    query: containersQueryParams(search),
    resource: containerSchema,
    signal: options.signal,
    onPage: (containers, progress) => {
      writer.write(containers.map(containerCsvRow));
      options.onProgress?.(progress);
    },
  });
  return { blob: writer.toBlob(), rows: writer.rows };
}
