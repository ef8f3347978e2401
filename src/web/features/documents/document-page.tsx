// One document: the file on the left, what was read of it on the right (type and why, fields, the numbers with
// their Track ticks), the shipments it is linked to, and reading it again. What changes the document (reading it
// again, turning it, tracking its numbers) is for the roles that may track; the others are told why.
import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import type { DocumentPayload } from "../../../api/document-schemas";
import { documentTypeLabel } from "../../../api/document-types";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ExtractionBadge, failureWords } from "./extraction-badge";
import { FieldsPanel, LinkedShipments } from "./fields-panel";
import { FileView } from "./file-view";
import { documentQuery, useDocumentActionMutation } from "./queries";

const route = getRouteApi("/_authenticated/documents/$documentId");

export function DocumentPage() {
  const { documentId } = route.useParams();
  const { data } = useSuspenseQuery(documentQuery(documentId));
  const document = data.data;
  const a = document.attributes;
  const reextract = useDocumentActionMutation(document.id);
  const representation = data.included?.find((r) => r.type === "document_representation");
  const payload = representation?.attributes?.payload as DocumentPayload | undefined;
  const email = data.included?.find((r) => r.type === "email_submission")?.attributes as
    | { subject?: string; from?: string[] }
    | undefined;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/documents" className="underline">
          Documents
        </Link>
      </p>
      <PageHeader
        title={a.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <ExtractionBadge document={document} />
            <span>{documentTypeLabel(a.document_type_manual ?? a.document_type)}</span>
            {a.page_count ? <span>· {a.page_count === 1 ? "1 page" : `${a.page_count} pages`}</span> : null}
          </span>
        }
        actions={
          <Allowed permission="track" what="Reading a document again">
            <button
              type="button"
              className={buttonClass()}
              disabled={reextract.isPending || a.extraction_status === "pending"}
              onClick={() => reextract.mutate({ kind: "reextract" })}
            >
              Read again
            </button>
          </Allowed>
        }
      />
      {email ? (
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
          Came by email from {email.from?.join(", ") || "an unknown sender"}: “{email.subject || "no subject"}
          ”.
        </p>
      ) : null}
      {a.classification_notes ? (
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">{a.classification_notes}</p>
      ) : null}
      {a.extraction_status === "failed" ? (
        <p role="status" className="mb-4 text-sm text-amber-900 dark:text-amber-200">
          {failureWords(a.extraction_failure_reason)}
        </p>
      ) : null}
      <LinkedShipments document={document} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        {/* On a phone the fields come first: the file's pages are long to scroll past. */}
        <div className="order-2 min-w-0 lg:order-1">
          <FileView document={document} />
        </div>
        <div className="order-1 min-w-0 lg:order-2">
          {a.extraction_status === "pending" ? (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              Reading the document…
            </p>
          ) : (
            <FieldsPanel key={representation?.id ?? "none"} document={document} payload={payload} />
          )}
        </div>
      </div>
    </>
  );
}
