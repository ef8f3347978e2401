// Above a list: how many of the rows shown a live update changed since the person looked ("2 rows updated since
// you looked"), and "Mark as seen" to take their marks off; opening a row's page takes its own off.

import { plural } from "../../lib/format";
import type { ChangedKind } from "../../lib/live-keys";
import { markSeen, useChangedIds } from "../../lib/live-updates";
import { buttonClass } from "../button";
import { focusPageHeading } from "../route-focus";

export function UpdatedRowsNote({ kind, shownIds }: { kind: ChangedKind; shownIds: readonly string[] }) {
  const changed = useChangedIds(kind);
  const marked = shownIds.filter((id) => changed.has(id));
  if (marked.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span aria-hidden="true" className="inline-block h-4 w-1 rounded-sm bg-amber-600" />
      {plural(marked.length, "row")} updated since you looked
      <button
        type="button"
        className={buttonClass("ghost", "py-0.5")}
        onClick={() => {
          // The note goes with the marks, this button with it: the keyboard's place goes to the page's heading
          // rather than falling to the document's start.
          focusPageHeading({ preventScroll: true });
          markSeen(kind, marked);
        }}
      >
        Mark as seen
      </button>
    </p>
  );
}
