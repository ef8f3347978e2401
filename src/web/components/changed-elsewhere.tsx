// The notice a settings form shows when what is saved changed, while the person was editing, in a field they changed
// too: their edit stays (an answer never overwrites what they typed), and they choose between saving over the
// change and taking it.
import { buttonClass } from "./button";

export function ChangedElsewhere({ what, onTakeSaved }: { what: string; onTakeSaved: () => void }) {
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p>
        {what} changed while you were editing, in a field you changed too (a teammate, another tab of yours,
        or the service itself). Your edit is shown, and saving replaces that change; the fields you did not
        change show the saved settings.
      </p>
      <button type="button" className={`${buttonClass("secondary")} mt-2`} onClick={onTakeSaved}>
        Discard my edits and show the saved settings
      </button>
    </div>
  );
}
