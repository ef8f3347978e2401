// Reads many tracking requests from pasted lines or a CSV file: `type, number, SCAC, references`.
// Pure and forgiving: an optional header (which may reorder the columns), commas, tabs (a paste from a
// spreadsheet) or spaces between fields, quoted CSV fields, short or full type names, references split by
// `;` or `|`. Every row comes back, with the problems that keep it from being sent.
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
  /** Upper-cased. */
  scac: string;
  refNumbers: string[];
  /** Why the row cannot be sent as it is; empty when it can. */
  problems: string[];
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

/** Tabs when a spreadsheet was pasted, commas for CSV, else runs of spaces. Chosen from the first line. */
function chooseDelimiter(text: string): Delimiter {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  if (first === undefined) return ",";
  if (first.includes("\t")) return "\t";
  if (first.includes(",")) return ",";
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
  const seen = new Map<string, number>();
  const rows = raw.slice(0, MAX_BULK_ROWS).map((row): ParsedRow => {
    const cells = row.cells.map((cell) => cell.trim());
    const field = (column: Column) => {
      const index = columns.indexOf(column);
      return index === -1 ? "" : (cells[index] ?? "");
    };
    // Space-separated lines put every extra word in the references.
    const refsField =
      delimiter === "space" && columns === DEFAULT_COLUMNS ? cells.slice(3).join(";") : field("refs");
    const typeText = field("type");
    const requestType = readRequestType(typeText);
    const number = field("number").replace(/\s+/g, "").toUpperCase();
    const scac = field("scac").replace(/\s+/g, "").toUpperCase();
    const problems: string[] = [];
    if (typeText === "") problems.push("The type is missing: write bol, booking or container.");
    else if (!requestType)
      problems.push(`“${typeText}” is not a type: write bol, booking or container (or the full names).`);
    if (number === "") problems.push("The number is missing.");
    if (scac === "") problems.push("The SCAC of the shipping line is missing.");
    else if (!/^[A-Z]{4}$/.test(scac)) problems.push(`“${scac}” is not a SCAC: a SCAC is four letters.`);
    if (problems.length === 0) {
      const key = `${requestType}|${number}|${scac}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) problems.push(`The same request as line ${earlier}.`);
      else seen.set(key, row.line);
    }
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

/** Rows that can be sent. */
export function readyRows(result: ParseResult): ParsedRow[] {
  return result.rows.filter((row) => row.problems.length === 0);
}
