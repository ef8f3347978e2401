// The name of a downloaded export (CSV or spreadsheet): the view's name and the day, safe on every file system.
// Apart from the writers, so that a page can name its file without loading one before the first export.

/** "LFD within 2 days" on 2026-11-25, "csv" → "lfd-within-2-days-2026-11-25.csv". */
export function exportFileName(name: string, day: string, extension: "csv" | "xlsx"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "export"}-${day}.${extension}`;
}
