// Set-based inserts for the scale seeder: thousands of rows in one `INSERT … SELECT FROM unnest(…)` statement, one
// array parameter per column. The same SQL runs on PostgreSQL and PGlite, and costs one round trip per batch
// instead of one per row (Drizzle's multi-row VALUES would need a parameter per value, and PostgreSQL allows
// 65,535 of them).
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connection";

/** `{"a","b"}`: the text form of a text[] value, every element quoted. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`).join(",")}}`;
}

/** Column types that travel as text and are cast row by row (unnest cannot take an array of arrays). */
const CAST_FROM_TEXT: ReadonlySet<string> = new Set(["text[]", "jsonb"]);

function parameterType(sqlType: string): string {
  if (CAST_FROM_TEXT.has(sqlType)) return "text";
  if (sqlType === "timestamp with time zone") return "timestamptz";
  return sqlType;
}

function toParameter(sqlType: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (sqlType === "text[]") return textArrayLiteral(value as string[]);
  if (sqlType === "jsonb") return JSON.stringify(value);
  return value;
}

/**
 * Inserts rows (Drizzle insert objects; every row names the same properties as the first) in batches of
 * `batchSize`. Columns a row leaves out take their defaults.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T["$inferInsert"][],
  batchSize = 5000,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const properties = Object.keys(first).filter((p) => (first as Record<string, unknown>)[p] !== undefined);
  const specs = properties.map((property) => {
    const column = columns[property];
    if (!column) throw new Error(`${getTableName(table)} has no column for ${property}`);
    return { property, name: column.name, type: column.getSQLType() };
  });
  const names = sql.raw(specs.map((s) => `"${s.name}"`).join(", "));
  const selected = sql.raw(
    specs.map((s, i) => (CAST_FROM_TEXT.has(s.type) ? `c${i}::${s.type}` : `c${i}`)).join(", "),
  );
  const aliases = sql.raw(specs.map((_, i) => `c${i}`).join(", "));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize) as Record<string, unknown>[];
    const arrays = sql.join(
      specs.map(
        (s) =>
          sql`${sql.param(batch.map((row) => toParameter(s.type, row[s.property])))}::${sql.raw(parameterType(s.type))}[]`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`insert into ${table} (${names}) select ${selected} from unnest(${arrays}) as u(${aliases})`,
    );
  }
}
