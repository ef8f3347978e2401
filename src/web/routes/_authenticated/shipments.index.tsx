// /shipments: the paged, searchable, filterable list; its state lives in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { TableSkeleton } from "../../components/skeleton";
import { shipmentsListQuery } from "../../features/shipments/queries";
import {
  SHIPMENTS_SEARCH_DEFAULTS,
  shipmentsListView,
  shipmentsSearchSchema,
} from "../../features/shipments/search";
import { ShipmentsPage } from "../../features/shipments/shipments-page";
import { loadList } from "../../lib/list-query";

export const Route = createFileRoute("/_authenticated/shipments/")({
  validateSearch: shipmentsSearchSchema,
  search: { middlewares: [stripSearchParams(SHIPMENTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => shipmentsListView(search),
  loader: ({ context, deps, cause }) => loadList(context.queryClient, shipmentsListQuery(deps), cause),
  head: () => ({ meta: [{ title: "Shipments · Boxtrack" }] }),
  component: ShipmentsPage,
  pendingComponent: () => <TableSkeleton label="Loading shipments" columns={7} />,
  errorComponent: (props) => <RouteErrorPage {...props} what="shipments" />,
});
