// /v2/documents and /v2/document_schemas: parse, call the repositories and the documents package, answer with the
// hosted shapes. The streamed uploads and the signed download are in uploads.ts, registered first on the same
// router; the email submissions and the inbound address in email-handlers.ts. Another account's document, submission or upload is a 404, as
// an unknown one is.
import { parseSchemaId } from "../../../api/document-schemas";
import { DOCUMENT_TYPES, EXTRACTION_STATUSES, isDocumentFileType } from "../../../api/document-types";
import { isUuid } from "../../../api/ids";
import type { Db } from "../../db/connection";
import {
  DOCUMENT_SORTS,
  type DocumentFilter,
  discardDocument,
  enqueueDocumentJob,
  getDocumentForJob,
  isDefaultDocumentOrder,
  listDocuments,
  replaceDocumentNumbers,
  representationsByIds,
  setRotation,
  updateDocument,
} from "../../db/documents";
import type { BlobStore } from "../../documents/blob-store";
import { signDownloadLink } from "../../documents/download-links";
import { numbersOf } from "../../documents/extraction";
import { documentViews } from "../../documents/views";
import { documentOf } from "../../resources/documents";
import { documentSchemaResource } from "../../resources/shipping-documents";
import type { App, DataDeps } from "../env";
import { ApiError, badParameter, idMismatch, notFound } from "../errors";
import { parseSort, refuseCursors } from "../list-query";
import { pageDocument, parsePage } from "../paging";
import { parseInclude } from "../query-params";
import { createRouter } from "../router";
import { registerEmailRoutes } from "./email-handlers";
import { documentLinkKey } from "./link-key";
import * as r from "./routes";
import { registerUploadRoutes } from "./uploads";

const INCLUDES = [
  "shipments",
  "cargos",
  "account",
  "user",
  "last_document_representation",
  "current_extraction",
  "email_submission",
];

export interface DocumentRouterDeps extends DataDeps {
  /** Told when a document was stored or asked to be read again: this process's extraction worker looks at once. */
  onDocumentStored?: () => void;
  /** Where uploads' bytes are kept. */
  blobs: BlobStore;
  /**
   * Where uploads write their rows: the database's background turn (db/statement-priority.ts), so that a batch of
   * uploads waits for the statements of other requests rather than they for it; `db` when not given.
   */
  uploadDb?: Db;
  /** INBOUND_MAIL_DOMAIN, when the inbound SMTP listener runs: accounts' addresses are `<token>@<domain>`. */
  inboundMailDomain?: string;
}

