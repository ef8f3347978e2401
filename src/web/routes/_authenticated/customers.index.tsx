// /customers: the account's parties (its customers), found by name, paged, renamed in place; the page lives in the URL.
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { CustomersPage } from "../../features/customers/customers-page";
import {
  CUSTOMERS_SEARCH_DEFAULTS,
  customersSearchSchema,
  partiesViewOf,
} from "../../features/customers/search";
import { partiesListQuery } from "../../lib/parties";

export const Route = createFileRoute("/_authenticated/customers/")({
  validateSearch: customersSearchSchema,
  search: { middlewares: [stripSearchParams(CUSTOMERS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(partiesListQuery(partiesViewOf(deps))),
  head: () => ({ meta: [{ title: "Customers · Boxtrack" }] }),
  component: CustomersPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="customers" />,
});
