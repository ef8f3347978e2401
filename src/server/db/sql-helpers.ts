// Small pieces of SQL text the repositories share.
import { type SQL, sql } from "drizzle-orm";

/** A LIKE / ILIKE pattern that matches `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `any($1::uuid[])`: ids bound as one array parameter (thousands of ids would be as many parameters, 65,535 at most). */
export function anyUuid(ids: readonly string[]): SQL {
  return sql`any(${sql.param([...ids])}::uuid[])`;
}
