// /documents: drop paperwork to be read, the account's documents, and its address for mail in.
import { createFileRoute } from "@tanstack/react-router";
import { RouteErrorPage } from "../../components/error-page";
import { DocumentsPage } from "../../features/documents/documents-page";
import { documentsListQuery } from "../../features/documents/queries";

export const Route = createFileRoute("/_authenticated/documents/")({
  codeSplitGroupings: [["loader", "component"], ["errorComponent"]],
  loader: ({ context }) => context.queryClient.ensureQueryData(documentsListQuery()),
  head: () => ({ meta: [{ title: "Documents · Boxtrack" }] }),
  component: DocumentsPage,
  errorComponent: (props) => <RouteErrorPage {...props} what="documents" />,
});
