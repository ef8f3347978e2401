// The dashboard's entry point: one QueryClient and the router, nothing else.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouteErrorPage } from "./components/error-page";
import { NotFoundPage } from "./components/not-found-page";
import { showToast } from "./components/toaster";
import { ApiError, describeError, onUnauthorized } from "./lib/api-client";
import { stringifySearch } from "./lib/search-params";
import { routeTree } from "./route-tree.gen";
import "./styles.css";

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by asking again; network trouble and 5xx might.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
  queryCache: new QueryCache({
    // Failures of a first load are shown by the page's error state; these are refreshes of data already shown.
    onError: (error, query) => {
      if (query.state.data !== undefined && !isSignedOut(error)) {
        showToast({ kind: "error", title: "Could not refresh data", message: describeError(error) });
      }
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (isSignedOut(error)) return;
      // `true`: the form shows 422s beside its fields; "all": the form shows every error itself.
      const inline = mutation.meta?.errorsShownInline;
      if (inline === "all") return;
      if (inline && error instanceof ApiError && error.status === 422) return;
      showToast({ kind: "error", title: "The change was not saved", message: describeError(error) });
    },
  }),
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // React Query decides what is fresh; the router always asks it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // `filter[on_hold]=true` as the API spells it (see search-params.ts).
  stringifySearch,
  defaultErrorComponent: (props) => <RouteErrorPage {...props} what="this page" />,
  defaultNotFoundComponent: NotFoundPage,
  Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

onUnauthorized((reason) => {
  const { location } = router.state;
  if (location.pathname === "/sign-in") return;
  queryClient.clear();
  void router.navigate({
    to: "/sign-in",
    search: { redirect: location.href, expired: reason === "rejected" || undefined },
    replace: true,
  });
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
