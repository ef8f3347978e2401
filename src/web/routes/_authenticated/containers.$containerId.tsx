// /containers/$containerId: one container's attributes (a later issue adds its event timeline).
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { ContainerPage } from "../../features/containers/container-page";
import { containerQuery } from "../../features/containers/queries";

export const Route = createFileRoute("/_authenticated/containers/$containerId")({
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(containerQuery(params.containerId));
    return { title: document.data.attributes.number };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? "Container"} · Boxtrack` }] }),
  component: ContainerPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this container" />,
});
