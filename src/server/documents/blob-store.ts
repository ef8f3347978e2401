// Where an uploaded file's bytes live, apart from its row in document_blobs (name, type, size, checksum, status).
// On PostgreSQL they are chunk rows in the database, which every service process shares. On PGlite they are files
// in the data directory: the embedded database runs one statement at a time on the service's own thread, and
// 100 uploads' chunk inserts kept the shipments list waiting behind them (p99 23× its idle figure); a file is
// written by libuv's thread pool instead. Either way a blob's bytes count only once its row is `complete`, which
// is set after the bytes are durable, so a crash leaves at most bytes that no row calls complete (swept later).
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { isUuid } from "../../api/ids";
import type { Db } from "../db/connection";
import {
  appendBlobChunk,
  blobChunks,
  type DocumentBlobRow,
  existingBlobIds,
  sweepBlobs,
} from "../db/document-blobs";

export interface BlobStore {
  /** Stores the `seq`th piece of an uploading blob (pieces come in order, from 0). */
  write(blobId: string, seq: number, data: Uint8Array): Promise<void>;
  /** Makes the blob's pieces durable: called before its row is marked complete. */
  seal(blobId: string): Promise<void>;
  /** A complete blob's bytes (the row, read for its account, is the permission), a piece at a time. */
  bytes(blob: DocumentBlobRow): AsyncIterable<Uint8Array>;
  /** Drops the bytes of blobs whose rows were deleted (the database's own chunks go with their rows). */
  discard(blobIds: readonly string[]): Promise<void>;
  /** Drops bytes that no row owns, written before `olderThan` (a process that died between the two). */
  sweepOrphans(olderThan: Date): Promise<number>;
}

/** The bytes as chunk rows beside the blob's row (document_blob_chunks; deleted with it by the foreign key). */
export function databaseBlobStore(db: Db): BlobStore {
  return {
    write: (blobId, seq, data) => appendBlobChunk(db, blobId, seq, data),
    seal: async () => {},
    bytes: (blob) => blobChunks(db, blob.accountId, blob.id),
    discard: async () => {},
    sweepOrphans: async () => 0,
  };
}

/** The bytes as one file a blob, named by its id, in `dir` (made when first needed). */
export function fileBlobStore(db: Db, dir: string): BlobStore {
  const pathOf = (blobId: string) => {
    // Ids come from the database's rows; the check keeps any other string from naming a path.
    if (!isUuid(blobId)) throw new Error("a blob id is a UUID");
    return join(dir, blobId);
  };
  return {
    async write(blobId, seq, data) {
      if (seq === 0) await mkdir(dir, { recursive: true });
      // The first piece creates the file and must be the first (`wx`): a blob's id is never reused.
      const file = await open(pathOf(blobId), seq === 0 ? "wx" : "a");
      try {
        await file.write(data);
      } finally {
        await file.close();
      }
    },
    async seal(blobId) {
      const file = await open(pathOf(blobId), "r");
      try {
        await file.sync();
      } finally {
        await file.close();
      }
      // The file's entry in its folder is part of what must survive a power cut.
      const folder = await open(dir, "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    },
    bytes: (blob) => createReadStream(pathOf(blob.id), { highWaterMark: 256 * 1024 }),
    async discard(blobIds) {
      for (const id of blobIds) await rm(pathOf(id), { force: true });
    },
    async sweepOrphans(olderThan) {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const ids = names.filter(isUuid);
      let removed = 0;
      for (let at = 0; at < ids.length; at += 500) {
        const batch = ids.slice(at, at + 500);
        const owned = await existingBlobIds(db, batch);
        for (const id of batch) {
          if (owned.has(id)) continue;
          const info = await stat(pathOf(id)).catch(() => undefined);
          if (!info || info.mtime >= olderThan) continue;
          await rm(pathOf(id), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

/** The whole blob in one buffer: for the extraction, which reads a file whole (at most DOCUMENT_MAX_BYTES). */
export async function blobBuffer(store: BlobStore, blob: DocumentBlobRow): Promise<Uint8Array> {
  const out = new Uint8Array(blob.byteSize);
  let at = 0;
  for await (const chunk of store.bytes(blob)) {
    out.set(chunk.subarray(0, Math.max(0, out.byteLength - at)), at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The housekeeping pass: uploads left `uploading` before `staleBefore` (a process died mid-upload) and complete
 * ones no document took before `unattachedBefore` lose their rows, then their bytes; then bytes no row owns.
 */
export async function sweepUploads(
  db: Db,
  store: BlobStore,
  staleBefore: Date,
  unattachedBefore: Date,
): Promise<number> {
  const ids = await sweepBlobs(db, staleBefore, unattachedBefore);
  await store.discard(ids);
  return ids.length + (await store.sweepOrphans(staleBefore));
}
