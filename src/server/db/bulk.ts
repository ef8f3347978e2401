// Set-based writes of many rows in one statement: the rows travel as a single JSON parameter that PostgreSQL reads
// back with json_to_recordset (`INSERT … SELECT`, `UPDATE … FROM`). A batch costs one round trip per table
// whatever its size, and never meets the 65,535-parameter limit of a multi-row VALUES list.
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./connection";

type Insert<T extends PgTable> = T["$inferInsert"];
type Key<T extends PgTable> = keyof Insert<T> & string;

/** What the statements need of a table: each column's SQL name and type, by its TypeScript key. */
function columnsOf<T extends PgTable>(table: T, keys: string[]): PgColumn[] {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  return keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`no column ${key}`);
    return column;
  });
}

/**
 * The keys every row must have. Rows of one statement share their columns: a key missing from a row would
 * otherwise write null over a value (or past a default) without anyone noticing. (Checked without allocating
 * per row: batches are large, and this runs on every one.)
 */
function sharedKeys(rows: object[]): string[] {
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(first).filter((k) => first[k] !== undefined);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    let defined = 0;
    for (const k in record) if (record[k] !== undefined) defined++;
    let shared = defined === keys.length;
    for (let i = 0; shared && i < keys.length; i++) shared = record[keys[i]!] !== undefined;
    if (!shared) throw new Error(`rows of one bulk write must share their columns (${keys.join(", ")})`);
  }
  return keys;
}

/**
 * `json_to_recordset($1) as v("accountId" uuid, "tags" text[], …)` over the rows as they are: the record's
 * columns take the rows' own (TypeScript) keys, so that the rows are serialized without being copied. Dates
 * become ISO 8601 strings, arrays and objects stay JSON: PostgreSQL reads each as its column's type.
 */
function recordset(rows: object[], keys: string[], columns: PgColumn[]): SQL {
  const definition = sql.join(
    columns.map((c, i) => sql`${sql.identifier(keys[i]!)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as v(${definition})`;
}

/** Inserts the rows in one statement; `onConflict` is a clause to add (e.g. `on conflict do nothing`). */
export async function insertMany<T extends PgTable>(
  db: Db,
  table: T,
  rows: Insert<T>[],
  options: { onConflict?: SQL } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const keys = sharedKeys(rows);
  const columns = columnsOf(table, keys);
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k) => sql`v.${sql.identifier(k)}`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${table} (${names}) select ${values} from ${recordset(rows, keys, columns)}
      ${options.onConflict ?? sql``}`,
  );
}

/**
 * Updates each row's columns, matched on `key`: one column, or several that must all match (an id and its
 * account, so that a batch that spans accounts can change a row only in the account it names). Every row names
 * the same columns; the matched ones are not assigned. `where` narrows the rows that may change, e.g. to those a
 * lease still holds. Returns how many rows changed.
 */
export async function updateMany<T extends PgTable>(
  db: Db,
  table: T,
  key: Key<T> | readonly Key<T>[],
  rows: Partial<Insert<T>>[],
  options: { where?: SQL } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = sharedKeys(rows);
  const matched: readonly string[] = typeof key === "string" ? [key] : key;
  for (const k of matched)
    if (!keys.includes(k)) throw new Error(`every row of a bulk update needs its ${k}`);
  const columns = columnsOf(table, keys);
  const assignments = sql.join(
    columns.flatMap((c, i) =>
      matched.includes(keys[i]!) ? [] : [sql`${sql.identifier(c.name)} = v.${sql.identifier(keys[i]!)}`],
    ),
    sql`, `,
  );
  const result = await db.execute(
    sql`update ${table} set ${assignments} from ${recordset(rows, keys, columns)}
      where ${matching(table, matched, keys, columns)}
      ${options.where ? sql`and ${options.where}` : sql``}`,
  );
  return affectedRows(result);
}

/** Deletes the rows that match each given row on all of its keys (as updateMany matches), in one statement. */
export async function deleteMany<T extends PgTable>(
  db: Db,
  table: T,
  rows: Partial<Insert<T>>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = sharedKeys(rows);
  const columns = columnsOf(table, keys);
  const result = await db.execute(
    sql`delete from ${table} using ${recordset(rows, keys, columns)} where ${matching(table, keys, keys, columns)}`,
  );
  return affectedRows(result);
}

/** `table.column = v.key` for each matched key. */
function matching(table: PgTable, matched: readonly string[], keys: string[], columns: PgColumn[]): SQL {
  return sql.join(
    matched.map((k) => {
      const column = columns[keys.indexOf(k)]!;
      return sql`${table}.${sql.identifier(column.name)} = v.${sql.identifier(k)}`;
    }),
    sql` and `,
  );
}

function affectedRows(result: unknown): number {
  // node-postgres says rowCount, PGlite affectedRows.
  const counts = result as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
