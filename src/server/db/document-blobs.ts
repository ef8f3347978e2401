// Uploaded files in the database: each one's row (document_blobs) and, where the bytes are kept in the database
// (on PostgreSQL: documents/blob-store.ts), its chunks (document_blob_chunks), written a chunk at a time as an
// upload streams in, each chunk its own statement (a transaction held open across a slow client's upload would
// hold PGlite's one connection, or a server connection, for as long as the client likes), and read back a few
// chunks at a time. A blob is `uploading` until its last chunk is in; only a `complete` one can be attached or
// read. Every read and write is scoped by account, except the sweep of abandoned uploads, which serves all.
import { and, asc, eq, gte, inArray, lt, notExists, sql } from "drizzle-orm";
import { isUuid } from "../../api/ids";
import type { Db } from "./connection";
import { documentBlobChunks, documentBlobs, documents } from "./schema";

export type DocumentBlobRow = typeof documentBlobs.$inferSelect;

/** The most bytes one chunk row holds. */
export const BLOB_CHUNK_BYTES = 256 * 1024;

export async function startBlob(
  db: Db,
  accountId: string,
  values: { filename: string; contentType: string },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(documentBlobs)
    .values({ accountId, ...values, status: "uploading", createdAt: now })
    .returning({ id: documentBlobs.id });
  return row!.id;
}

export async function appendBlobChunk(db: Db, blobId: string, seq: number, data: Uint8Array): Promise<void> {
  await db.insert(documentBlobChunks).values({ blobId, seq, data });
}

export async function completeBlob(
  db: Db,
  accountId: string,
  blobId: string,
  values: { byteSize: number; checksum: string; contentType: string },
): Promise<DocumentBlobRow | undefined> {
  const [row] = await db
    .update(documentBlobs)
    .set({ ...values, status: "complete" })
    .where(and(eq(documentBlobs.accountId, accountId), eq(documentBlobs.id, blobId)))
    .returning();
  return row;
}

/** Removes a blob and its chunks (an upload refused or cut short: nothing of it stays). */
export async function deleteBlob(db: Db, accountId: string, blobId: string): Promise<void> {
  await db
    .delete(documentBlobs)
    .where(and(eq(documentBlobs.accountId, accountId), eq(documentBlobs.id, blobId)));
}

/** A complete blob of the account. */
export async function getCompleteBlob(
  db: Db,
  accountId: string,
  id: string,
): Promise<DocumentBlobRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(documentBlobs)
    .where(
      and(
        eq(documentBlobs.accountId, accountId),
        eq(documentBlobs.id, id),
        eq(documentBlobs.status, "complete"),
      ),
    );
  return row;
}

/** Up to `limit` chunks of the blob from `fromSeq` on, in order. */
export async function readBlobChunks(
  db: Db,
  accountId: string,
  blobId: string,
  fromSeq: number,
  limit: number,
): Promise<{ seq: number; data: Uint8Array }[]> {
  return db
    .select({ seq: documentBlobChunks.seq, data: documentBlobChunks.data })
    .from(documentBlobChunks)
    .innerJoin(documentBlobs, eq(documentBlobs.id, documentBlobChunks.blobId))
    .where(
      and(
        eq(documentBlobs.accountId, accountId),
        eq(documentBlobChunks.blobId, blobId),
        gte(documentBlobChunks.seq, fromSeq),
      ),
    )
    .orderBy(asc(documentBlobChunks.seq))
    .limit(limit);
}

/** A blob's bytes, a few chunks a query, never more than that in memory at once. */
export async function* blobChunks(db: Db, accountId: string, blobId: string): AsyncGenerator<Uint8Array> {
  let next = 0;
  for (;;) {
    const chunks = await readBlobChunks(db, accountId, blobId, next, 4);
    for (const chunk of chunks) yield chunk.data;
    if (chunks.length < 4) return;
    next = chunks.at(-1)!.seq + 1;
  }
}

/** Which of these blob ids have a row (in any account): for the sweep of files that no row owns. */
export async function existingBlobIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: documentBlobs.id })
    .from(documentBlobs)
    .where(inArray(documentBlobs.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/**
 * Removes uploads left `uploading` before `staleBefore` (a process that died mid-upload) and complete uploads
 * that no document attached before `unattachedBefore`: across accounts, as a housekeeping pass. Returns their ids,
 * whose bytes the blob store then discards.
 */
export async function sweepBlobs(db: Db, staleBefore: Date, unattachedBefore: Date): Promise<string[]> {
  const stale = await db
    .delete(documentBlobs)
    .where(and(eq(documentBlobs.status, "uploading"), lt(documentBlobs.createdAt, staleBefore)))
    .returning({ id: documentBlobs.id });
  const unattached = await db
    .delete(documentBlobs)
    .where(
      and(
        eq(documentBlobs.status, "complete"),
        lt(documentBlobs.createdAt, unattachedBefore),
        notExists(db.select({ one: sql`1` }).from(documents).where(eq(documents.blobId, documentBlobs.id))),
      ),
    )
    .returning({ id: documentBlobs.id });
  return [...stale, ...unattached].map((r) => r.id);
}
