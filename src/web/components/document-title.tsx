// The document's title from the matched routes' `head` titles, the deepest one winning. The dashboard's heads hold
// nothing but a title; this is what the router's HeadContent would do for it, without the 4 kB of code that also
// renders meta, link and script tags into the first script every page loads.
import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";

export function DocumentTitle() {
  const title = useRouterState({
    select: (state) => {
      for (let i = state.matches.length - 1; i >= 0; i--) {
        const found = state.matches[i]?.meta?.find((m) => m?.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
