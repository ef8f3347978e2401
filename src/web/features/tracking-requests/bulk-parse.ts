// Reads many tracking requests from pasted lines or a file: `type, number, SCAC, references`, or bare numbers
// (whose type and line infer_number finds later, see bulk-resolve.ts), or `number, SCAC`.
// Pure and forgiving: an optional header (which may reorder the columns), commas, tabs (a paste from a
// spreadsheet) or spaces between fields, quoted CSV fields, short or full type names, references split by
// `;` or `|`. Every row comes back, with the problems that keep it from being sent, each naming its row and
// column ("Row 4, column scac: …").
import { normalizeNumber, TEST_NUMBERS } from "../../../api/number-formats";
import { REQUEST_TYPES, type RequestType } from "../../../api/tracking-requests";

export const MAX_BULK_ROWS = 1000;

export interface ParsedRow {
  /** 1-based line of the input the row started on, for messages. */
  line: number;
  /** The row's fields as read, for the preview. */
  cells: string[];
  requestType: RequestType | null;
  /** Upper-cased, without spaces. */
  number: string;
  /** Upper-cased; empty when the row gave none (then it is inferred from the number). */
  scac: string;
  refNumbers: string[];
  /** Why the row cannot be sent as it is, each naming the row and column; empty when nothing is wrong yet. */
  problems: string[];
}

/** The column names problems use: the API's words, whatever the header called them. */
export const COLUMN_NAMES = { type: "type", number: "number", scac: "scac", refs: "references" } as const;

/** "Row 4, column scac: “MA1U” is not a SCAC…": where the problem is, so a spreadsheet can be fixed. */
export function rowProblem(line: number, column: keyof typeof COLUMN_NAMES | null, detail: string): string {
  return column ? `Row ${line}, column ${COLUMN_NAMES[column]}: ${detail}` : `Row ${line}: ${detail}`;
}

export interface ParseResult {
  rows: ParsedRow[];
  /** Whether the first row was read as a header. */
  header: boolean;
  /** Rows past MAX_BULK_ROWS that were left out. */
  truncated: number;
}

type Column = "type" | "number" | "scac" | "refs";
/** A header may name columns this reader does not use; those are null. */
type Columns = readonly (Column | null)[];
const DEFAULT_COLUMNS: Columns = ["type", "number", "scac", "refs"];
/** A row without a header whose first cell is a number, not a type: `number, SCAC, references`. */
const NUMBER_FIRST_COLUMNS: Columns = ["number", "scac", "refs"];

/** A first cell that is neither a type nor a word: a number (it has a digit), so the row starts with it. */
/** The hosted API's test numbers (TEST-TR-SUCCEEDED, TEST-TR-FAILED): numbers without a digit. */
const isTestNumber = (cell: string) =>
  Object.values(TEST_NUMBERS).some((test) => normalizeNumber(test) === normalizeNumber(cell));
const looksLikeNumber = (cell: string) =>
  (/\d/.test(cell) || isTestNumber(cell)) && readRequestType(cell) === null;

const TYPE_ALIASES: Record<string, RequestType> = {
  bol: "bill_of_lading",
  bl: "bill_of_lading",
  "b/l": "bill_of_lading",
  mbl: "bill_of_lading",
  mbol: "bill_of_lading",
  billoflading: "bill_of_lading",
  billofladingnumber: "bill_of_lading",
  booking: "booking_number",
  bookingnumber: "booking_number",
  bkg: "booking_number",
  container: "container",
  containernumber: "container",
  cntr: "container",
};

/** A request type from what people write: "BOL", "bill of lading", "Booking_Number", "container". */
export function readRequestType(value: string): RequestType | null {
  const key = value.trim().toLowerCase();
  if ((REQUEST_TYPES as readonly string[]).includes(key)) return key as RequestType;
  const squeezed = key.replace(/[\s_-]+/g, "");
  return TYPE_ALIASES[squeezed] ?? TYPE_ALIASES[key] ?? null;
}

const HEADER_NAMES: Record<string, Column> = {
  type: "type",
  requesttype: "type",
  kind: "type",
  number: "number",
  requestnumber: "number",
  no: "number",
  scac: "scac",
  shippingline: "scac",
  shippinglinescac: "scac",
  carrier: "scac",
  line: "scac",
  references: "refs",
  reference: "refs",
  refs: "refs",
  ref: "refs",
  refnumbers: "refs",
  referencenumbers: "refs",
};

