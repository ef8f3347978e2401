// /v2/email_submissions (the mail the account's inbound address received, each with its documents) and
// /v2/inbound_email (that address, its allowed senders and auto-tracked types, and rotating it), registered on the
// documents router. Another account's submission is a 404, as an unknown one is.
import {
  getEmailSubmission,
  inboundEmailOf,
  listEmailSubmissions,
  rotateInboundToken,
  updateInboundEmail,
} from "../../db/inbound-email";
import { submissionViews } from "../../documents/views";
import { documentOf } from "../../resources/documents";
import { inboundEmailResource } from "../../resources/shipping-documents";
import type { App } from "../env";
import { notFound } from "../errors";
import { pageDocument, parsePage } from "../paging";
import { parseInclude } from "../query-params";
import type { DocumentRouterDeps } from "./handlers";
import * as r from "./routes";

const SUBMISSION_INCLUDES = ["account", "user", "documents", "documents.last_document_representation"];

export function registerEmailRoutes(app: App, deps: DocumentRouterDeps): void {
  const { db, reference, clock } = deps;

  app.openapi(r.submissionsRoute, async (c) => {
    const query = c.req.valid("query");
    const accountId = c.get("principal").account.id;
    // As the hosted API: documents and their representations unless the client names its own includes.
    const include = parseInclude(
      query.include ?? "documents,documents.last_document_representation",
      SUBMISSION_INCLUDES,
    );
    const page = parsePage(query, { cursors: true });
    const { rows, total, edges } = await listEmailSubmissions(db, accountId, page);
    const view = await submissionViews(db, reference, accountId, rows, include, clock.now());
    return c.json(pageDocument(c.req.url, page, { total, edges }, view.data, view.included), 200);
  });

  app.openapi(r.submissionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const accountId = c.get("principal").account.id;
    const include = parseInclude(
      c.req.valid("query").include ?? "documents,documents.last_document_representation",
      SUBMISSION_INCLUDES,
    );
    const row = await getEmailSubmission(db, accountId, id);
    if (!row) throw notFound("email submission", id);
    const view = await submissionViews(db, reference, accountId, [row], include, clock.now());
    return c.json(documentOf(view.data[0]!, `/v2/email_submissions/${id}`, view.included), 200);
  });

  const domain = deps.inboundMailDomain;
  const inbound = (row: Parameters<typeof inboundEmailResource>[0]) => ({
    data: inboundEmailResource(row, domain),
    links: { self: "/v2/inbound_email" },
  });
  app.openapi(r.inboundGetRoute, async (c) =>
    c.json(inbound(await inboundEmailOf(db, c.get("principal").account.id, clock.now())), 200),
  );
  app.openapi(r.inboundPatchRoute, async (c) => {
    const a = c.req.valid("json").data.attributes;
    const row = await updateInboundEmail(
      db,
      c.get("principal").account.id,
      {
        ...(a.allowed_sender_domains ? { allowedSenderDomains: [...new Set(a.allowed_sender_domains)] } : {}),
        ...(a.auto_track_document_types
          ? { autoTrackDocumentTypes: [...new Set(a.auto_track_document_types)] }
          : {}),
      },
      clock.now(),
    );
    return c.json(inbound(row), 200);
  });
  app.openapi(r.inboundRotateRoute, async (c) =>
    c.json(inbound(await rotateInboundToken(db, c.get("principal").account.id, clock.now())), 200),
  );
}
