// "Save view": asks for a name (a modal native <dialog>: labelled, Escape closes, the page behind is inert) and says
// when the name is already a view's, which saving then replaces, and who will see the view.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSavedViewsReach, VIEW_NAME_MAX } from "../lib/saved-views";
import { buttonClass } from "./button";

export function SaveViewDialog({
  open,
  initialName,
  existingNames,
  onSave,
  onClose,
}: {
  open: boolean;
  initialName: string;
  /** Names of the list's views, to warn that saving replaces one. */
  existingNames: readonly string[];
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const inputId = useId();
  const noteId = useId();
  const reach = useSavedViewsReach();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setName(initialName);
      setError(null);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialName]);

  const replaces = existingNames.some((n) => n.trim().toLowerCase() === name.trim().toLowerCase());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") {
      setError("Give the view a name, such as “LFD this week”.");
      return;
    }
    onSave(trimmed);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} className="space-y-4 p-5" noValidate>
        <h2 id={titleId} className="text-lg font-semibold">
          Save view
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Keeps this list's filters, sort and columns under a name, {reach.keptFor}. Saved views are listed in
          the navigation.
        </p>
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium">
            View name
          </label>
          <input
            id={inputId}
            autoFocus
            value={name}
            maxLength={VIEW_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby={noteId}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-950"
          />
          <p id={noteId} className="mt-1 text-sm">
            {error ? (
              <span className="text-red-700 dark:text-red-300">{error}</span>
            ) : replaces ? (
              <span className="text-amber-800 dark:text-amber-300">
                A view has this name: saving replaces it.
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass("ghost")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")}>
            Save view
          </button>
        </div>
      </form>
    </dialog>
  );
}
