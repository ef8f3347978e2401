// Documents' server state: queryOptions factories (keys general → specific), the upload with progress, and the
// mutations of a document's page (rotate, read again, track its numbers). A document still being read is asked
// again every 2 s until the live stream's `document.extracted` (or the poll) shows it read.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  acceptedSchema,
  type Document,
  documentSchema,
  downloadUrlSchema,
  inboundEmailDocumentSchema,
} from "../../../api/documents";
import { inferNumberDocumentSchema } from "../../../api/infer-number";
import { listDocument, singleDocument } from "../../../api/json-api";
import { trackingRequestSchema } from "../../../api/tracking-requests";
import { apiRequest, apiUpload } from "../../lib/api-client";
import { queryRoots } from "../../lib/query-roots";

export const documentListDocument = listDocument(documentSchema);
export const documentDocument = singleDocument(documentSchema);

export const documentKeys = {
  all: queryRoots.documents,
  lists: () => [...documentKeys.all, "list"] as const,
  list: (page: number) => [...documentKeys.lists(), page] as const,
  details: () => [...documentKeys.all, "detail"] as const,
  detail: (id: string) => [...documentKeys.details(), id] as const,
  file: (id: string) => [...documentKeys.all, "file", id] as const,
  inbound: () => [...documentKeys.all, "inbound-email"] as const,
};

const PENDING_POLL_MS = 2_000;
const anyPending = (documents: readonly Document[]) =>
  documents.some((d) => d.attributes.extraction_status === "pending");

export function documentsListQuery(page = 1) {
  return queryOptions({
    queryKey: documentKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest("/v2/documents", {
        schema: documentListDocument,
        query: { "page[number]": page, "page[size]": 50 },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data && anyPending(query.state.data.data) ? PENDING_POLL_MS : false,
  });
}

export function documentQuery(id: string) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/v2/documents/${encodeURIComponent(id)}`, {
        schema: documentDocument,
        query: { include: "last_document_representation,shipments,cargos,email_submission" },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data && anyPending([query.state.data.data]) ? PENDING_POLL_MS : false,
  });
}

/** The file's bytes through a fresh signed link (a link lasts 5 minutes: fetched when the page needs the file). */
export function documentFileQuery(id: string) {
  return queryOptions({
    queryKey: documentKeys.file(id),
    queryFn: async ({ signal }) => {
      const { download_url } = await apiRequest(`/v2/documents/${encodeURIComponent(id)}/download_url`, {
        schema: downloadUrlSchema,
        signal,
      });
      const response = await fetch(download_url, { signal });
      if (!response.ok) throw new Error(`The file could not be downloaded (${response.status}).`);
      return new Uint8Array(await response.arrayBuffer());
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function inboundEmailQuery() {
  return queryOptions({
    queryKey: documentKeys.inbound(),
    queryFn: ({ signal }) => apiRequest("/v2/inbound_email", { schema: inboundEmailDocumentSchema, signal }),
    staleTime: 60_000,
  });
}

/** Uploads one file as a document (multipart), telling its progress. */
export async function uploadDocument(file: File, onProgress: (share: number) => void): Promise<Document> {
  const form = new FormData();
  form.set("file", file, file.name);
  form.set("name", file.name);
  const document = await apiUpload("/v2/documents", form, { schema: documentDocument, onProgress });
  return document.data;
}

export function useDocumentActionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: "reextract" } | { kind: "rotate"; degrees: 90 | 180 | 270 }) =>
      apiRequest(`/v2/documents/${encodeURIComponent(id)}/${action.kind}`, {
        method: "POST",
        schema: acceptedSchema,
        ...(action.kind === "rotate" ? { body: { degrees: action.degrees } } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.detail(id) }),
  });
}

const trackingRequestDocument = singleDocument(trackingRequestSchema);

export interface NumberToTrack {
  number: string;
  numberType: "container" | "bill_of_lading" | "booking";
  /** The line the document names; otherwise the one infer_number selects. */
  scac: string | null;
}

const REQUEST_TYPES = {
  container: "container",
  bill_of_lading: "bill_of_lading",
  booking: "booking_number",
} as const;

/** One tracking request per number, its line the document's or the inferred one; answers what became of each. */
export async function trackNumbers(
  numbers: readonly NumberToTrack[],
  refNumbers: readonly string[],
): Promise<{ number: string; ok: boolean; detail: string }[]> {
  const results = [];
  for (const n of numbers) {
    try {
      let scac = n.scac;
      if (!scac) {
        const inferred = await apiRequest("/v2/tracking_requests/infer_number", {
          method: "POST",
          schema: inferNumberDocumentSchema,
          body: { number: n.number },
        });
        scac = inferred.data.attributes.shipping_line.selected?.scac ?? null;
      }
      if (!scac) {
        results.push({
          number: n.number,
          ok: false,
          detail: "No shipping line could be told from the number.",
        });
        continue;
      }
      await apiRequest("/v2/tracking_requests", {
        method: "POST",
        schema: trackingRequestDocument,
        body: {
          data: {
            type: "tracking_request",
            attributes: {
              request_type: REQUEST_TYPES[n.numberType],
              request_number: n.number,
              scac,
              ref_numbers: refNumbers.slice(0, 10),
            },
          },
        },
      });
      results.push({ number: n.number, ok: true, detail: "Tracking requested." });
    } catch (error) {
      results.push({
        number: n.number,
        ok: false,
        detail: error instanceof Error ? error.message : "Failed.",
      });
    }
  }
  return results;
}

export function useTrackNumbersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { numbers: NumberToTrack[]; refNumbers: string[] }) =>
      trackNumbers(input.numbers, input.refNumbers),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.trackingRequests }),
      ]),
  });
}
