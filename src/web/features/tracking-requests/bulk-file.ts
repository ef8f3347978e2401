// Reads a file dropped or chosen on the bulk tracking page into the box's text: CSV (any delimiter Papa Parse
// detects, so a semicolon-separated export from a European Excel reads too) or an Excel workbook's first sheet
// (read-excel-file, loaded only when one is read, so that it is not in the page's first script). Either becomes
// comma-separated lines, one row a line, which the box shows and bulk-parse.ts reads like a paste.
import Papa from "papaparse";

export const MAX_FILE_BYTES = 2_000_000;

export type FileRead = { ok: true; text: string } | { ok: false; error: string };

const isExcel = (file: File) =>
  /\.xlsx$/i.test(file.name) ||
  file.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A cell as text: numbers as written (a 12-digit booking number, not 1.2e11), dates as ISO days. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // One row a line: a line break inside a cell would start another.
  return String(value).replace(/[\r\n]+/g, " ");
}

/**
 * Rows as CSV lines, quoted where a cell needs it. Empty rows stay (as empty lines, which the box skips), so that
 * row 4 of the sheet is row 4 in every message; empty rows at the end are left out.
 */
export function rowsToText(rows: readonly (readonly unknown[])[]): string {
  const cells = rows.map((row) => row.map(cellText));
  while (cells.length > 0 && (cells.at(-1) ?? []).every((cell) => cell.trim() === "")) cells.pop();
  return Papa.unparse(cells, { newline: "\n" });
}

/** CSV text in any delimiter as rows; Papa Parse finds the delimiter from the first lines. */
export function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  return parsed.data;
}

async function excelRows(file: File): Promise<unknown[][]> {
  const { readSheet } = await import("read-excel-file/browser");
  // Numbers kept as the sheet writes them: a number column is text to us.
  return readSheet(file, { parseNumber: (text: string) => text });
}

export async function readBulkFile(file: File): Promise<FileRead> {
  if (file.size > MAX_FILE_BYTES)
    return { ok: false, error: "The file is larger than 2 MB. Split it into smaller files." };
  if (isExcel(file)) {
    try {
      return { ok: true, text: rowsToText(await excelRows(file)) };
    } catch {
      return {
        ok: false,
        error:
          "The file could not be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV.",
      };
    }
  }
  try {
    return { ok: true, text: rowsToText(csvRows(await file.text())) };
  } catch {
    return { ok: false, error: "The file could not be read. Save it as CSV (UTF-8) and try again." };
  }
}
