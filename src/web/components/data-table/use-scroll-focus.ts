// Whether a table's scroll box must itself take keyboard focus: when it scrolls (a wide table on a phone, a long
// one in its box) and holds nothing focusable, a keyboard user could not otherwise scroll it (WCAG 2.1.1; axe's
// scrollable-region-focusable). A box with links or buttons in it needs no extra tab stop: focusing those scrolls it.
import { type RefObject, useEffect, useState } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]";

export interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  hasFocusable: boolean;
}

export function needsOwnFocus(box: ScrollBox): boolean {
  const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
  return scrolls && !box.hasFocusable;
}

/**
 * Follows the box's size and its table's and says whether the box must be focusable. `rowCount`: looked at again
 * when it changes, since the box itself may only appear with the first rows (an empty list shows no box).
 */
export function useScrollFocus(ref: RefObject<HTMLElement | null>, rowCount: number): boolean {
  const [needed, setNeeded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowCount is only the signal to look again.
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const check = () =>
      setNeeded(
        needsOwnFocus({
          scrollWidth: frame.scrollWidth,
          clientWidth: frame.clientWidth,
          scrollHeight: frame.scrollHeight,
          clientHeight: frame.clientHeight,
          // The box's own tabindex (set by this hook) does not count: only what is inside it.
          hasFocusable: frame.querySelector(FOCUSABLE) !== null,
        }),
      );
    check();
    const observer = new ResizeObserver(check);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    return () => observer.disconnect();
  }, [ref, rowCount]);
  return needed;
}
