// After a navigation to another page, the keyboard's place moves to the new page's heading, as a screen reader user
// expects: the link or option that was used went with the old page, and focus would otherwise fall to <body>, the
// next Tab starting again at the top of the document. Only when it fell: a page that focuses a field of its own
// keeps it, a dialog keeps its focus, and a new filter, sort or page of the same list (same path) leaves it alone.
// Not on the first load either, where the browser's own start (the "Skip to content" link first) is right.
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

export function RouteFocus() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe("onRendered", (event) => {
        if (!event.fromLocation || !event.pathChanged) return;
        const active = document.activeElement;
        if (active && active !== document.body) return;
        focusPageHeading({ preventScroll: true });
      }),
    [router],
  );
  return null;
}

/** Moves the keyboard's place to the page's heading (also for a control that takes itself away when used). */
export function focusPageHeading(options?: FocusOptions) {
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (!heading) return;
  // Focusable by script only (not a Tab stop); styles.css draws no ring on it.
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus(options);
}
