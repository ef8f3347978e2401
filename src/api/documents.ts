// Documents of the /v2 contract, in the hosted API's shapes (`document`, `document_representation`,
// `document_schema`, `email_submission`), with what this service adds beside them: the extraction's status and
// failure reason, the page rotation, the numbers a document names that the account does not track yet, the
// direct-upload step (`document_upload`) and the account's inbound email address (`inbound_email`).
import { z } from "zod";
import { DOCUMENT_TYPE_CODES, EXTRACTION_STATUSES, ROTATIONS } from "./document-types";
import { isoDateTime, nullableDateTime, selfLinkSchema, toMany, toOne } from "./json-api";

export const DOCUMENT_SOURCES = ["upload", "api", "email", "split_document"] as const;

/** A number the document names that the account does not track: offered for tracking. */
export const untrackedNumberSchema = z
  .object({
    number: z.string(),
    number_type: z.enum(["container", "bill_of_lading", "booking"]),
    /** The line the document names, when it does (the tracking request still infers one when it is null). */
    scac: z.string().nullable(),
  })
  .meta({ id: "UntrackedNumber" });
export type UntrackedNumber = z.infer<typeof untrackedNumberSchema>;

export const documentAttributesSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** One of GET /v2/documents/types, or `unclassified` while the extraction is pending. */
  document_type: z.string(),
  document_type_manual: z.string().nullable(),
  classification_notes: z.string().nullable(),
  source: z.enum(DOCUMENT_SOURCES),
  file_name: z.string(),
  file_content_type: z.string().nullable(),
  file_size_bytes: z.number().int().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  // ---- beyond the hosted API ----
  extraction_status: z.enum(EXTRACTION_STATUSES),
  /** Why the extraction failed (EXTRACTION_FAILURES), null unless it did. */
  extraction_failure_reason: z.string().nullable(),
  extracted_at: nullableDateTime,
  page_count: z.number().int().nullable(),
  /** Clockwise degrees the file is shown turned by (images: POST …/rotate). */
  rotation: z.number().int(),
  extracted_data_manual: z.record(z.string(), z.unknown()).nullable(),
  untracked_numbers: z.array(untrackedNumberSchema),
});

export const documentSchema = z
  .object({
    id: z.string(),
    type: z.literal("document"),
    attributes: documentAttributesSchema,
    relationships: z.object({
      account: toOne("account"),
      user: toOne("user"),
      email_submission: toOne("email_submission"),
      last_document_representation: toOne("document_representation"),
      shipments: toMany("shipment"),
      cargos: toMany("container"),
    }),
    links: z.object({ self: z.string(), download: z.string() }),
  })
  .meta({ id: "Document" });
export type Document = z.infer<typeof documentSchema>;