export function documentRoutes(deps: DocumentRouterDeps): App {
  const app = createRouter();
  const { db, reference, clock } = deps;
  const linkKey = documentLinkKey(deps);
  const woken = () => deps.onDocumentStored?.();
  // The streamed uploads first: /v2/documents/types and /v2/documents/{id} must not take their paths.
  registerUploadRoutes(app, {
    db,
    uploadDb: deps.uploadDb,
    clock,
    linkKey,
    blobs: deps.blobs,
    onDocumentStored: woken,
  });

  /** One document in the hosted single-resource document. */
  const single = async (accountId: string, id: string, include: Set<string>) => {
    const found = await getDocumentForJob(db, accountId, id);
    if (!found) throw notFound("document", id);
    const view = await documentViews(
      db,
      reference,
      accountId,
      [{ document: found.document, file: found.blob }],
      include,
      clock.now(),
    );
    return documentOf(view.data[0]!, `/v2/documents/${id}`, view.included);
  };

  app.openapi(r.listRoute, async (c) => {
    const query = c.req.valid("query");
    const accountId = c.get("principal").account.id;
    const include = parseInclude(query.include, INCLUDES);
    const sort = parseSort(query.sort, DOCUMENT_SORTS)[0] ?? { field: "created_at", descending: true };
    const page = parsePage(query, { cursors: true });
    if (!isDefaultDocumentOrder(sort)) refuseCursors(page);
    const filter: DocumentFilter = {
      filename: query["filter[filename]"]?.trim() || undefined,
      reference: query["filter[reference]"]?.toUpperCase().replace(/[\s-]+/g, "") || undefined,
      documentTypes: query["filter[document_types]"]?.split(",").filter(Boolean),
    };
    const statuses = query["filter[extraction_status]"]?.split(",").filter(Boolean);
    for (const status of statuses ?? [])
      if (!(EXTRACTION_STATUSES as readonly string[]).includes(status))
        throw badParameter(
          "filter[extraction_status]",
          `'${status}' is not an extraction status; give ${EXTRACTION_STATUSES.join(", ")}, or several separated by commas.`,
        );
    if (statuses?.length) filter.extractionStatuses = statuses;
    const types = new Set<string>(DOCUMENT_TYPES.map((t) => t.code));
    for (const t of filter.documentTypes ?? [])
      if (!types.has(t))
        throw badParameter(
          "filter[document_types]",
          `'${t}' is not a document type; GET /v2/documents/types lists them.`,
        );
    const shipmentId = query["filter[shipment_id]"];
    if (shipmentId !== undefined) {
      if (!isUuid(shipmentId))
        throw badParameter("filter[shipment_id]", "filter[shipment_id] must be a shipment id (a UUID).");
      filter.shipmentId = shipmentId;
    }
    const { rows, total, edges } = await listDocuments(db, accountId, filter, sort, page);
    const view = await documentViews(db, reference, accountId, rows, include, clock.now());
    return c.json(pageDocument(c.req.url, page, { total, edges }, view.data, view.included), 200);
  });

  app.openapi(r.typesRoute, (c) =>
    c.json({ document_types: DOCUMENT_TYPES.map((t) => ({ code: t.code, label: t.label })) }, 200),
  );

  app.openapi(r.getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const include = parseInclude(c.req.valid("query").include, INCLUDES);
    return c.json(await single(c.get("principal").account.id, id, include), 200);
  });

  app.openapi(r.patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { data } = c.req.valid("json");
    if (data.id !== undefined && data.id !== id) throw idMismatch(data.id, id);
    const accountId = c.get("principal").account.id;
    const a = data.attributes;
    const row = await updateDocument(
      db,
      accountId,
      id,
      {
        ...(a.name !== undefined ? { name: a.name } : {}),
        ...(a.document_type_manual !== undefined ? { documentTypeManual: a.document_type_manual } : {}),
        ...(a.extracted_data_manual !== undefined ? { extractedDataManual: a.extracted_data_manual } : {}),
      },
      clock.now(),
    );
    if (!row) throw notFound("document", id);
    if (a.extracted_data_manual !== undefined) await relink(accountId, id);
    return c.json(await single(accountId, id, new Set()), 200);
  });

  app.openapi(r.deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await discardDocument(db, c.get("principal").account.id, id, clock.now())))
      throw notFound("document", id);
    return c.body(null, 204);
  });

  app.openapi(r.downloadUrlRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const found = await getDocumentForJob(db, accountId, id);
    if (!found) throw notFound("document", id);
    const path = signDownloadLink(
      await linkKey(),
      { accountId, documentId: id, blobId: found.blob.id },
      Date.now(),
    );
    return c.json({ download_url: `${new URL(c.req.url).origin}${path}` }, 200);
  });

  const requeue = (kind: "extract" | "reclassify") => async (accountId: string, id: string) => {
    if (!(await enqueueDocumentJob(db, accountId, id, kind, clock.now()))) throw notFound("document", id);
    woken();
  };
  app.openapi(r.reextractRoute, async (c) => {
    await requeue("extract")(c.get("principal").account.id, c.req.valid("param").id);
    return c.json({ status: "accepted" as const }, 202);
  });
  app.openapi(r.reclassifyRoute, async (c) => {
    await requeue("reclassify")(c.get("principal").account.id, c.req.valid("param").id);
    return c.json({ status: "accepted" as const }, 202);
  });

  /** The document's numbers again from its latest representation and its manual data. */
  async function relink(accountId: string, id: string) {
    const found = await getDocumentForJob(db, accountId, id);
    if (!found) throw notFound("document", id);
    const [rep] = found.document.lastRepresentationId
      ? await representationsByIds(db, accountId, [found.document.lastRepresentationId])
      : [];
    await db.transaction((tx) =>
      replaceDocumentNumbers(
        tx,
        accountId,
        id,
        numbersOf(rep?.payload ?? null, found.document.extractedDataManual),
      ),
    );
  }
  app.openapi(r.relinkRoute, async (c) => {
    await relink(c.get("principal").account.id, c.req.valid("param").id);
    return c.json({ status: "accepted" as const }, 202);
  });

  app.openapi(r.rotateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { degrees } = c.req.valid("json");
    const accountId = c.get("principal").account.id;
    const found = await getDocumentForJob(db, accountId, id);
    if (!found) throw notFound("document", id);
    const type = found.blob.contentType;
    if (!isDocumentFileType(type) || !type.startsWith("image/"))
      throw new ApiError(422, {
        code: "not_rotatable",
        detail:
          "Only image documents (PNG, JPEG) can be rotated; a PDF's pages keep the orientation they were made with.",
        source: { pointer: "/degrees" },
      });
    await setRotation(db, accountId, id, (found.document.rotation + degrees) % 360, clock.now());
    return c.json({ status: "accepted" as const }, 202);
  });

  app.openapi(r.schemaRoute, (c) => {
    const { id } = c.req.valid("param");
    const parsed = parseSchemaId(id);
    if (!parsed) throw notFound("document schema", id);
    const resource = documentSchemaResource(parsed.type);
    return c.json({ data: resource, links: { self: resource.links.self } }, 200);
  });

  registerEmailRoutes(app, deps);
  return app;
}
