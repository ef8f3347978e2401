// The frame around every page: the document's title, navigation pending bar, the page, and the toasts.
import { Outlet } from "@tanstack/react-router";
import { DocumentTitle } from "./document-title";
import { PendingBar } from "./pending-bar";
import { Toaster } from "./toaster";

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <PendingBar />
      <Outlet />
      <Toaster />
    </>
  );
}