export const documentRepresentationSchema = z
  .object({
    id: z.string(),
    type: z.literal("document_representation"),
    attributes: z.object({
      schema_version: z.string(),
      /** DocumentPayload (src/api/document-schemas.ts). */
      payload: z.record(z.string(), z.unknown()),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    relationships: z.object({ document: toOne("document") }),
  })
  .meta({ id: "DocumentRepresentation" });
export type DocumentRepresentation = z.infer<typeof documentRepresentationSchema>;

export const emailSubmissionSchema = z
  .object({
    id: z.string(),
    type: z.literal("email_submission"),
    attributes: z.object({
      subject: z.string(),
      body: z.string().nullable(),
      from: z.array(z.string()),
      to: z.array(z.string()),
      cc: z.array(z.string()),
      sent_at: nullableDateTime,
      message_id: z.string().nullable(),
      in_reply_to: z.string().nullable(),
      references: z.array(z.string()),
      content_type: z.string().nullable(),
      documents_count: z.number().int(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
      /** Beyond the hosted API: numbers the message's text names that the account does not track. */
      untracked_numbers: z.array(untrackedNumberSchema),
    }),
    relationships: z.object({
      account: toOne("account"),
      user: toOne("user"),
      documents: toMany("document"),
    }),
    links: selfLinkSchema,
  })
  .meta({ id: "EmailSubmission" });
export type EmailSubmission = z.infer<typeof emailSubmissionSchema>;

export const documentSchemaResourceSchema = z
  .object({
    id: z.string(),
    type: z.literal("document_schema"),
    attributes: z.object({
      document_type: z.string(),
      label: z.string(),
      schema_version: z.string(),
      full_version: z.string(),
      current: z.boolean(),
      draft: z.boolean(),
      active_at: nullableDateTime,
      schema_format: z.literal("json_schema"),
      description: z.string().nullable(),
      schema_payload: z.record(z.string(), z.unknown()),
      created_at: isoDateTime,
      updated_at: isoDateTime,
    }),
    links: selfLinkSchema,
  })
  .meta({ id: "DocumentSchema" });

/** A file uploaded first (`POST /v2/document_uploads`), whose id `POST /v2/documents` attaches. */
export const documentUploadSchema = z
  .object({
    id: z.string(),
    type: z.literal("document_upload"),
    attributes: z.object({
      /** What `attached_document` takes: the upload's id. */
      signed_id: z.string(),
      filename: z.string(),
      content_type: z.string(),
      byte_size: z.number().int(),
      /** SHA-256 of the bytes, hex. */
      checksum: z.string(),
      created_at: isoDateTime,
    }),
  })
  .meta({ id: "DocumentUpload" });

/** The account's address for email in, and what it accepts. */
export const inboundEmailSchema = z
  .object({
    id: z.string(),
    type: z.literal("inbound_email"),
    attributes: z.object({
      /** `<token>@<INBOUND_MAIL_DOMAIN>`; null when the service receives no mail (INBOUND_SMTP_PORT unset). */
      address: z.string().nullable(),
      enabled: z.boolean(),
      /** When not empty, mail is accepted only from these sender domains (and their subdomains). */
      allowed_sender_domains: z.array(z.string()),
      /** Documents of these types have their untracked numbers tracked as soon as they are read. */
      auto_track_document_types: z.array(z.enum(DOCUMENT_TYPE_CODES)),
      rotated_at: nullableDateTime,
    }),
    links: selfLinkSchema,
  })
  .meta({ id: "InboundEmail" });
export type InboundEmail = z.infer<typeof inboundEmailSchema>;

export const inboundEmailDocumentSchema = z.object({ data: inboundEmailSchema, links: selfLinkSchema });

// No lookahead (the length is its own rule): the API's fuzzer generates strings from the document's patterns.
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const inboundEmailEditBodySchema = z
  .object({
    data: z.object({
      type: z.literal("inbound_email", { error: "data.type must be 'inbound_email'" }).optional(),
      attributes: z.strictObject({
        allowed_sender_domains: z
          .array(
            z.string().trim().toLowerCase().max(253).regex(DOMAIN, {
              error: "each allowed sender domain must be a domain name, like forwarder.example",
            }),
          )
          .max(50, { error: "at most 50 allowed sender domains" })
          .optional(),
        auto_track_document_types: z
          .array(z.enum(DOCUMENT_TYPE_CODES, { error: "each type must be one of GET /v2/documents/types" }))
          .optional(),
      }),
    }),
  })
  .meta({ id: "InboundEmailEditBody" });

// ---- Bodies ----

export const documentCreateBodySchema = z
  .object({
    data: z.object({
      type: z.literal("document", { error: "data.type must be 'document'" }),
      attributes: z.strictObject({
        name: z
          .string({ error: "name must be a string" })
          .trim()
          .min(1, { error: "name can't be blank" })
          .max(255, { error: "name can be at most 255 characters" }),
        attached_document: z
          .string({ error: "attached_document must be the id POST /v2/document_uploads answered" })
          .min(1, { error: "attached_document can't be blank" }),
      }),
    }),
  })
  .meta({ id: "DocumentCreateBody" });

export const documentEditBodySchema = z
  .object({
    data: z.object({
      type: z.literal("document", { error: "data.type must be 'document'" }).optional(),
      id: z.string().optional(),
      attributes: z.strictObject({
        name: z.string().trim().min(1, { error: "name can't be blank" }).max(255).optional(),
        document_type_manual: z
          .enum(DOCUMENT_TYPE_CODES, { error: "document_type_manual must be one of GET /v2/documents/types" })
          .nullable()
          .optional(),
        extracted_data_manual: z.record(z.string(), z.unknown()).nullable().optional(),
      }),
    }),
  })
  .meta({ id: "DocumentEditBody" });

export const rotateBodySchema = z
  .object({
    degrees: z.union(
      ROTATIONS.map((r) => z.literal(r)),
      { error: `degrees must be one of: ${ROTATIONS.join(", ")}` },
    ),
  })
  .meta({ id: "DocumentRotateBody" });

export const acceptedSchema = z.object({ status: z.literal("accepted") }).meta({ id: "Accepted" });
export const downloadUrlSchema = z.object({ download_url: z.string() }).meta({ id: "DownloadUrl" });
export const documentTypesSchema = z
  .object({ document_types: z.array(z.object({ code: z.string(), label: z.string() })) })
  .meta({ id: "DocumentTypes" });
