// /documents/$documentId: a document's file beside what was read of it, and tracking its numbers.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { DocumentPage } from "../../features/documents/document-page";
import { documentQuery } from "../../features/documents/queries";

export const Route = createFileRoute("/_authenticated/documents/$documentId")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(documentQuery(params.documentId));
    return { title: document.data.attributes.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? "Document"} · Boxtrack` }] }),
  component: DocumentPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="this document" />,
});
