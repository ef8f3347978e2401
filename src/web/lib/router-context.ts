// What every route receives from the router: the one QueryClient, so loaders can warm its cache.
import type { QueryClient } from "@tanstack/react-query";

export interface RouterContext {
  queryClient: QueryClient;
}