function headerColumn(cell: string): Column | null {
  return (
    HEADER_NAMES[
      cell
        .trim()
        .toLowerCase()
        .replace(/[\s_\-#.]+/g, "")
    ] ?? null
  );
}

/** The first row is a header when it names at least two of the columns and its first cell is not a type. */
function readHeader(cells: string[]): Columns | null {
  if (cells.length > 0 && readRequestType(cells[0] ?? "") !== null) return null;
  const columns = cells.map(headerColumn);
  const named = new Set(columns.filter((c): c is Column => c !== null));
  if (named.size < 2 || !named.has("number")) return null;
  return columns;
}

type Delimiter = "," | "\t" | "space";

/** Lines looked at to choose the delimiter: a bare number alone on the first line says nothing about it. */
const DELIMITER_SAMPLE = 20;

/** Tabs when a spreadsheet was pasted, commas for CSV, else runs of spaces. Chosen from the first lines. */
function chooseDelimiter(text: string): Delimiter {
  const sample = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
    .slice(0, DELIMITER_SAMPLE);
  if (sample.length === 0) return ",";
  if (sample.some((line) => line.includes("\t"))) return "\t";
  if (sample.some((line) => line.includes(","))) return ",";
  return "space";
}

interface RawRow {
  line: number;
  cells: string[];
}

/** RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks. */
function splitRecords(text: string, delimiter: "," | "\t"): RawRow[] {
  const rows: RawRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false;
  const endCell = () => {
    cells.push(cell);
    cell = "";
    cellStarted = false;
  };
  const endRow = () => {
    endCell();
    rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && !cellStarted && cell.trim() === "") {
      quoted = true;
      cell = "";
      cellStarted = true;
    } else if (ch === delimiter) {
      endCell();
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
      if (ch.trim() !== "") cellStarted = true;
    }
  }
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

function splitWords(text: string): RawRow[] {
  return text.split(/\r\n|\n|\r/).map((content, index) => ({
    line: index + 1,
    cells: content.trim() === "" ? [] : content.trim().split(/\s+/),
  }));
}

/** Reference numbers from one field: split by `;` or `|`, trimmed, empty ones dropped, each kept once. */
export function splitReferences(value: string): string[] {
  const refs = value
    .split(/[;|]/)
    .map((ref) => ref.trim())
    .filter((ref) => ref !== "");
  return [...new Set(refs)];
}

function isBlank(row: RawRow): boolean {
  return row.cells.every((cell) => cell.trim() === "");
}

function isComment(row: RawRow): boolean {
  return (row.cells[0] ?? "").trim().startsWith("#");
}

export function parseBulkInput(input: string): ParseResult {
  const text = input.replace(/^\uFEFF/, "");
  const delimiter = chooseDelimiter(text);
  const raw = (delimiter === "space" ? splitWords(text) : splitRecords(text, delimiter)).filter(
    (row) => !isBlank(row) && !isComment(row),
  );

  let columns = DEFAULT_COLUMNS;
  let header = false;
  const first = raw[0];
  if (first) {
    const fromHeader = readHeader(first.cells);
    if (fromHeader) {
      columns = fromHeader;
      header = true;
      raw.shift();
    }
  }

  const truncated = Math.max(0, raw.length - MAX_BULK_ROWS);
  const rows = raw.slice(0, MAX_BULK_ROWS).map((row): ParsedRow => {
    const cells = row.cells.map((cell) => cell.trim());
    // Without a header, a row may be a bare number, or start with its number: its type is inferred then.
    // A lone word that is not a type is a number too ("HELLO" is a bad number, not a bad type with none given).
    const lone = cells.length === 1 && readRequestType(cells[0] ?? "") === null;
    const rowColumns = !header && (looksLikeNumber(cells[0] ?? "") || lone) ? NUMBER_FIRST_COLUMNS : columns;
    const field = (column: Column) => {
      const index = rowColumns.indexOf(column);
      return index === -1 ? "" : (cells[index] ?? "");
    };
    // Space-separated lines put every extra word in the references.
    const refsField =
      delimiter === "space" && !header ? cells.slice(rowColumns.indexOf("refs")).join(";") : field("refs");
    const typeText = field("type");
    const requestType = readRequestType(typeText);
    const number = field("number").replace(/\s+/g, "").toUpperCase();
    const scac = field("scac").replace(/\s+/g, "").toUpperCase();
    const problems: string[] = [];
    if (typeText !== "" && !requestType) {
      problems.push(
        rowProblem(
          row.line,
          "type",
          `“${typeText}” is not a type: write bol, booking or container (or the full names), or leave it empty.`,
        ),
      );
    }
    if (number === "") problems.push(rowProblem(row.line, "number", "The number is missing."));
    // Without its type and line a word has nothing else to be checked against; with them, the line's format
    // check (bulk-resolve.ts) says it better ("… is not a Maersk bill of lading: they look like …").
    else if (!/\d/.test(number) && !isTestNumber(number) && (requestType === null || scac === ""))
      problems.push(
        rowProblem(
          row.line,
          "number",
          `“${number}” is not a bill of lading, booking or container number: each of those has digits.`,
        ),
      );
    if (scac !== "" && !/^[A-Z]{4}$/.test(scac))
      problems.push(rowProblem(row.line, "scac", `“${scac}” is not a SCAC: a SCAC is four letters.`));
    return {
      line: row.line,
      cells,
      requestType,
      number,
      scac,
      refNumbers: splitReferences(refsField),
      problems,
    };
  });
  return { rows, header, truncated };
}

/** Rows without a problem in what they say (their line and format are checked once known, in bulk-resolve.ts). */
export function readyRows(result: ParseResult): ParsedRow[] {
  return result.rows.filter((row) => row.problems.length === 0);
}
