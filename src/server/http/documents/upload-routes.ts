// The OpenAPI description of the streamed document routes (uploads.ts), registered by hand: their bodies are
// read as streams by the handlers, never parsed whole by a validator, so they are not zod-openapi routes.
import { z } from "@hono/zod-openapi";
import { DOCUMENT_MAX_BYTES } from "../../../api/document-types";
import { documentCreateBodySchema, documentSchema, documentUploadSchema } from "../../../api/documents";
import { errorDocumentSchema, singleDocument } from "../../../api/json-api";
import type { App } from "../env";
import { errorResponses, idParam, jsonBody } from "../openapi-common";

const MB = DOCUMENT_MAX_BYTES / 1024 / 1024;
const binary = z.string().openapi({ type: "string", format: "binary" });
const uploadErrors = {
  ...errorResponses(400, 401, 415, 422, 429),
  413: jsonBody(errorDocumentSchema, `The file is larger than ${MB} MB (the rest of the body is not read)`),
};

export function registerUploadDocs(app: App) {
  const registry = app.openAPIRegistry;
  registry.registerPath({
    method: "post",
    path: "/v2/document_uploads",
    tags: ["Documents"],
    summary: "Upload a file (the direct-upload step)",
    description: `The raw bytes of one PDF, PNG, JPEG or .eml file as the body, at most ${MB} MB, with its type in Content-Type (or \`application/octet-stream\` and a \`filename\` whose extension names it). The bytes must be what the type says (a PDF sent as image/png is a 422). The answer's \`signed_id\` is what \`POST /v2/documents\` takes as \`attached_document\`; an upload no document attaches within a day is removed.`,
    request: {
      query: z.object({
        filename: z.string().max(255).optional().openapi({ description: "The file's name." }),
      }),
      body: {
        required: true,
        content: Object.fromEntries(
          ["application/pdf", "image/png", "image/jpeg", "message/rfc822", "application/octet-stream"].map(
            (t) => [t, { schema: binary }],
          ),
        ),
      },
    },
    responses: {
      201: jsonBody(z.object({ data: documentUploadSchema }), "The stored file"),
      ...uploadErrors,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/v2/documents",
    tags: ["Documents"],
    summary: "Upload a document",
    description: `Either the hosted API's JSON (\`name\` and \`attached_document\`, the id \`POST /v2/document_uploads\` answered), or \`multipart/form-data\` with a \`file\` part (at most ${MB} MB, read as it arrives) and an optional \`name\`. The document is read in the background: \`extraction_status\` is \`pending\` until \`document.extracted\` or \`document.extraction_failed\`. The same bytes uploaded again in the account are a 409 naming the existing document.`,
    request: {
      body: {
        required: true,
        content: {
          "application/json": { schema: documentCreateBodySchema },
          "multipart/form-data": {
            schema: z.object({ file: binary, name: z.string().max(255).optional() }),
          },
        },
      },
    },
    responses: {
      201: jsonBody(singleDocument(documentSchema), "The document, pending extraction"),
      409: jsonBody(errorDocumentSchema, "The account already has a document with these bytes"),
      ...uploadErrors,
    },
  });
  registry.registerPath({
    method: "get",
    path: "/v2/documents/{id}/download",
    tags: ["Documents"],
    summary: "Download a document's file through a signed link",
    description:
      "What `download_url` points at: needs no API key, but a signature for this document and account that has not expired (5 minutes).",
    security: [],
    request: {
      params: idParam,
      query: z.object({
        account: z.string().openapi({ format: "uuid" }),
        expires: z.string().openapi({ type: "integer" }),
        signature: z.string(),
      }),
    },
    responses: {
      200: {
        description: "The file, in its own type",
        content: { "application/octet-stream": { schema: binary } },
      },
      403: jsonBody(errorDocumentSchema, "The link expired, or is not one for this document"),
      ...errorResponses(400, 404),
    },
  });
}
