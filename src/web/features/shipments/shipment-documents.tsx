// A shipment's documents: the paperwork that names its bill of lading, booking or one of its containers, found by
// the API (`GET /v2/documents?filter[shipment_id]=…`). Under the documents' query root, so that a document read
// (the live stream's `document.extracted`) refreshes this list too.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { documentTypeLabel } from "../../../api/document-types";
import { documentSchema } from "../../../api/documents";
import { listDocument } from "../../../api/json-api";
import { apiRequest } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

const documentList = listDocument(documentSchema);

export function shipmentDocumentsQuery(shipmentId: string) {
  return queryOptions({
    queryKey: [...queryRoots.documents, "shipment", shipmentId] as const,
    queryFn: ({ signal }) =>
      apiRequest("/v2/documents", {
        schema: documentList,
        query: { "filter[shipment_id]": shipmentId, "page[size]": 50 },
        signal,
      }),
  });
}

export function ShipmentDocuments({ shipmentId }: { shipmentId: string }) {
  const { data, isError } = useQuery(shipmentDocumentsQuery(shipmentId));
  // A /v2 server without documents (404) shows nothing here.
  if (isError || !data) return null;
  return (
    <section aria-labelledby="documents-heading" className="mt-8">
      <h2 id="documents-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
        Documents <span className="font-normal text-slate-500 dark:text-slate-400">({data.meta.total})</span>
      </h2>
      {data.data.length === 0 ? (
        <p className="text-sm text-(--muted-text)">No document names this shipment yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {data.data.map((d) => (
            <li key={d.id}>
              <Link to="/documents/$documentId" params={{ documentId: d.id }} className="underline">
                {d.attributes.name}
              </Link>{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({documentTypeLabel(d.attributes.document_type_manual ?? d.attributes.document_type)})
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
