// Whether the browser has painted a frame since something became ready: for what should wait until the page has
// shown what it already has (the list beside the map waits for the map's first frame).
import { startTransition, useEffect, useState } from "react";

/**
 * False until `ready` is true and a frame has been painted since; then true for good. What it reveals renders as a
 * transition: React then yields to the browser every few milliseconds instead of holding the main thread for the
 * whole of it (the list's rows, each with dates formatted in its port's zone, took one long task).
 */
export function usePaintedSince(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before that frame is painted; a task it queues runs after the paint.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [ready, painted]);
  return painted;
}
