// How long ago the data on screen was fetched, in the few words of the quiet "Updated …" line beside a list.

/** "just now" under a minute, then "1 min ago", "5 min ago", "1 h ago", "3 h ago", then "over a day ago". */
export function elapsedWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return "over a day ago";
}

/** When the words above change next, in milliseconds from now: the line is redrawn then, not every second. */
export function nextWordsChangeIn(ms: number): number {
  const elapsed = Math.max(0, ms);
  const step = elapsed < 60 * 60_000 ? 60_000 : 60 * 60_000;
  return step - (elapsed % step);
}
