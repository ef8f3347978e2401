// A form over saved settings that may change while it is open (a teammate saves, the service pauses a webhook or
// turns a connection's push off, the person's other tab): the form follows the saved settings until the person
// edits, and from then on never lets an answer overwrite or mix into what they typed (issue 35).
import { useRef, useState } from "react";

type Form<T> = {
  /** The saved settings the state started from, as JSON: a new answer with the same settings changes nothing. */
  from: string;
  state: T;
  /** The person changed something since the form started from `from`. */
  edited: boolean;
};

export type SavedFormState<T> = {
  state: T;
  /** The person's change: from now on the form keeps their edits over newer saved settings. */
  edit: (change: (state: T) => T) => void;
  /** The saved settings changed since the form started from them, while the person had edits of their own. */
  changedElsewhere: boolean;
  /** Drops the edits and starts over from the latest saved settings (the person's choice when they changed). */
  takeSaved: () => void;
  /** The edits were just saved: the answer (now or when it arrives) becomes the form's state. */
  settle: () => void;
};

export function useSavedFormState<S, T>(saved: S, toState: (saved: S) => T): SavedFormState<T> {
  const savedKey = JSON.stringify(saved);
  const [form, setForm] = useState<Form<T>>(() => ({ from: savedKey, state: toState(saved), edited: false }));
  const latest = useRef({ saved, savedKey, toState });
  latest.current = { saved, savedKey, toState };

  // Nothing edited: newer saved settings simply show (state adjusted while rendering, as React advises for a
  // value that follows a prop; the render starts again at once with it).
  let current = form;
  if (savedKey !== form.from && !form.edited) {
    current = { from: savedKey, state: toState(saved), edited: false };
    setForm(current);
  }

  const fresh = (): Form<T> => {
    const { saved: s, savedKey: key, toState: to } = latest.current;
    return { from: key, state: to(s), edited: false };
  };
  return {
    state: current.state,
    edit: (change) => setForm((f) => ({ ...f, state: change(f.state), edited: true })),
    changedElsewhere: savedKey !== current.from,
    takeSaved: () => setForm(fresh()),
    settle: () => setForm((f) => ({ ...f, edited: false })),
  };
}
