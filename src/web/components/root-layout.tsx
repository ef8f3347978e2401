// The frame around every page: document head, navigation pending bar, the page, and the toasts.
import { HeadContent, Outlet } from "@tanstack/react-router";
import { PendingBar } from "./pending-bar";
import { Toaster } from "./toaster";

export function RootLayout() {
  return (
    <>
      <HeadContent />
      <PendingBar />
      <Outlet />
      <Toaster />
    </>
  );
}
