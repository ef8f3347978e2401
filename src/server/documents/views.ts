// Documents and email submissions as the API, webhooks and the stream show them: each with its links (found from
// the numbers it names), and the included resources asked for (shipments, cargos, the latest representation, the
// email submission; for a submission its documents and their representations), loaded in a few queries per page.
import type { Document, EmailSubmission } from "../../api/documents";
import type { Db } from "../db/connection";
import { containersByRefs } from "../db/containers";
import {
  type DocumentWithFile,
  documentIdsOfSubmissions,
  documentLinks,
  documentsByIds,
  representationsByIds,
} from "../db/documents";
import { tariffsOfAccount } from "../db/free-time-tariffs";
import { type EmailSubmissionRow, getEmailSubmission } from "../db/inbound-email";
import type { ReferenceData } from "../db/reference-data";
import { shipmentsByRefs } from "../db/shipments";
import { containerResource } from "../resources/containers";
import { Included } from "../resources/documents";
import type { Resource } from "../resources/refs";
import { shipmentResource } from "../resources/shipments";
import {
  documentResource,
  emailSubmissionResource,
  representationResource,
} from "../resources/shipping-documents";

/** What `include` may name on documents; `current_extraction` is the hosted alias of the representation. */
export const DOCUMENT_INCLUDES = [
  "shipments",
  "cargos",
  "account",
  "user",
  "last_document_representation",
  "current_extraction",
  "email_submission",
] as const;
export const SUBMISSION_INCLUDES = [
  "account",
  "user",
  "documents",
  "documents.last_document_representation",
] as const;

export async function documentViews(
  db: Db,
  reference: ReferenceData,
  accountId: string,
  rows: DocumentWithFile[],
  include: ReadonlySet<string>,
  /** The service's now: included containers count their demurrage and detention at it. */
  now: Date,
): Promise<{ data: Document[]; included: Resource[] | undefined }> {
  const links = await documentLinks(
    db,
    accountId,
    rows.map((r) => r.document.id),
  );
  const data = rows.map((r) => documentResource(r.document, r.file, links.get(r.document.id)));
  if (include.size === 0) return { data, included: undefined };
  const included = new Included(data);
  if (include.has("last_document_representation") || include.has("current_extraction")) {
    const ids = rows.map((r) => r.document.lastRepresentationId).filter((id): id is string => id !== null);
    for (const rep of await representationsByIds(db, accountId, ids))
      included.add(representationResource(rep));
  }
  if (include.has("email_submission")) {
    const ids = [
      ...new Set(rows.map((r) => r.document.emailSubmissionId).filter((id): id is string => !!id)),
    ];
    const docIds = await documentIdsOfSubmissions(db, accountId, ids);
    for (const id of ids) {
      const row = await getEmailSubmission(db, accountId, id);
      if (row) included.add(emailSubmissionResource(row, docIds.get(id) ?? []));
    }
  }
  const shipmentIds = new Set<string>();
  const containerIds = new Set<string>();
  for (const l of links.values()) {
    for (const id of l.shipmentIds) shipmentIds.add(id);
    for (const id of l.containerIds) containerIds.add(id);
  }
  if (include.has("shipments") || include.has("cargos")) {
    const shipments = await shipmentsByRefs(
      db,
      [...shipmentIds].map((id) => ({ accountId, id })),
    );
    const byId = new Map(shipments.map((s) => [s.shipment.id, s]));
    if (include.has("shipments")) for (const s of shipments) included.add(shipmentResource(s, reference));
    if (include.has("cargos")) {
      const containers = await containersByRefs(
        db,
        [...containerIds].map((id) => ({ accountId, id })),
      );
      const freeTime = { tariffs: await tariffsOfAccount(db, accountId), now };
      for (const c of containers)
        included.add(
          containerResource(c, {
            reference,
            shipment: byId.get(c.container.shipmentId ?? ""),
            freeTime,
          }) as Resource,
        );
    }
  }
  return { data, included: included.toArray() };
}

export async function submissionViews(
  db: Db,
  reference: ReferenceData,
  accountId: string,
  rows: EmailSubmissionRow[],
  include: ReadonlySet<string>,
  now: Date,
): Promise<{ data: EmailSubmission[]; included: Resource[] }> {
  const docIds = await documentIdsOfSubmissions(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  const data = rows.map((r) => emailSubmissionResource(r, docIds.get(r.id) ?? []));
  const included = new Included(data);
  if (include.has("documents")) {
    const docs = await documentsByIds(db, accountId, [...docIds.values()].flat());
    const nested = new Set(
      include.has("documents.last_document_representation") ? ["last_document_representation"] : [],
    );
    const views = await documentViews(db, reference, accountId, docs, nested, now);
    for (const d of views.data) included.add(d as Resource);
    for (const r of views.included ?? []) included.add(r);
  }
  return { data, included: included.toArray() };
}
