// /containers: the containers list with its triage columns, filters (`filter[name]` params), sort and columns, all in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { TableSkeleton } from "../../components/skeleton";
import { ContainersPage } from "../../features/containers/containers-page";
import { containersListQuery } from "../../features/containers/queries";
import {
  CONTAINERS_SEARCH_DEFAULTS,
  containersListView,
  containersSearchSchema,
} from "../../features/containers/search";
import { loadListFields, slugsOf } from "../../lib/custom-field-list";
import { loadList } from "../../lib/list-query";

export const Route = createFileRoute("/_authenticated/containers/")({
  validateSearch: containersSearchSchema,
  search: { middlewares: [stripSearchParams(CONTAINERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => containersListView(search),
  // The account's custom fields first (kept a while): the list's request asks for their values.
  loader: async ({ context, deps, cause }) => {
    const slugs = slugsOf(await loadListFields(context.queryClient, "Container"));
    return loadList(context.queryClient, containersListQuery(deps, slugs), cause);
  },
  head: () => ({ meta: [{ title: "Containers · Boxtrack" }] }),
  component: ContainersPage,
  pendingComponent: () => <TableSkeleton label="Loading containers" columns={9} />,
  errorComponent: (props) => <RouteErrorPage {...props} what="containers" />,
});
