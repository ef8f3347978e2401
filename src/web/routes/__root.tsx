// The root route: page chrome shared by every page (pending bar, toasts, head tags) and the not-found page.
import { createRootRouteWithContext } from "@tanstack/react-router";
import { NotFoundPage } from "../components/not-found-page";
import { RootLayout } from "../components/root-layout";
import type { RouterContext } from "../lib/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: "Boxtrack" }] }),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
