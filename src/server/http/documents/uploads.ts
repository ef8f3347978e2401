// The streamed routes of documents: `POST /v2/document_uploads` (the raw bytes of one file, the hosted API's
// direct-upload step), `POST /v2/documents` (JSON attaching an upload, or multipart/form-data with a `file` and an
// optional `name`), and `GET /v2/documents/{id}/download` (a signed link's bytes, no API key). Upload bodies
// bypass the 1 MB JSON rule (middleware.ts) and are read as they arrive into the blob store, at most 20 MB.
import { DOCUMENT_MAX_BYTES } from "../../../api/document-types";
import { documentCreateBodySchema } from "../../../api/documents";
import { isUuid } from "../../../api/ids";
import type { Db } from "../../db/connection";
import { type DocumentBlobRow, getCompleteBlob } from "../../db/document-blobs";
import { createDocument, documentWithChecksum, getDocumentForJob } from "../../db/documents";
import type { BlobStore } from "../../documents/blob-store";
import { isUploadRefusal, refusalDetail, storeUpload, type UploadRefusal } from "../../documents/blob-upload";
import { checkDownloadLink } from "../../documents/download-links";
import { declaredFileType } from "../../documents/file-types";
import { writeGate } from "../../documents/write-gate";
import { documentResource, documentUploadResource } from "../../resources/shipping-documents";
import type { App, DataDeps } from "../env";
import { ApiError, notFound } from "../errors";
import { validationError } from "../validation";
import { MalformedMultipart, readMultipart } from "./multipart";
import { registerUploadDocs } from "./upload-routes";

/** Multipart framing and a name field on top of the file: a body longer than this is refused before reading. */
const MULTIPART_SLACK = 64 * 1024;

function refusalError(refusal: UploadRefusal, filename: string): ApiError {
  const detail = refusalDetail(refusal, filename);
  if (refusal.refused === "too_large")
    return new ApiError(413, { code: "file_too_large", detail }, { Connection: "close" });
  if (refusal.refused === "unsupported_type")
    return new ApiError(415, { code: "unsupported_file_type", detail }, { Connection: "close" });
  return new ApiError(
    422,
    { code: refusal.refused, detail, source: { pointer: "/file" } },
    refusal.refused === "type_mismatch" ? { Connection: "close" } : {},
  );
}

function refuseLongBody(c: { req: { header(name: string): string | undefined } }, max: number) {
  const length = Number(c.req.header("content-length") ?? "0");
  if (length > max)
    throw new ApiError(
      413,
      { code: "file_too_large", detail: `A document may be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.` },
      { Connection: "close" },
    );
}

/** `filename*=UTF-8''…` keeps any name; the plain one is ASCII with quotes and controls replaced. */
function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A document's signed download link: its signature, not an API key, lets it through (app.ts's `unguarded`). */
const SIGNED_DOWNLOAD = /^\/v2\/documents\/[^/]+\/download$/;
export const isSignedDocumentDownload = (method: string, path: string): boolean =>
  (method === "GET" || method === "HEAD") && SIGNED_DOWNLOAD.test(path);

export interface UploadRouteDeps extends Pick<DataDeps, "db" | "clock"> {
  /** The download links' signing key (link-key.ts), shared with the router's download_url. */
  linkKey: () => Promise<string>;
  /** Where the uploads' bytes are kept. */
  blobs: BlobStore;
  /** Where uploads write their rows: the database's background turn (db/statement-priority.ts); `db` if not given. */
  uploadDb?: Db;
  onDocumentStored: () => void;
}

