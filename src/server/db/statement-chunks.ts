// Multi-row writes split to fit one statement: PostgreSQL's wire protocol counts a statement's parameters in 16 bits
// (at most 65,535), so a batch of thousands of rows of a dozen columns each goes as several statements.

/** Rows per statement that keep `columns` parameters a row under the protocol's limit, with room to spare. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(30_000 / Math.max(1, columns)));
}

/** The rows in slices of at most `size`, in order. */
export function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
