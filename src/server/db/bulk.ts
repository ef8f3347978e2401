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
 * otherwise write null over a value (or past a default) without anyone noticing.
 */
function sharedKeys(rows: object[]): string[] {
  const keys = Object.keys(rows[0]!).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    const defined = Object.keys(record).filter((k) => record[k] !== undefined);
    if (defined.length !== keys.length || keys.some((k) => record[k] === undefined)) {
      throw new Error(`rows of one bulk write must share their columns (${keys.join(", ")})`);
    }
  }
  return keys;
}

/**
 * `json_to_recordset($1) as v("a" uuid, "b" text[], …)` over the rows, keyed by SQL column names. Dates become
 * ISO 8601 strings, arrays and objects stay JSON: PostgreSQL reads each as its column's type.
 */
function recordset(rows: object[], keys: string[], columns: PgColumn[]): SQL {
  const json = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [i, key] of keys.entries()) out[columns[i]!.name] = (row as Record<string, unknown>)[key];
      return out;
    }),
  );
  const definition = sql.join(
    columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  return sql`json_to_recordset(${json}::json) as v(${definition})`;
}

/**
 * Inserts the rows in one statement. `onConflict` is the clause to add (e.g. `on conflict do nothing`);
 * `returning` names columns to give back.
 */
export async function insertMany<
  T extends PgTable,
  R extends Record<string, unknown> = Record<string, unknown>,
>(db: Db, table: T, rows: Insert<T>[], options: { onConflict?: SQL; returning?: SQL } = {}): Promise<R[]> {
  if (rows.length === 0) return [];
  const keys = sharedKeys(rows);
  const columns = columnsOf(table, keys);
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((c) => sql`v.${sql.identifier(c.name)}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`insert into ${table} (${names}) select ${values} from ${recordset(rows, keys, columns)}
      ${options.onConflict ?? sql``} ${options.returning ? sql`returning ${options.returning}` : sql``}`,
  );
  // Both drivers (node-postgres and PGlite) answer with the returned rows under `rows`.
  return (result as unknown as { rows: R[] }).rows;
}

/**
 * Updates each row's columns, matched on `key` (every row names the same columns). `where` narrows the rows
 * that may change, e.g. to those a lease still holds. Returns how many rows changed.
 */
export async function updateMany<T extends PgTable>(
  db: Db,
  table: T,
  key: Key<T>,
  rows: Partial<Insert<T>>[],
  options: { where?: SQL } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const keys = sharedKeys(rows);
  if (!keys.includes(key)) throw new Error(`every row of a bulk update needs its ${key}`);
  const columns = columnsOf(table, keys);
  const keyColumn = columns[keys.indexOf(key)]!;
  const assignments = sql.join(
    columns
      .filter((c) => c !== keyColumn)
      .map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`update ${table} set ${assignments} from ${recordset(rows, keys, columns)}
      where ${table}.${sql.identifier(keyColumn.name)} = v.${sql.identifier(keyColumn.name)}
      ${options.where ? sql`and ${options.where}` : sql``}`,
  );
  // node-postgres says rowCount, PGlite affectedRows.
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
