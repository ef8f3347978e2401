// The quiet "Updated just now" beside a list or a page's data: how fresh what is shown is, now that live events
// refresh it. The words are redrawn only when they change, and the screen reader hears about an update at most once
// a minute, and never about the clock moving on: the visible line is not a live region, the hidden one below is.
import { type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { elapsedWords, nextWordsChangeIn } from "../lib/elapsed-words";

/** The least time between two announcements of an update: a busy list must not keep talking. */
export const ANNOUNCE_EVERY_MS = 60_000;

/** `at`: when the data was fetched (a query's `dataUpdatedAt`, epoch milliseconds); `what`: "Shipments" (announced). */
export function UpdatedAgo({ at, what }: { at: number; what: string }) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const elapsed = Date.now() - at;
  // Redrawn when the words change (after every render, the one timer is set again for the next change).
  useEffect(() => {
    const timer = setTimeout(redraw, nextWordsChangeIn(elapsed));
    return () => clearTimeout(timer);
  });

  const [announcement, setAnnouncement] = useState("");
  const first = useRef(at);
  const lastAnnounced = useRef(0);
  useEffect(() => {
    if (at === first.current) return;
    const time = Date.now();
    if (time - lastAnnounced.current < ANNOUNCE_EVERY_MS) return;
    lastAnnounced.current = time;
    setAnnouncement(`${what} updated.`);
  }, [at, what]);

  return (
    <span className="whitespace-nowrap">
      <time dateTime={new Date(at).toISOString()} title={new Date(at).toLocaleString()}>
        Updated {elapsedWords(elapsed)}
      </time>
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </span>
  );
}

/** A page header's description followed by " · Updated just now". */
export function WithUpdatedAgo({ children, at, what }: { children: ReactNode; at: number; what: string }) {
  return (
    <>
      {/* In an element of its own, so that the description still reads (and is found) as it was. */}
      <span>{children}</span>
      <span aria-hidden="true"> · </span>
      <UpdatedAgo at={at} what={what} />
    </>
  );
}
