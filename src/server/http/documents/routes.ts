// The /v2 documents routes as the OpenAPI document describes them, in the hosted API's paths and shapes:
// documents (list, types, read, edit, discard, download_url, reextract, reclassify, relink, rotate), document
// schemas and email submissions; plus this service's inbound email settings. The two streamed uploads and the
// signed download are documented in upload-routes.ts.
import { createRoute, z } from "@hono/zod-openapi";
import { DOCUMENT_TYPE_CODES, EXTRACTION_STATUSES } from "../../../api/document-types";
import {
  acceptedSchema,
  documentEditBodySchema,
  documentSchema,
  documentSchemaResourceSchema,
  documentTypesSchema,
  downloadUrlSchema,
  emailSubmissionSchema,
  inboundEmailDocumentSchema,
  inboundEmailEditBodySchema,
  rotateBodySchema,
} from "../../../api/documents";
import { listDocument, selfLinkSchema, singleDocument } from "../../../api/json-api";
import { DOCUMENT_INCLUDES, SUBMISSION_INCLUDES } from "../../documents/views";
import {
  commaListPattern,
  cursorQuery,
  errorResponses,
  idParam,
  includeQueryOf,
  jsonBody,
  pageQuery,
  requestBodyOf,
} from "../openapi-common";

const tags = ["Documents"];
const documentDocument = singleDocument(documentSchema);
const accepted = (what: string) => ({
  202: jsonBody(acceptedSchema, what),
  ...errorResponses(401, 404, 429),
});

export const listRoute = createRoute({
  method: "get",
  path: "/v2/documents",
  tags,
  summary: "List documents",
  description:
    "The account's documents, newest first. Each names its extraction's status; its `shipments` and `cargos` are the tracked shipments and containers whose numbers it names (found when read, so a number tracked later links it at once), and `untracked_numbers` the numbers it names that the account does not track.",
  request: {
    query: z.object({
      ...includeQueryOf(DOCUMENT_INCLUDES),
      sort: z.string().optional().openapi({
        pattern: "^-?(document_type|added_by|created_at)$",
        description: "document_type, added_by or created_at; prefix - for descending (default -created_at).",
      }),
      "filter[filename]": z
        .string()
        .max(200)
        .optional()
        .openapi({ description: "Part of the document's name." }),
      "filter[reference]": z
        .string()
        .max(60)
        .optional()
        .openapi({ description: "A number the document names." }),
      "filter[document_types]": z
        .string()
        .optional()
        .openapi({
          pattern: commaListPattern(DOCUMENT_TYPE_CODES),
          description: "Comma-separated document types.",
        }),
      "filter[extraction_status]": z
        .string()
        .optional()
        .openapi({
          pattern: commaListPattern(EXTRACTION_STATUSES),
          description:
            "Documents whose reading is pending, extracted or failed (comma-separated); this service's own filter: `filter[extraction_status]=pending&page[size]=1` counts what is still being read in `meta.total`.",
        }),
      "filter[shipment_id]": z.string().optional().openapi({
        format: "uuid",
        description: "Documents that name this shipment or one of its containers.",
      }),
      ...pageQuery,
      ...cursorQuery,
    }),
  },
  responses: { 200: jsonBody(listDocument(documentSchema), "Documents"), ...errorResponses(400, 401, 429) },
});

export const typesRoute = createRoute({
  method: "get",
  path: "/v2/documents/types",
  tags,
  summary: "List document types",
  responses: { 200: jsonBody(documentTypesSchema, "Document types and labels"), ...errorResponses(401, 429) },
});

export const getRoute = createRoute({
  method: "get",
  path: "/v2/documents/{id}",
  tags,
  summary: "Get a document",
  request: { params: idParam, query: z.object(includeQueryOf(DOCUMENT_INCLUDES)) },
  responses: { 200: jsonBody(documentDocument, "The document"), ...errorResponses(400, 401, 404, 429) },
});

