// Documents repository: an account's documents (create with their extraction job, read, list, edit, discard),
// their representations, and the numbers each names. Links to shipments and containers are found when read, by
// joining those numbers with the account's tracked bills of lading, bookings and container numbers: a number
// tracked after the document came links it at once, and one no longer tracked unlinks it. Every query is scoped
// by account; a discarded document reads as absent.
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { type ListOrder, type PageEdges, type PageRequest, readPage } from "./list-window";
import { documentBlobs, documentJobs, documentNumbers, documentRepresentations, documents } from "./schema";

export type DocumentRow = typeof documents.$inferSelect;
export type RepresentationRow = typeof documentRepresentations.$inferSelect;
export type DocumentNumber = { number: string; numberType: string; scac: string | null };

export interface NewDocument {
  blobId: string;
  name: string;
  source: "upload" | "api" | "email";
  userId?: string | null;
  emailSubmissionId?: string | null;
}

/** Stores the document and its extraction job in one transaction: a stored document is always read, once. */
export async function createDocument(
  db: Db,
  accountId: string,
  values: NewDocument,
  now: Date,
): Promise<DocumentRow> {
  return db.transaction(async (tx) => insertDocument(tx, accountId, values, now));
}

/** The same inside a caller's transaction (an email's documents commit with its submission). */
export async function insertDocument(tx: Db, accountId: string, values: NewDocument, now: Date) {
  const [row] = await tx
    .insert(documents)
    .values({ ...values, accountId, createdAt: now, updatedAt: now })
    .returning();
  await tx
    .insert(documentJobs)
    .values({ documentId: row!.id, accountId, kind: "extract", dueAt: now, createdAt: now });
  return row!;
}

export async function getDocument(db: Db, accountId: string, id: string): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)));
  return row;
}

/** A document with its file, for the extraction worker and the download. */
export async function getDocumentForJob(db: Db, accountId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ document: documents, blob: documentBlobs })
    .from(documents)
    .innerJoin(
      documentBlobs,
      and(eq(documentBlobs.id, documents.blobId), eq(documentBlobs.accountId, accountId)),
    )
    .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)));
  return row;
}

/** A live document of the account whose file is this blob or has the same bytes (its checksum). */
export async function documentWithChecksum(
  db: Db,
  accountId: string,
  blob: { id: string; checksum: string | null },
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select({ document: documents })
    .from(documents)
    .innerJoin(documentBlobs, eq(documentBlobs.id, documents.blobId))
    .where(
      and(
        eq(documents.accountId, accountId),
        isNull(documents.discardedAt),
        blob.checksum
          ? sql`(${documentBlobs.id} = ${blob.id} or ${documentBlobs.checksum} = ${blob.checksum})`
          : eq(documentBlobs.id, blob.id),
      ),
    )
    .limit(1);
  return row?.document;
}

export const DOCUMENT_SORTS = ["created_at", "document_type", "added_by"] as const;
export type DocumentSort = { field: (typeof DOCUMENT_SORTS)[number]; descending: boolean };

export interface DocumentFilter {
  /** Part of the name, case-insensitive. */
  filename?: string;
  /** A number the document names (normalized). */
  reference?: string;
  documentTypes?: string[];
  emailSubmissionId?: string;
  /** Documents that name the shipment's bill of lading or booking, or one of its containers. */
  shipmentId?: string;
  /** Documents whose reading is in one of these states (`pending`, `extracted`, `failed`). */
  extractionStatuses?: string[];
}

const effectiveType = sql`coalesce(${documents.documentTypeManual}, ${documents.documentType})`;

function filterConditions(accountId: string, f: DocumentFilter): SQL[] {
  const conditions: SQL[] = [eq(documents.accountId, accountId), isNull(documents.discardedAt)];
  if (f.filename)
    conditions.push(sql`${documents.name} ilike ${`%${f.filename.replace(/[\\%_]/g, "\\$&")}%`}`);
  if (f.documentTypes?.length) conditions.push(sql`${effectiveType} in ${f.documentTypes}`);
  if (f.emailSubmissionId) conditions.push(eq(documents.emailSubmissionId, f.emailSubmissionId));
  if (f.extractionStatuses?.length)
    conditions.push(inArray(documents.extractionStatus, f.extractionStatuses));
  if (f.reference)
    conditions.push(
      sql`exists (select from ${documentNumbers} n where n.account_id = ${accountId} and n.document_id = ${documents.id} and n.number = ${f.reference})`,
    );
  if (f.shipmentId)
    conditions.push(sql`exists (select from ${documentNumbers} n where n.account_id = ${accountId}
      and n.document_id = ${documents.id}
      and n.number in (
        select s.normalized_number from shipments s where s.account_id = ${accountId} and s.id = ${f.shipmentId}
        union all
        select c.number from containers c where c.account_id = ${accountId} and c.shipment_id = ${f.shipmentId}))`);
  return conditions;
}

