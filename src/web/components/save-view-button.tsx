// "Save view" on a list: the button and its dialog. Saves the list's search (filters, sort, text search) and the
// columns its table shows at that moment (in the shape of the table's `columns` URL parameter) under the name given,
// replacing the list's view of that name, and says where saved views are found. Kept by the account (or, against a
// server that keeps no views, by this browser): shown at once, undone (with the reason) if the save is refused.
// A role that may not change the account's views is told so in the button's place.
import { useState } from "react";
import {
  type SavedViewList,
  useMayChangeViews,
  useSavedViews,
  useSavedViewsReach,
  useSaveView,
  viewSearchOf,
} from "../lib/saved-views";
import { NotAllowed } from "./allowed";
import { buttonClass } from "./button";
import { visibleColumnsParam } from "./data-table/column-choice";
import type { DataColumn } from "./data-table/columns";
import { SaveViewDialog } from "./save-view-dialog";
import { showToast } from "./toaster";

export function SaveViewButton<T>({
  list,
  currentName,
  search,
  table,
  onSaved,
}: {
  list: SavedViewList;
  /** The name of the view the list shows now, if any: offered again, so that saving updates that view. */
  currentName: string | undefined;
  /** The list's URL search as the route reads it. */
  search: Readonly<Record<string, unknown>> & { columns?: string | undefined };
  /** The list's table: its id (under which the browser keeps its column choice) and its columns. */
  table: { id: string; columns: readonly DataColumn<T>[] };
  /**
   * Saved, with the `columns` value the view keeps: the list puts it in its URL, so that the page reads as the view
   * (and a later change of columns shows it no longer is).
   */
  onSaved: (columns: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const views = useSavedViews();
  const saveView = useSaveView();
  const reach = useSavedViewsReach();
  const may = useMayChangeViews();
  if (!may.ok) return <NotAllowed may={may} what="Saving views" />;
  return (
    <>
      <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)}>
        Save view
      </button>
      <SaveViewDialog
        open={open}
        initialName={currentName ?? ""}
        existingNames={views.filter((v) => v.list === list).map((v) => v.name)}
        onClose={() => setOpen(false)}
        onSave={(name) => {
          // The columns shown now, read at this moment: the Columns menu changes them without redrawing the page.
          const columns = visibleColumnsParam(table.id, table.columns, search.columns);
          saveView.mutate({ name, list, search: { ...viewSearchOf(search), columns } });
          setOpen(false);
          onSaved(columns);
          showToast({
            kind: "success",
            title: `Saved view “${name}”`,
            message: `It is listed under Views, beside Containers, ${reach.listedOn}.`,
          });
        }}
      />
    </>
  );
}