export function registerUploadRoutes(app: App, deps: UploadRouteDeps) {
  const { db, clock, linkKey, blobs } = deps;
  const writes = deps.uploadDb ?? db;
  const gate = writeGate(2);
  registerUploadDocs(app);

  app.post("/v2/document_uploads", async (c) => {
    refuseLongBody(c, DOCUMENT_MAX_BYTES);
    const accountId = c.get("principal").account.id;
    const filename = (
      c.req.query("filename") ??
      dispositionName(c.req.header("content-disposition")) ??
      "document"
    ).slice(0, 255);
    const declared = declaredFileType(c.req.header("content-type"), filename);
    const body = c.req.raw.body ?? (async function* () {})();
    const stored = await storeUpload(writes, blobs, body as AsyncIterable<Uint8Array>, {
      accountId,
      filename,
      declared,
      now: clock.now(),
      gate,
    });
    if (isUploadRefusal(stored)) throw refusalError(stored, filename);
    return c.json({ data: documentUploadResource(stored) }, 201);
  });

  app.post("/v2/documents", async (c) => {
    const accountId = c.get("principal").account.id;
    const type = c.req.header("content-type") ?? "";
    if (/^multipart\/form-data/i.test(type)) {
      refuseLongBody(c, DOCUMENT_MAX_BYTES + MULTIPART_SLACK);
      let result: Awaited<ReturnType<typeof readMultipart<DocumentBlobRow | UploadRefusal>>>;
      let filename = "document";
      try {
        result = await readMultipart(
          c.req.raw,
          (file) => {
            filename = file.filename.slice(0, 255);
            return storeUpload(writes, blobs, file.stream, {
              accountId,
              filename,
              declared: declaredFileType(file.mimeType, filename),
              now: clock.now(),
              gate,
            });
          },
          (stored) => isUploadRefusal(stored),
        );
      } catch (error) {
        if (!(error instanceof MalformedMultipart)) throw error;
        throw new ApiError(400, {
          code: "malformed_body",
          detail: `${error.message} Send the file in a 'file' part.`,
        });
      }
      if (!result.file)
        throw new ApiError(422, {
          code: "missing_file",
          detail: "The form has no 'file' part: send the document as a file field named 'file'.",
          source: { pointer: "/file" },
        });
      if (isUploadRefusal(result.file)) throw refusalError(result.file, filename);
      const name = result.fields.name?.trim().slice(0, 255) || result.file.filename;
      return created(c, accountId, result.file, name, "upload");
    }
    // JSON: the hosted shape, attaching what POST /v2/document_uploads stored.
    const parsed = documentCreateBodySchema.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) throw validationError("json", parsed.error, [], undefined);
    const { name, attached_document } = parsed.data.data.attributes;
    const blob = await getCompleteBlob(writes, accountId, attached_document);
    if (!blob)
      throw new ApiError(422, {
        code: "invalid_attached_document",
        detail:
          "attached_document is not an upload of this account: upload the file with POST /v2/document_uploads and send the id it answers.",
        source: { pointer: "/data/attributes/attached_document" },
      });
    return created(c, accountId, blob, name, "api");
  });

  async function created(
    c: { json: (body: unknown, status: 201) => Response },
    accountId: string,
    blob: DocumentBlobRow,
    name: string,
    source: "upload" | "api",
  ) {
    const duplicate = await findAttached(writes, accountId, blob);
    if (duplicate) throw duplicate;
    const row = await createDocument(writes, accountId, { blobId: blob.id, name, source }, clock.now());
    deps.onDocumentStored();
    const found = await getDocumentForJob(writes, accountId, row.id);
    return c.json(
      {
        data: documentResource(found!.document, found!.blob, undefined),
        links: { self: `/v2/documents/${row.id}` },
      },
      201,
    );
  }

  // Outside the API key: the link's signature is the permission (checked before anything is read of the file).
  app.get("/v2/documents/:id/download", async (c) => {
    const id = c.req.param("id");
    const accountId = c.req.query("account") ?? "";
    const found = isUuid(accountId) ? await getDocumentForJob(db, accountId, id) : undefined;
    if (!found) throw notFound("document", id);
    const check = checkDownloadLink(
      await linkKey(),
      { accountId, documentId: id, blobId: found.blob.id },
      { expires: c.req.query("expires"), signature: c.req.query("signature") },
      Date.now(),
    );
    if (!check.ok)
      throw new ApiError(403, {
        code: check.why === "expired" ? "link_expired" : "invalid_link",
        detail:
          check.why === "expired"
            ? "This download link has expired (links work for 5 minutes); ask GET /v2/documents/{id}/download_url for a new one."
            : "This download link is not valid for this document; ask GET /v2/documents/{id}/download_url for one.",
      });
    const chunks = blobs.bytes(found.blob)[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.(undefined);
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": found.blob.contentType,
        "Content-Length": String(found.blob.byteSize),
        "Content-Disposition": contentDisposition(found.blob.filename),
        "Cache-Control": "private, max-age=300",
        "X-Content-Type-Options": "nosniff",
        // A file served from the service's own origin runs nothing there.
        "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      },
    });
  });
}

/** A document of the account already holding these bytes (or this very upload): the hosted 409. */
async function findAttached(db: Db, accountId: string, blob: DocumentBlobRow): Promise<ApiError | undefined> {
  const existing = await documentWithChecksum(db, accountId, blob);
  if (!existing) return undefined;
  return new ApiError(409, {
    code: "duplicate_document",
    detail: `This file is already the document ${JSON.stringify(existing.name)}; open it instead of uploading it again.`,
    meta: { existing_document_id: existing.id, existing_document_name: existing.name },
  });
}

function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return undefined;
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}
