// Whether a CSS media query matches now, following it as the window changes: for layouts that differ in structure
// (a list drawn as cards on a phone), where hiding one of two renderings with CSS would double the page's links.
import { useCallback, useSyncExternalStore } from "react";

/** Narrower than Tailwind's `sm` breakpoint (40rem): a phone held upright. */
export const PHONE_QUERY = "(max-width: 39.99rem)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