/** What a document resource shows of its file. */
const FILE = {
  filename: documentBlobs.filename,
  contentType: documentBlobs.contentType,
  byteSize: documentBlobs.byteSize,
};
export type DocumentWithFile = {
  document: DocumentRow;
  file: { filename: string; contentType: string; byteSize: number };
};

/** The list's default order, newest first, as its index has it; pages in it are read by keyset. */
const NEWEST_FIRST: ListOrder = { at: documents.createdAt, tie: documents.id };

/** Whether `sort` is the list's default order (newest first), the one that pages by cursor. */
export function isDefaultDocumentOrder(sort: DocumentSort): boolean {
  return sort.field === "created_at" && sort.descending;
}

/**
 * A page of the account's documents. In the default order (newest first) the page is read by keyset or by number
 * as the other lists are (list-window.ts), and its edges name where the next and previous pages start; in a
 * client's order (`sort=`) it is read by number, and has no edges.
 */
export async function listDocuments(
  db: Db,
  accountId: string,
  filter: DocumentFilter,
  sort: DocumentSort,
  page: PageRequest,
): Promise<{ rows: DocumentWithFile[]; total: number; edges: PageEdges | undefined }> {
  const where = and(...filterConditions(accountId, filter));
  const counted = async () => (await db.select({ n: count() }).from(documents).where(where))[0]?.n ?? 0;
  const select = () =>
    db
      .select({ document: documents, file: FILE })
      .from(documents)
      .innerJoin(documentBlobs, eq(documentBlobs.id, documents.blobId));
  if (isDefaultDocumentOrder(sort))
    return readPage(
      page,
      NEWEST_FIRST,
      counted,
      (plan) =>
        select()
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      (r) => ({ at: r.document.createdAt, tie: r.document.id }),
    );
  const direction = (column: SQL | typeof documents.createdAt) =>
    sort.descending ? desc(column) : asc(column);
  const order =
    sort.field === "document_type"
      ? [direction(effectiveType), desc(documents.createdAt)]
      : sort.field === "added_by"
        ? [direction(sql`${documents.source}`), desc(documents.createdAt)]
        : [direction(documents.createdAt)];
  const [rows, total] = await Promise.all([
    select()
      .where(where)
      .orderBy(...order, desc(documents.id))
      .offset((page.number - 1) * page.size)
      .limit(page.size),
    counted(),
  ]);
  return { rows, total, edges: undefined };
}

/** Documents by id (an email's), with their files, in the account. */
export async function documentsByIds(db: Db, accountId: string, ids: string[]): Promise<DocumentWithFile[]> {
  if (ids.length === 0) return [];
  return db
    .select({ document: documents, file: FILE })
    .from(documents)
    .innerJoin(documentBlobs, eq(documentBlobs.id, documents.blobId))
    .where(and(eq(documents.accountId, accountId), inArray(documents.id, ids), isNull(documents.discardedAt)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/** The ids of each submission's documents (not discarded), in the account. */
export async function documentIdsOfSubmissions(db: Db, accountId: string, submissionIds: string[]) {
  const out = new Map<string, string[]>(submissionIds.map((id) => [id, []]));
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select({ id: documents.id, submission: documents.emailSubmissionId })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, accountId),
        inArray(documents.emailSubmissionId, submissionIds),
        isNull(documents.discardedAt),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
  for (const r of rows) out.get(r.submission!)?.push(r.id);
  return out;
}

export type DocumentEdit = Partial<Pick<DocumentRow, "name" | "documentTypeManual" | "extractedDataManual">>;

export async function updateDocument(
  db: Db,
  accountId: string,
  id: string,
  edit: DocumentEdit,
  now: Date,
): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(documents)
    .set({ ...edit, updatedAt: now })
    .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)))
    .returning();
  return row;
}

/** Soft-deletes the document (the hosted API's discard); its job goes, its file stays until swept with it. */
export async function discardDocument(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(documents)
      .set({ discardedAt: now, updatedAt: now })
      .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)))
      .returning({ id: documents.id });
    if (rows.length === 0) return false;
    await tx.delete(documentJobs).where(eq(documentJobs.documentId, id));
    await tx.delete(documentNumbers).where(eq(documentNumbers.documentId, id));
    return true;
  });
}

