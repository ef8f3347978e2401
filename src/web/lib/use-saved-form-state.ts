// A form over saved settings that may change while it is open (a teammate saves, the service pauses a webhook or
// turns a connection's push off, the person's other tab): every field the person has not changed follows the
// saved settings, and no answer ever overwrites or mixes into a field they changed (issue 35). Where the saved
// settings changed a field they changed too, their edit stays and the form says so until they choose.
import { useRef, useState } from "react";

type Form<T> = {
  /** The saved settings the fields are based on, as JSON: a new answer with the same settings changes nothing. */
  from: string;
  /** The fields as those saved settings give them: a field equal to its base is one the person has not changed. */
  base: T;
  state: T;
  /** A change from elsewhere met a field the person had changed. */
  conflict: boolean;
  /** The person's edits were just saved: the next saved settings (the answer) replace the fields outright. */
  adopt: boolean;
};

export type SavedFormState<T> = {
  state: T;
  /** The person's change of one or more fields. */
  edit: (fields: Partial<T>) => void;
  /** The saved settings changed a field the person had changed too: their edit is shown, the notice says so. */
  changedElsewhere: boolean;
  /** Drops the edits and shows the latest saved settings (the person's choice after a conflict). */
  takeSaved: () => void;
  /** The edits were just saved: the answer, when it arrives, becomes the fields. */
  settle: () => void;
};

/** Field values compared as the form holds them: sets by their members, anything else by its JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((x) => b.has(x));
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The person's edits carried onto newer saved settings, and whether one of them was changed elsewhere too. */
function rebase<T extends object>(form: Form<T>, from: string, next: T): Form<T> {
  const state = { ...next };
  let conflict = form.conflict;
  for (const key of Object.keys(form.state) as (keyof T)[]) {
    if (same(form.state[key], form.base[key])) continue;
    state[key] = form.state[key];
    if (!same(next[key], form.base[key]) && !same(next[key], form.state[key])) conflict = true;
  }
  return { from, base: next, state, conflict, adopt: false };
}

export function useSavedFormState<S, T extends object>(
  saved: S,
  toState: (saved: S) => T,
): SavedFormState<T> {
  const savedKey = JSON.stringify(saved);
  const fresh = (s: S, key: string): Form<T> => {
    const fields = toState(s);
    return { from: key, base: fields, state: fields, conflict: false, adopt: false };
  };
  const [form, setForm] = useState<Form<T>>(() => fresh(saved, savedKey));
  const latest = useRef({ saved, savedKey });
  latest.current = { saved, savedKey };

  // Newer saved settings: the fields follow them (state adjusted while rendering, as React advises for a value
  // that follows a prop; the render starts again at once with it).
  let current = form;
  if (savedKey !== form.from) {
    current = form.adopt ? fresh(saved, savedKey) : rebase(form, savedKey, toState(saved));
    setForm(current);
  }

  return {
    state: current.state,
    edit: (fields) => setForm((f) => ({ ...f, state: { ...f.state, ...fields }, adopt: false })),
    changedElsewhere: current.conflict,
    takeSaved: () => setForm(fresh(latest.current.saved, latest.current.savedKey)),
    settle: () => setForm((f) => ({ ...f, conflict: false, adopt: true })),
  };
}
