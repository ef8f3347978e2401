// Which rows of a long stay to show before the user asks for all of them: the first few, the last few, and the
// ones around where the container is now; the rest collapse into gaps that say how many they hide.

/** Stays longer than this show only part of their milestones until the user asks for all. */
export const LONG_STAY = 14;
const HEAD = 3;
const TAIL = 5;

export type Row = { kind: "row"; index: number } | { kind: "gap"; from: number; count: number };

/** Rows of a list of `count` items, keeping the indexes in `keep` (and their neighbours) in view. */
export function shownRows(count: number, keep: readonly number[] = []): Row[] {
  if (count <= LONG_STAY) return Array.from({ length: count }, (_, index) => ({ kind: "row", index }));
  const shown = new Set<number>();
  for (let i = 0; i < Math.min(HEAD, count); i++) shown.add(i);
  for (let i = Math.max(0, count - TAIL); i < count; i++) shown.add(i);
  for (const k of keep) for (const i of [k - 1, k, k + 1]) if (i >= 0 && i < count) shown.add(i);
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    if (shown.has(i)) {
      rows.push({ kind: "row", index: i });
      continue;
    }
    const previous = rows.at(-1);
    if (previous?.kind === "gap") previous.count += 1;
    else rows.push({ kind: "gap", from: i, count: 1 });
  }
  return rows;
}
