// Small pieces of SQL text the repositories share.

/** A LIKE / ILIKE pattern that matches `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function likePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
