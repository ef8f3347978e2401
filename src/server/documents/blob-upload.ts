// Stores an upload's bytes as they arrive: pieces of at most 256 KiB go to the blob store (blob-store.ts), the
// first bytes are checked against the declared type before anything is written, a running SHA-256 is kept, and
// the stream is cut (cancelled, not read on) the moment it passes the limit. Whatever goes wrong (too large, the
// wrong type, the client gone), the partial blob is deleted: nothing is stored half. Memory held is one chunk.
import { createHash } from "node:crypto";
import { DOCUMENT_FILE_TYPES, DOCUMENT_MAX_BYTES, type DocumentFileType } from "../../api/document-types";
import type { Db } from "../db/connection";
import {
  BLOB_CHUNK_BYTES,
  completeBlob,
  type DocumentBlobRow,
  deleteBlob,
  startBlob,
} from "../db/document-blobs";
import type { BlobStore } from "./blob-store";
import { SNIFF_BYTES, sniffFileType } from "./file-types";
import { ungated, type WriteGate } from "./write-gate";

/** Why an upload was refused; the HTTP and SMTP layers each say it their way. */
export type UploadRefusal =
  | { refused: "too_large"; maxBytes: number }
  | { refused: "empty" }
  | { refused: "unsupported_type"; declared: string | undefined }
  | { refused: "type_mismatch"; declared: DocumentFileType; actual: DocumentFileType | undefined };

export const isUploadRefusal = (value: object): value is UploadRefusal => "refused" in value;

export function refusalDetail(r: UploadRefusal, filename: string): string {
  switch (r.refused) {
    case "too_large":
      return `${filename} is larger than ${r.maxBytes / 1024 / 1024} MB, the most a document may be.`;
    case "empty":
      return `${filename} is empty.`;
    case "unsupported_type":
      return `${filename} is not a PDF, PNG, JPEG or .eml file${r.declared ? ` (it says ${r.declared})` : ""}; those are the types the service reads.`;
    case "type_mismatch":
      return `${filename} says it is a ${DOCUMENT_FILE_TYPES[r.declared].label}, but its bytes are ${r.actual ? `a ${DOCUMENT_FILE_TYPES[r.actual].label}` : "none of the types the service reads"}; upload it with its real type.`;
  }
}

export interface UploadInput {
  accountId: string;
  filename: string;
  /** The type the client declared; undefined: the bytes decide (e-mail attachments whose type is generic). */
  declared: DocumentFileType | undefined;
  now: Date;
  maxBytes?: number;
  /** Takes each database write in turn with other uploads' (write-gate.ts); none by default. */
  gate?: WriteGate;
}

/** Reads the stream into a new complete blob, or deletes what it wrote and says why it refused. */
export async function storeUpload(
  db: Db,
  blobs: BlobStore,
  stream: AsyncIterable<Uint8Array>,
  input: UploadInput,
): Promise<DocumentBlobRow | UploadRefusal> {
  const maxBytes = input.maxBytes ?? DOCUMENT_MAX_BYTES;
  const gate = input.gate ?? ungated;
  const hash = createHash("sha256");
  let blobId: string | undefined;
  let type: DocumentFileType | undefined;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  const iterator = stream[Symbol.asyncIterator]();

  const flush = async (all: boolean) => {
    while (pendingBytes >= BLOB_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = concat(pending, pendingBytes);
      const piece = joined.subarray(0, Math.min(BLOB_CHUNK_BYTES, joined.byteLength));
      const rest = joined.subarray(piece.byteLength);
      const at = seq++;
      await gate(() => blobs.write(blobId!, at, piece.slice()));
      pending = rest.byteLength > 0 ? [rest] : [];
      pendingBytes = rest.byteLength;
    }
  };

  try {
    for (;;) {
      const { done, value } = await iterator.next();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await iterator.return?.();
        return await refuse({ refused: "too_large", maxBytes });
      }
      hash.update(value);
      pending.push(value);
      pendingBytes += value.byteLength;
      if (type === undefined) {
        if (pendingBytes < SNIFF_BYTES) continue;
        const refusal = checkType(concat(pending, pendingBytes).subarray(0, SNIFF_BYTES));
        if (refusal) {
          await iterator.return?.();
          return refusal;
        }
        blobId = await startBlob(
          db,
          input.accountId,
          { filename: input.filename, contentType: type! },
          input.now,
        );
      }
      await flush(false);
    }
    if (size === 0) return { refused: "empty" };
    if (type === undefined) {
      // A file shorter than the sniffed prefix: decide on what there is.
      const refusal = checkType(concat(pending, pendingBytes));
      if (refusal) return refusal;
      blobId = await startBlob(
        db,
        input.accountId,
        { filename: input.filename, contentType: type! },
        input.now,
      );
    }
    await flush(true);
    await blobs.seal(blobId!);
    const blob = await completeBlob(db, input.accountId, blobId!, {
      byteSize: size,
      checksum: hash.digest("hex"),
      contentType: type!,
    });
    return blob!;
  } catch (error) {
    await refuse(undefined);
    throw error;
  }

  function checkType(head: Uint8Array): UploadRefusal | undefined {
    const actual = sniffFileType(head);
    if (input.declared && actual !== input.declared)
      return { refused: "type_mismatch", declared: input.declared, actual };
    if (!actual) return { refused: "unsupported_type", declared: undefined };
    type = actual;
    return undefined;
  }

  async function refuse<T extends UploadRefusal | undefined>(refusal: T): Promise<T> {
    if (blobId) await removeBlob(db, blobs, input.accountId, blobId).catch(() => {});
    return refusal;
  }
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Deletes a blob's row, then its bytes: an upload refused or cut short, or mail refused after its attachments. */
export async function removeBlob(db: Db, blobs: BlobStore, accountId: string, blobId: string): Promise<void> {
  await deleteBlob(db, accountId, blobId);
  await blobs.discard([blobId]);
}
