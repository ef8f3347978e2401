// The frame around every page: the document's title, navigation pending bar, focus on arrival, the page, the toasts.
import { Outlet } from "@tanstack/react-router";
import { DocumentTitle } from "./document-title";
import { PendingBar } from "./pending-bar";
import { RouteFocus } from "./route-focus";
import { Toaster } from "./toaster";

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <PendingBar />
      <RouteFocus />
      <Outlet />
      <Toaster />
    </>
  );
}
