// A list's spreadsheet (.xlsx) as sheet data: its columns (a header, a kind of cell, a value per row) and the rows,
// in the shape write-excel-file writes. Apart from the writer, so that a page can describe its columns without
// loading the writer before the first export.
//
// Times are real date cells, so that a spreadsheet sorts, filters and subtracts them. A cell holds no zone: it is
// written as the place's own clock shows it (a Los Angeles ETA as Los Angeles reads it), and each list puts the
// zone it is in in a column of its own beside it, as the CSV does.
import { safeTimeZone } from "./format";

export type SheetValue = string | number | boolean | Date | null;

/** A date-time as a place's clock shows it (`datetime`), or a calendar day there (`date`). */
export type SheetKind = "text" | "number" | "boolean" | "date" | "datetime";

export interface SheetColumn<R> {
  header: string;
  kind: SheetKind;
  /** Width in characters; a kind's default when absent. */
  width?: number;
  value: (row: R) => SheetValue;
}

/** The cell formats: ISO order, which every locale's spreadsheet reads without guessing day from month. */
export const DATE_FORMAT = "yyyy-mm-dd";
export const DATETIME_FORMAT = "yyyy-mm-dd hh:mm";

const DEFAULT_WIDTH: Record<SheetKind, number> = { text: 18, number: 10, boolean: 8, date: 12, datetime: 17 };

const wallClockParts = new Map<string, Intl.DateTimeFormat>();

/**
 * The instant as the zone's clock shows it, as a Date whose UTC fields are that clock's (the writer turns a Date's
 * UTC fields into the cell): 2026-11-20T20:00Z in America/Los_Angeles → a cell reading 2026-11-20 12:00.
 */
export function wallClock(iso: string, timeZone: string | null | undefined): Date {
  const zone = safeTimeZone(timeZone);
  let format = wallClockParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    wallClockParts.set(zone, format);
  }
  const p = Object.fromEntries(
    format.formatToParts(new Date(iso)).map((part) => [part.type, Number(part.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

/** The calendar day the instant falls on in the zone, as a date cell (no time of day). */
export function dayIn(iso: string, timeZone: string | null | undefined): Date {
  const clock = wallClock(iso, timeZone);
  return new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()));
}

/** A cell as write-excel-file takes it: the value with its type and, for dates, the format it shows in. */
export type SheetCell =
  | null
  | { value: string; type: StringConstructor; fontWeight?: "bold" }
  | { value: number; type: NumberConstructor }
  | { value: boolean; type: BooleanConstructor }
  | { value: Date; type: DateConstructor; format: string };

function cellOf(kind: SheetKind, value: SheetValue): SheetCell {
  if (value === null || value === "") return null;
  if (value instanceof Date) {
    return { value, type: Date, format: kind === "date" ? DATE_FORMAT : DATETIME_FORMAT };
  }
  if (typeof value === "number") return { value, type: Number };
  if (typeof value === "boolean") return { value, type: Boolean };
  return { value, type: String };
}

/** The header row (bold) and a row of cells per record, with each column's width. */
export function sheetOf<R>(
  columns: readonly SheetColumn<R>[],
  rows: readonly R[],
): { data: SheetCell[][]; widths: { width: number }[] } {
  const header: SheetCell[] = columns.map((c) => ({ value: c.header, type: String, fontWeight: "bold" }));
  const data = [header, ...rows.map((row) => columns.map((c) => cellOf(c.kind, c.value(row))))];
  return { data, widths: columns.map((c) => ({ width: c.width ?? DEFAULT_WIDTH[c.kind] })) };
}

/**
 * The columns for the table columns shown, in the table's order: each table column may become several in the
 * sheet (a time and its zone); table columns without a sheet column (none today) are left out.
 */
export function sheetColumnsFor<R>(
  shown: readonly string[],
  byTableColumn: Readonly<Record<string, readonly SheetColumn<R>[]>>,
): SheetColumn<R>[] {
  return shown.flatMap((id) => byTableColumn[id] ?? []);
}

/** A time as the place's clock shows it, and that place's zone beside it: two sheet columns. */
export function zonedTimeColumns<R>(
  header: string,
  kind: "date" | "datetime",
  iso: (row: R) => string | null,
  zone: (row: R) => string | null | undefined,
): SheetColumn<R>[] {
  return [
    {
      header,
      kind,
      value: (row) => {
        const at = iso(row);
        if (!at) return null;
        return kind === "date" ? dayIn(at, zone(row)) : wallClock(at, zone(row));
      },
    },
    {
      header: `${header} time zone`,
      kind: "text",
      width: 20,
      value: (row) => (iso(row) ? safeTimeZone(zone(row)) : null),
    },
  ];
}
