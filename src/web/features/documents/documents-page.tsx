// Documents: drop paperwork to have it read, see each document's type and where its reading stands, and the
// account's address for forwarding mail with attachments. Uploading is for the roles that may track.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { documentTypeLabel } from "../../../api/document-types";
import type { Document } from "../../../api/documents";
import { Allowed } from "../../components/allowed";
import type { DataColumn } from "../../components/data-table/columns";
import { DataTable } from "../../components/data-table/data-table";
import { RowLink } from "../../components/data-table/row-link";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatUtc, plural } from "../../lib/format";
import { ExtractionBadge } from "./extraction-badge";
import { documentsListQuery, inboundEmailQuery } from "./queries";
import { UploadZone } from "./upload-zone";

export function DocumentsPage() {
  const { data } = useSuspenseQuery(documentsListQuery());
  const documents = data.data;
  return (
    <>
      <PageHeader
        title="Documents"
        description={
          documents.length === 0
            ? "Bills of lading, arrival notices and other paperwork, read for their numbers and dates."
            : `${plural(data.meta.total, "document")}; each is read for its type, numbers and dates.`
        }
      />
      <Allowed permission="track" what="Uploading documents" className="mb-8 max-w-prose">
        <UploadZone />
      </Allowed>
      <InboundAddress />
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
          All documents
        </h2>
        {documents.length === 0 ? (
          <EmptyState title="No documents yet">
            Drop a bill of lading or an arrival notice above: its container, bill of lading and booking
            numbers are read, and you can track them in one click.
          </EmptyState>
        ) : (
          <DataTable
            tableId="documents"
            caption="Documents"
            columns={COLUMNS}
            rows={documents}
            rowKey={(d) => d.id}
            minWidthClass="min-w-[44rem]"
          />
        )}
      </section>
    </>
  );
}

function InboundAddress() {
  const { data } = useQuery(inboundEmailQuery());
  const address = data?.data.attributes.address;
  if (!address) return null;
  return (
    <p className="mb-8 text-sm text-slate-700 dark:text-slate-300">
      Or forward mail with attachments to <span className="break-all font-mono">{address}</span>: each
      attachment becomes a document.
    </p>
  );
}

const COLUMNS: readonly DataColumn<Document>[] = [
  {
    id: "name",
    header: "Name",
    card: "title",
    cell: (d) => (
      <RowLink to="/documents/$documentId" params={{ documentId: d.id }}>
        {d.attributes.name}
      </RowLink>
    ),
  },
  {
    id: "type",
    header: "Type",
    card: "fact",
    cell: (d) => documentTypeLabel(d.attributes.document_type_manual ?? d.attributes.document_type),
  },
  { id: "status", header: "Reading", card: "fact", cell: (d) => <ExtractionBadge document={d} /> },
  {
    id: "numbers",
    header: "Not tracked yet",
    cell: (d) =>
      d.attributes.untracked_numbers.length === 0
        ? "None"
        : plural(d.attributes.untracked_numbers.length, "number"),
  },
  { id: "source", header: "Came by", cell: (d) => (d.attributes.source === "email" ? "Email" : "Upload") },
  {
    id: "created",
    header: "Added",
    cell: (d) => (
      <time dateTime={d.attributes.created_at}>{formatUtc(new Date(d.attributes.created_at))}</time>
    ),
  },
];
