// Moving between a table's rows with the keyboard: which row a key leads to from the focused one.

/** The row index a key moves to from `at` among `count` rows; undefined for keys that do not move between rows. */
export function rowIndexAfterKey(key: string, at: number, count: number): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  switch (key) {
    case "ArrowDown":
      return Math.min(last, at + 1);
    case "ArrowUp":
      return Math.max(0, at - 1);
    case "Home":
      return 0;
    case "End":
      return last;
    case "PageDown":
      return Math.min(last, at + 10);
    case "PageUp":
      return Math.max(0, at - 10);
    default:
      return undefined;
  }
}
