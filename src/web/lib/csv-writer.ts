// A CSV file written page by page into a Blob with Papa Parse's writer: RFC 4180 (CRLF line ends, fields with a
// comma, quote or line break quoted, quotes doubled) and UTF-8 with a byte order mark, so that Excel opens it in
// UTF-8 instead of the machine's legacy code page. Each chunk is written as it arrives: a 50,000-row export never
// holds its rows as objects all at once, only their text.
import Papa from "papaparse";

export const CSV_BOM = "\uFEFF";
const CRLF = "\r\n";

export type CsvValue = string | number | boolean | null;

const CONFIG: Papa.UnparseConfig = {
  newline: CRLF,
  quoteChar: '"',
  escapeChar: '"',
  header: false,
  // A value that starts like a formula (=, +, -, @) would run in a spreadsheet: written with a leading quote mark.
  escapeFormulae: true,
};

export class CsvWriter {
  private readonly parts: string[];
  private count = 0;

  constructor(readonly fields: readonly string[]) {
    this.parts = [CSV_BOM, Papa.unparse([fields as string[]], CONFIG) + CRLF];
  }

  /** Appends rows, each with its values in the order of `fields`. */
  write(rows: readonly (readonly CsvValue[])[]): void {
    if (rows.length === 0) return;
    this.parts.push(Papa.unparse(rows as CsvValue[][], CONFIG) + CRLF);
    this.count += rows.length;
  }

  /** Rows written so far (the header not counted). */
  get rows(): number {
    return this.count;
  }

  toBlob(): Blob {
    return new Blob(this.parts, { type: "text/csv;charset=utf-8" });
  }
}
