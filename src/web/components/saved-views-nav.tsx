// The navigation's "Views" menu (beside Containers, after both lists): the saved views of the containers and the
// shipments lists, grouped by list; each opens its own list as it was saved, and can be renamed or deleted there.
// Shows nothing until a view is saved. Renaming and deleting are for the roles that may change the account's views;
// the others open them, and are told why there is nothing more.
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import {
  isPendingView,
  SAVED_VIEW_LIST_NAMES,
  SAVED_VIEW_LIST_PATHS,
  SAVED_VIEW_LISTS,
  type SavedView,
  useDeleteView,
  useMayChangeViews,
  useRenameView,
  useSavedViews,
  useSavedViewsReach,
  VIEW_NAME_MAX,
} from "../lib/saved-views";
import { NotAllowed } from "./allowed";
import { buttonClass } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { Popover } from "./popover";

export function SavedViewsNav({ triggerClassName }: { triggerClassName: string }) {
  const views = useSavedViews();
  const deleteView = useDeleteView();
  const reach = useSavedViewsReach();
  const may = useMayChangeViews();
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  if (views.length === 0 && !deleting) return null;
  const groups = SAVED_VIEW_LISTS.map((list) => ({
    list,
    views: views.filter((v) => v.list === list),
  })).filter((group) => group.views.length > 0);
  return (
    <>
      <Popover
        label={`Views: ${views.length} saved ${views.length === 1 ? "view" : "views"}`}
        trigger={
          <span className="inline-flex items-center gap-1">
            Views <span aria-hidden="true">▾</span>
          </span>
        }
        triggerClassName={triggerClassName}
        panelLabel="Saved views"
        panelClassName="w-80 max-w-[calc(100vw-1rem)]"
      >
        {(close) => (
          <div className="space-y-3">
            {groups.map((group) => (
              <section key={group.list} aria-labelledby={`saved-views-${group.list}`}>
                <h2
                  id={`saved-views-${group.list}`}
                  className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                >
                  {SAVED_VIEW_LIST_NAMES[group.list]}
                </h2>
                <ul className="space-y-1">
                  {group.views.map((view) => (
                    <ViewRow
                      // By name, unique within its list: a view just saved keeps its row (and a rename begun on
                      // it) when its pending id gives way to the one the account's store gave it.
                      key={view.name.toLowerCase()}
                      view={view}
                      changeable={may.ok}
                      onOpen={close}
                      onDelete={() => setDeleting(view)}
                    />
                  ))}
                </ul>
              </section>
            ))}
            <NotAllowed may={may} what="Renaming and deleting views" className="px-2" />
          </div>
        )}
      </Popover>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the view “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete view"
        confirmVariant="danger"
        onConfirm={() => {
          if (deleting) deleteView.mutate({ id: deleting.id });
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      >
        The list itself is not changed; {reach.deleteGoes}.
      </ConfirmDialog>
    </>
  );
}

function ViewRow({
  view,
  changeable,
  onOpen,
  onDelete,
}: {
  view: SavedView;
  /** Offered Rename and Delete. */
  changeable: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const renameView = useRenameView();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(view.name);
  const inputId = useId();
  const pending = isPendingView(view);

  if (renaming && changeable) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (name.trim() === "") return;
      renameView.mutate({ id: view.id, name });
      setRenaming(false);
    };
    return (
      <li>
        <form onSubmit={submit} className="flex items-center gap-1.5">
          <label htmlFor={inputId} className="sr-only">
            New name of “{view.name}”
          </label>
          <input
            id={inputId}
            // biome-ignore lint/a11y/noAutofocus: the rename button was pressed to type this name.
            autoFocus
            value={name}
            maxLength={VIEW_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                event.stopPropagation();
                setRenaming(false);
              }
            }}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950"
          />
          <button type="submit" className={buttonClass("primary", "px-2 py-1")}>
            Save
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-1">
      <Link
        to={SAVED_VIEW_LIST_PATHS[view.list]}
        // The list's route validates the search as it does any address.
        search={view.search as never}
        onClick={onOpen}
        className="min-w-0 flex-1 truncate rounded px-2 py-1.5 font-medium text-sky-800 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-slate-800"
      >
        {view.name}
      </Link>
      {changeable ? (
        <>
          <button
            type="button"
            aria-label={`Rename view ${view.name}`}
            // Until the save comes back there is no id to rename or delete by.
            disabled={pending}
            title={pending ? "Being saved…" : undefined}
            className={buttonClass("ghost", "px-2 py-1 text-xs")}
            onClick={() => {
              setName(view.name);
              setRenaming(true);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            aria-label={`Delete view ${view.name}`}
            disabled={pending}
            title={pending ? "Being saved…" : undefined}
            className={buttonClass("ghost", "px-2 py-1 text-xs text-red-700 dark:text-red-300")}
            onClick={onDelete}
          >
            Delete
          </button>
        </>
      ) : null}
    </li>
  );
}