/** Asks the extraction worker to read the document again: it is pending until the job is done. */
export async function enqueueDocumentJob(
  db: Db,
  accountId: string,
  id: string,
  kind: "extract" | "reclassify",
  now: Date,
): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(documents)
      .set({ extractionStatus: "pending", extractionFailureReason: null, updatedAt: now })
      .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)))
      .returning();
    if (!row) return undefined;
    await tx
      .insert(documentJobs)
      .values({ documentId: id, accountId, kind, dueAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: documentJobs.documentId,
        // An extraction asked for while a reclassification waits does both.
        set: {
          kind: sql`case when ${documentJobs.kind} = 'extract' then 'extract' else excluded.kind end`,
          dueAt: now,
        },
      });
    return row;
  });
}

export async function setRotation(db: Db, accountId: string, id: string, rotation: number, now: Date) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(documents)
    .set({ rotation, updatedAt: now })
    .where(and(eq(documents.accountId, accountId), eq(documents.id, id), isNull(documents.discardedAt)))
    .returning();
  return row;
}

export async function representationsByIds(
  db: Db,
  accountId: string,
  ids: string[],
): Promise<RepresentationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documentRepresentations)
    .where(and(eq(documentRepresentations.accountId, accountId), inArray(documentRepresentations.id, ids)));
}

/** Replaces the numbers the document names (in the caller's transaction). */
export async function replaceDocumentNumbers(
  tx: Db,
  accountId: string,
  documentId: string,
  numbers: DocumentNumber[],
): Promise<void> {
  await tx.delete(documentNumbers).where(eq(documentNumbers.documentId, documentId));
  const unique = [...new Map(numbers.map((n) => [n.number, n])).values()];
  if (unique.length > 0)
    await tx.insert(documentNumbers).values(unique.map((n) => ({ ...n, accountId, documentId })));
}

export interface DocumentLinks {
  shipmentIds: string[];
  containerIds: string[];
  /** The numbers it names that link to nothing the account tracks. */
  untracked: DocumentNumber[];
}

/**
 * What each document links to: the shipments whose bill of lading or booking it names, the containers it names
 * and their shipments; and the numbers it names that the account does not track.
 */
/** Which of these documents name the shipment or one of its containers (what a share link may offer). */
export async function documentsNamingShipment(
  db: Db,
  accountId: string,
  shipmentId: string,
  documentIds: readonly string[],
): Promise<Set<string>> {
  const links = await documentLinks(db, accountId, documentIds.filter(isUuid));
  return new Set([...links].filter(([, l]) => l.shipmentIds.includes(shipmentId)).map(([id]) => id));
}

export async function documentLinks(
  db: Db,
  accountId: string,
  documentIds: string[],
): Promise<Map<string, DocumentLinks>> {
  const links = new Map<string, DocumentLinks>();
  for (const id of documentIds) links.set(id, { shipmentIds: [], containerIds: [], untracked: [] });
  if (documentIds.length === 0) return links;
  const result = await db.execute(sql`
    select n.document_id, n.number, n.number_type, n.scac, s.id as shipment_id, null::uuid as container_id
      from ${documentNumbers} n
      left join shipments s on s.account_id = n.account_id and s.normalized_number = n.number
        and n.number_type <> 'container'
     where n.account_id = ${accountId} and n.document_id in ${documentIds} and n.number_type <> 'container'
    union all
    select n.document_id, n.number, n.number_type, n.scac, c.shipment_id, c.id
      from ${documentNumbers} n
      left join containers c on c.account_id = n.account_id and c.number = n.number
     where n.account_id = ${accountId} and n.document_id in ${documentIds} and n.number_type = 'container'
     order by 1, 2`);
  const rows = (result as unknown as { rows: Record<string, string | null>[] }).rows;
  for (const row of rows) {
    const entry = links.get(row.document_id!);
    if (!entry) continue;
    if (row.shipment_id && !entry.shipmentIds.includes(row.shipment_id))
      entry.shipmentIds.push(row.shipment_id);
    if (row.container_id && !entry.containerIds.includes(row.container_id))
      entry.containerIds.push(row.container_id);
    if (!row.shipment_id && !row.container_id)
      entry.untracked.push({ number: row.number!, numberType: row.number_type!, scac: row.scac ?? null });
  }
  return links;
}

/** The numbers of the list that the account tracks (a shipment's bill of lading or booking, a container). */
export async function trackedNumbers(db: Db, accountId: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const result = await db.execute(sql`
    select normalized_number as number from shipments where account_id = ${accountId} and normalized_number in ${numbers}
    union
    select number from containers where account_id = ${accountId} and number in ${numbers}`);
  return new Set((result as unknown as { rows: { number: string }[] }).rows.map((r) => r.number));
}
