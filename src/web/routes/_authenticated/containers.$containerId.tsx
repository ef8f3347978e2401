// /containers/$containerId: one container's page. The loader starts the container, both event lists and the line's
// changes to its voyage and its custom fields at once, so that a deep link costs one round trip (the container's
// includes bring its shipment and terminals). The page waits for the first three; the voyage changes and the
// custom fields show when they come.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ContainerPage } from "../../features/containers/container-page";
import { ContainerPageSkeleton } from "../../features/containers/container-page-skeleton";
import {
  containerQuery,
  containerRawEventsQuery,
  containerTransportEventsQuery,
  voyageExceptionsQuery,
} from "../../features/containers/queries";
import { definitionsQuery, recordValuesQuery } from "../../lib/custom-fields";

export const Route = createFileRoute("/_authenticated/containers/$containerId")({
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(voyageExceptionsQuery(params.containerId));
    void queryClient.prefetchQuery(definitionsQuery("Container"));
    void queryClient.prefetchQuery(recordValuesQuery("containers", params.containerId));
    const [document] = await Promise.all([
      queryClient.ensureQueryData(containerQuery(params.containerId)),
      queryClient.ensureQueryData(containerTransportEventsQuery(params.containerId)),
      queryClient.ensureQueryData(containerRawEventsQuery(params.containerId)),
    ]);
    return { title: document.data.attributes.number };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? "Container"} · Boxtrack` }] }),
  component: ContainerPage,
  pendingComponent: ContainerPageSkeleton,
  errorComponent: (props) => <RouteErrorPage {...props} what="this container" />,
});
