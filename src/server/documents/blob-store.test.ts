// Both places an upload's bytes can live (files beside PGlite, chunk rows on PostgreSQL) keep the same promises:
// what storeUpload wrote reads back byte for byte, a refused or removed upload leaves no bytes behind, and the
// sweep removes stale uploads' bytes and files that no row owns, never a live upload's.
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../db/accounts";
import type { Database } from "../db/connection";
import { completeBlob, startBlob } from "../db/document-blobs";
import { openTestDatabase } from "../testing/test-database";
import { type BlobStore, blobBuffer, databaseBlobStore, fileBlobStore, sweepUploads } from "./blob-store";
import { isUploadRefusal, removeBlob, storeUpload } from "./blob-upload";

let database: Database;
let drop: () => Promise<void>;
let accountId: string;
const dir = mkdtempSync(join(tmpdir(), "blob-store-test-"));
const NOW = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  accountId = (await createAccount(database.db, "Blob Co")).account.id;
});
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A PNG of `size` bytes: its signature, then filler (the sniffer reads the first bytes only). */
function png(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = (i * 31) % 251;
  return bytes;
}

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

/** Each store, and how many bytes' worth it holds (files in its folder, or the chunk rows' data). */
const stores: [string, () => BlobStore, () => Promise<number>][] = [
  [
    "files",
    () => fileBlobStore(database.db, join(dir, "files")),
    async () => (existsSync(join(dir, "files")) ? readdirSync(join(dir, "files")).length : 0),
  ],
  [
    "database rows",
    () => databaseBlobStore(database.db),
    async () => {
      const result = (await database.db.execute(
        sql`select coalesce(sum(length(data)), 0)::int as n from document_blob_chunks`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    },
  ],
];

describe.each(stores)("bytes kept as %s", (_name, make, byteCount) => {
  it("reads back what an upload of several chunks wrote, byte for byte", async () => {
    const store = make();
    const bytes = png(700 * 1024 + 13);
    const stored = await storeUpload(database.db, store, pieces(bytes, 64 * 1024), {
      accountId,
      filename: "scan.png",
      declared: "image/png",
      now: NOW,
    });
    if (isUploadRefusal(stored)) throw new Error(stored.refused);
    expect(stored.byteSize).toBe(bytes.byteLength);
    // Compared as buffers: a deep equality over 700 K elements takes seconds.
    expect(Buffer.from(await blobBuffer(store, stored)).equals(bytes)).toBe(true);
  });

  it("keeps no bytes of an upload refused past its limit, nor of one removed", async () => {
    const store = make();
    const before = await byteCount();
    const refused = await storeUpload(database.db, store, pieces(png(600 * 1024), 100 * 1024), {
      accountId,
      filename: "big.png",
      declared: "image/png",
      now: NOW,
      maxBytes: 500 * 1024,
    });
    expect(refused).toEqual({ refused: "too_large", maxBytes: 500 * 1024 });
    expect(await byteCount()).toBe(before);

    const kept = await storeUpload(database.db, store, pieces(png(300 * 1024), 100 * 1024), {
      accountId,
      filename: "kept.png",
      declared: "image/png",
      now: NOW,
    });
    if (isUploadRefusal(kept)) throw new Error(kept.refused);
    expect(await byteCount()).toBeGreaterThan(before);
    await removeBlob(database.db, store, accountId, kept.id);
    expect(await byteCount()).toBe(before);
  });

  it("sweeps a stale upload's bytes, and leaves a live upload's", async () => {
    const store = make();
    const stale = await startBlob(
      database.db,
      accountId,
      { filename: "a.png", contentType: "image/png" },
      NOW,
    );
    await store.write(stale, 0, png(1024));
    const live = await startBlob(
      database.db,
      accountId,
      { filename: "b.png", contentType: "image/png" },
      NOW,
    );
    await store.write(live, 0, png(1024));
    // Only uploads begun before the stale mark go: move the live one's row after it.
    await completeBlob(database.db, accountId, live, {
      byteSize: 1024,
      checksum: "x",
      contentType: "image/png",
    });
    const swept = await sweepUploads(database.db, store, new Date(NOW.getTime() + 1), new Date(0));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await readable(store, stale)).toBe(false);
    expect(await readable(store, live)).toBe(true);
  });
});

describe("bytes kept as files", () => {
  it("removes a file that no row owns once it is older than the stale mark, never a young one", async () => {
    const folder = join(dir, "orphans");
    const store = fileBlobStore(database.db, folder);
    const blob = await startBlob(
      database.db,
      accountId,
      { filename: "c.png", contentType: "image/png" },
      NOW,
    );
    await store.write(blob, 0, png(10));
    const old = "0b6e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4";
    const young = "1b6e1d2c-3f4a-4b5c-8d6e-7f8091a2b3c4";
    writeFileSync(join(folder, old), "left by a process that died");
    writeFileSync(join(folder, young), "being written");
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(folder, old), hourAgo, hourAgo);
    expect(await store.sweepOrphans(new Date(Date.now() - 60_000))).toBe(1);
    expect(readdirSync(folder).sort()).toEqual([blob, young].sort());
  });

  it("refuses a name that is not a blob id, so no path outside its folder is touched", async () => {
    const store = fileBlobStore(database.db, join(dir, "names"));
    await expect(store.write("../escape", 0, png(10))).rejects.toThrow(/UUID/);
  });
});

async function readable(store: BlobStore, id: string): Promise<boolean> {
  try {
    for await (const _ of store.bytes({ id, accountId, byteSize: 1024 } as never)) return true;
    return false;
  } catch {
    return false;
  }
}
