// A search box that commits what was typed after a short pause (or at once on Enter), kept in step with the URL.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";

const DEBOUNCE_MS = 350;

export function SearchField({
  label,
  placeholder,
  value,
  onCommit,
}: {
  label: string;
  placeholder: string;
  /** The committed value (from the URL). */
  value: string;
  onCommit: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const committed = useRef(value);
  // The latest onCommit, for a timer set during an earlier render; kept current after each render (not during
  // it, which React forbids).
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });
  const commit = (next: string) => {
    committed.current = next;
    onCommitRef.current(next);
  };

  // Back/forward or a link changed the URL: show what the URL says. Our own commits arriving
  // in the URL are left alone, so that what was typed meanwhile is not overwritten.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== committed.current) commit(next.trim());
    }, DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    if (text.trim() !== committed.current) commit(text.trim());
  };

  return (
    <search className="relative block w-full max-w-md">
      <form onSubmit={onSubmit}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 text-slate-400"
        >
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m13 13 4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => schedule(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm text-slate-900 placeholder:text-(--muted-text) focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
      </form>
    </search>
  );
}