export const patchRoute = createRoute({
  method: "patch",
  path: "/v2/documents/{id}",
  tags,
  summary: "Edit a document",
  description:
    "`name`, `document_type_manual` (one of GET /v2/documents/types; null clears it) and `extracted_data_manual` (key/value data; its `container_numbers`, `bill_of_lading_numbers` and `booking_numbers`, lists of strings, link the document as extracted ones do; null clears it).",
  request: { params: idParam, body: requestBodyOf(documentEditBodySchema, true) },
  responses: {
    200: jsonBody(documentDocument, "The document"),
    ...errorResponses(400, 401, 404, 415, 422, 429),
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/v2/documents/{id}",
  tags,
  summary: "Delete (discard) a document",
  request: { params: idParam },
  responses: { 204: { description: "Discarded" }, ...errorResponses(401, 404, 429) },
});

export const downloadUrlRoute = createRoute({
  method: "get",
  path: "/v2/documents/{id}/download_url",
  tags,
  summary: "Get a document download URL",
  description:
    "A link to the file that works without an API key for 5 minutes (signed for this document and account); ask again for a new one.",
  request: { params: idParam },
  responses: { 200: jsonBody(downloadUrlSchema, "The link"), ...errorResponses(401, 404, 429) },
});

export const reextractRoute = createRoute({
  method: "post",
  path: "/v2/documents/{id}/reextract",
  tags,
  summary: "Re-extract a document",
  description:
    "Reads the file again: a new representation, type and links; `document.extracted` (or `…_failed`) follows.",
  request: { params: idParam },
  responses: accepted("Queued"),
});

export const reclassifyRoute = createRoute({
  method: "post",
  path: "/v2/documents/{id}/reclassify",
  tags,
  summary: "Re-classify a document",
  description: "Decides the document's type again from its wording; its fields stay as they are.",
  request: { params: idParam },
  responses: accepted("Queued"),
});

export const relinkRoute = createRoute({
  method: "post",
  path: "/v2/documents/{id}/relink",
  tags,
  summary: "Re-link a document",
  description:
    "Takes the numbers the document names again from its latest extraction and its manual data. Links to shipments and containers are found whenever the document is read, so a number tracked after the document came already links it.",
  request: { params: idParam },
  responses: accepted("Done"),
});

export const rotateRoute = createRoute({
  method: "post",
  path: "/v2/documents/{id}/rotate",
  tags,
  summary: "Rotate a document",
  description:
    "Turns an image document by 90, 180 or 270 degrees clockwise (added to its rotation); a PDF is a 422.",
  request: { params: idParam, body: requestBodyOf(rotateBodySchema, true) },
  responses: { ...accepted("Rotated"), ...errorResponses(422) },
});

export const schemaRoute = createRoute({
  method: "get",
  path: "/v2/document_schemas/{id}",
  tags: ["Document Schemas"],
  summary: "Get a document schema",
  description:
    "A document type's payload schema by full version (`arrival_notice@2026-11-01`) or by type alone (the current one).",
  request: { params: idParam },
  responses: {
    200: jsonBody(z.object({ data: documentSchemaResourceSchema, links: selfLinkSchema }), "The schema"),
    ...errorResponses(401, 404, 429),
  },
});

export const submissionsRoute = createRoute({
  method: "get",
  path: "/v2/email_submissions",
  tags: ["Email Submissions"],
  summary: "List email submissions",
  description:
    "Mail received at the account's inbound address, newest first; includes documents and their representations unless `include` says otherwise.",
  request: { query: z.object({ ...includeQueryOf(SUBMISSION_INCLUDES), ...pageQuery, ...cursorQuery }) },
  responses: {
    200: jsonBody(listDocument(emailSubmissionSchema), "Email submissions"),
    ...errorResponses(400, 401, 429),
  },
});

export const submissionRoute = createRoute({
  method: "get",
  path: "/v2/email_submissions/{id}",
  tags: ["Email Submissions"],
  summary: "Get an email submission",
  request: { params: idParam, query: z.object(includeQueryOf(SUBMISSION_INCLUDES)) },
  responses: {
    200: jsonBody(singleDocument(emailSubmissionSchema), "The email submission"),
    ...errorResponses(400, 401, 404, 429),
  },
});

const inboundTags = ["Email Submissions"];
export const inboundGetRoute = createRoute({
  method: "get",
  path: "/v2/inbound_email",
  tags: inboundTags,
  summary: "Get the account's inbound email address and settings",
  description:
    "Mail sent to `address` (with PDF, PNG, JPEG or .eml attachments) becomes an email submission, each attachment a document. The address is the secret: rotate it if it leaks.",
  responses: {
    200: jsonBody(inboundEmailDocumentSchema, "The inbound address"),
    ...errorResponses(401, 429),
  },
});

export const inboundPatchRoute = createRoute({
  method: "patch",
  path: "/v2/inbound_email",
  tags: inboundTags,
  summary: "Restrict senders, or choose document types to track automatically",
  request: { body: requestBodyOf(inboundEmailEditBodySchema, true) },
  responses: {
    200: jsonBody(inboundEmailDocumentSchema, "The settings"),
    ...errorResponses(400, 401, 415, 422, 429),
  },
});

export const inboundRotateRoute = createRoute({
  method: "post",
  path: "/v2/inbound_email/rotate",
  tags: inboundTags,
  summary: "Give the account a new inbound address",
  description: "The old address refuses mail from now on (550).",
  responses: { 200: jsonBody(inboundEmailDocumentSchema, "The new address"), ...errorResponses(401, 429) },
});
