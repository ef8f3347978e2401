// JSON:API resources of documents and what comes with them, in the hosted API's shapes: `document` (with its
// links to shipments and containers, found from the numbers it names), `document_representation`,
// `email_submission`, `document_schema`, and this service's `document_upload` and `inbound_email`. Used by the
// /v2 handlers, webhook payloads and their examples alike.
import {
  type DocumentPayload,
  fullVersionOf,
  payloadJsonSchema,
  SCHEMA_ACTIVE_AT,
  SCHEMA_VERSION,
} from "../../api/document-schemas";
import { type DocumentType, documentTypeLabel } from "../../api/document-types";
import type {
  Document,
  DocumentRepresentation,
  EmailSubmission,
  InboundEmail,
  UntrackedNumber,
} from "../../api/documents";
import type { DocumentBlobRow } from "../db/document-blobs";
import type { DocumentLinks, DocumentRow, RepresentationRow } from "../db/documents";
import type { EmailSubmissionRow, InboundEmailRow } from "../db/inbound-email";
import { ref } from "./refs";

const untracked = (links: DocumentLinks | undefined): UntrackedNumber[] =>
  (links?.untracked ?? []).map((n) => ({
    number: n.number,
    number_type: n.numberType as UntrackedNumber["number_type"],
    scac: n.scac,
  }));

export function documentResource(
  row: DocumentRow,
  blob: Pick<DocumentBlobRow, "filename" | "contentType" | "byteSize">,
  links: DocumentLinks | undefined,
): Document {
  return {
    id: row.id,
    type: "document",
    attributes: {
      id: row.id,
      name: row.name,
      document_type: row.documentType,
      document_type_manual: row.documentTypeManual,
      classification_notes: row.classificationNotes,
      source: row.source as Document["attributes"]["source"],
      file_name: blob.filename,
      file_content_type: blob.contentType,
      file_size_bytes: blob.byteSize,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      extraction_status: row.extractionStatus as Document["attributes"]["extraction_status"],
      extraction_failure_reason: row.extractionFailureReason,
      extracted_at: row.extractedAt?.toISOString() ?? null,
      page_count: row.pageCount,
      rotation: row.rotation,
      extracted_data_manual: row.extractedDataManual,
      untracked_numbers: untracked(links),
    },
    relationships: {
      account: ref("account", row.accountId),
      user: ref("user", row.userId),
      email_submission: ref("email_submission", row.emailSubmissionId),
      last_document_representation: ref("document_representation", row.lastRepresentationId),
      shipments: { data: (links?.shipmentIds ?? []).map((id) => ({ id, type: "shipment" as const })) },
      cargos: { data: (links?.containerIds ?? []).map((id) => ({ id, type: "container" as const })) },
    },
    links: { self: `/v2/documents/${row.id}`, download: `/v2/documents/${row.id}/download_url` },
  };
}

export function representationResource(row: RepresentationRow): DocumentRepresentation {
  return {
    id: row.id,
    type: "document_representation",
    attributes: {
      schema_version: (row.payload as Partial<DocumentPayload>).schema ?? row.schemaVersion,
      payload: row.payload,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    relationships: { document: ref("document", row.documentId) },
  };
}

export function emailSubmissionResource(row: EmailSubmissionRow, documentIds: string[]): EmailSubmission {
  return {
    id: row.id,
    type: "email_submission",
    attributes: {
      subject: row.subject,
      body: row.body,
      from: row.fromAddresses,
      to: row.toAddresses,
      cc: row.ccAddresses,
      sent_at: row.sentAt?.toISOString() ?? null,
      message_id: row.messageId,
      in_reply_to: row.inReplyTo,
      references: row.references,
      content_type: row.contentType,
      documents_count: documentIds.length,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      untracked_numbers: row.untrackedNumbers as UntrackedNumber[],
    },
    relationships: {
      account: ref("account", row.accountId),
      user: ref("user", null),
      documents: { data: documentIds.map((id) => ({ id, type: "document" as const })) },
    },
    links: { self: `/v2/email_submissions/${row.id}` },
  };
}

export function documentSchemaResource(type: DocumentType) {
  const id = fullVersionOf(type);
  return {
    id,
    type: "document_schema" as const,
    attributes: {
      document_type: type,
      label: documentTypeLabel(type),
      schema_version: SCHEMA_VERSION,
      full_version: id,
      current: true,
      draft: false,
      active_at: SCHEMA_ACTIVE_AT,
      schema_format: "json_schema" as const,
      description: `The fields this service reads from a ${documentTypeLabel(type).toLowerCase()}, each with its page and a confidence from 0 to 1.`,
      schema_payload: payloadJsonSchema(type),
      created_at: SCHEMA_ACTIVE_AT,
      updated_at: SCHEMA_ACTIVE_AT,
    },
    links: { self: `/v2/document_schemas/${id}` },
  };
}

export function documentUploadResource(blob: DocumentBlobRow) {
  return {
    id: blob.id,
    type: "document_upload" as const,
    attributes: {
      signed_id: blob.id,
      filename: blob.filename,
      content_type: blob.contentType,
      byte_size: blob.byteSize,
      checksum: blob.checksum ?? "",
      created_at: blob.createdAt.toISOString(),
    },
  };
}

/** The address mail for an account goes to, `<token>@<domain>`; null when the service takes no mail in. */
export function inboundAddress(token: string, domain: string | undefined): string | null {
  return domain ? `${token}@${domain}` : null;
}

export function inboundEmailResource(row: InboundEmailRow, domain: string | undefined): InboundEmail {
  return {
    id: row.accountId,
    type: "inbound_email",
    attributes: {
      address: inboundAddress(row.token, domain),
      enabled: domain !== undefined,
      allowed_sender_domains: row.allowedSenderDomains,
      auto_track_document_types: row.autoTrackDocumentTypes as DocumentType[],
      rotated_at: row.rotatedAt?.toISOString() ?? null,
    },
    links: { self: "/v2/inbound_email" },
  };
}
