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
import { loadListFields, slugsOf } from "../../lib/custom-field-list";
import { loadList } from "../../lib/list-query";

export const Route = createFileRoute("/_authenticated/shipments/")({
  validateSearch: shipmentsSearchSchema,
  search: { middlewares: [stripSearchParams(SHIPMENTS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => shipmentsListView(search),
  // The account's custom fields first (kept a while): the list's request asks for their values.
  loader: async ({ context, deps, cause }) => {
    const slugs = slugsOf(await loadListFields(context.queryClient, "Shipment"));
    return loadList(context.queryClient, shipmentsListQuery(deps, slugs), cause);
  },
  head: () => ({ meta: [{ title: "Shipments · Boxtrack" }] }),
  component: ShipmentsPage,
  pendingComponent: () => <TableSkeleton label="Loading shipments" columns={7} />,
  errorComponent: (props) => <RouteErrorPage {...props} what="shipments" />,
});
