// Documents through /v2: uploads (multipart, and the hosted direct upload + attach), extraction off the request
// path, links to tracked shipments and containers, the signed download, and every bad input of the issue (a PDF
// claiming PNG, over 20 MB, another account's document, an expired or foreign link). Each answer of the hosted
// paths is checked against the hosted API's own schema (its OpenAPI file, copied into src/server/testing).
import { existsSync, readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentPayload } from "../../api/document-schemas";
import { getDocumentForJob } from "../db/documents";
import { emailSubmissions, shipments } from "../db/schema";
import { signDownloadLink } from "../documents/download-links";
import { startExtractionWorker } from "../documents/extraction-worker";
import { PdfTextReader } from "../documents/pdf-text";
import { arrivalNoticePdf, billOfLadingPdf, FIXTURE, pngImage } from "../testing/document-fixtures";
import { expectHosted } from "../testing/hosted-openapi";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { documentLinkKey } from "./documents/link-key";

let h: Harness;
let key: string;
let accountId: string;
let other: { apiKey: string; account: { id: string } };
const reader = new PdfTextReader();
let worker: ReturnType<typeof startExtractionWorker>;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount();
  key = created.apiKey;
  accountId = created.account.id;
  other = await h.newAccount();
  worker = startExtractionWorker(
    {
      db: h.db,
      blobs: h.service.blobs,
      reference: h.reference,
      clock: { now: () => new Date() },
      logger: { error() {}, warn() {}, info() {}, debug() {} } as never,
      readPdf: (b) => reader.read(b),
    },
    false,
  );
});
afterAll(async () => {
  await worker.stop();
  await reader.close();
  await h.close();
});

function form(bytes: Uint8Array, filename: string, type: string, name?: string): FormData {
  const data = new FormData();
  data.set("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  if (name) data.set("name", name);
  return data;
}
// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field.
const json = async (response: Response): Promise<any> => response.json();

describe("uploading and reading a bill of lading", () => {
  let id: string;
  let bytes: Uint8Array;
  it("takes a multipart upload, answers it pending, and reads it off the request path", async () => {
    bytes = await billOfLadingPdf();
    const response = await h.request(key, "/v2/documents", {
      method: "POST",
      body: form(bytes, "bol.pdf", "application/pdf", "Bill of lading MAEU262518034"),
    });
    expect(response.status).toBe(201);
    const body = await json(response);
    expectHosted("/documents", "post", 201, body);
    id = body.data.id;
    expect(body.data.attributes).toMatchObject({
      name: "Bill of lading MAEU262518034",
      extraction_status: "pending",
      document_type: "unclassified",
      file_content_type: "application/pdf",
      source: "upload",
    });
    await worker.runUntilIdle();
    const read = await json(await h.request(key, `/v2/documents/${id}?include=last_document_representation`));
    expectHosted("/documents/{id}", "get", 200, read);
    expect(read.data.attributes).toMatchObject({
      extraction_status: "extracted",
      document_type: "bill_of_lading",
      page_count: 3,
    });
    const payload = read.included[0].attributes.payload as DocumentPayload;
    expect(payload.fields.container_numbers.map((c) => c.value)).toEqual([...FIXTURE.containers]);
    expect(payload.rejected_numbers.map((r) => r.value)).toEqual([FIXTURE.badContainer]);
    expect(read.data.attributes.untracked_numbers.map((n: { number: string }) => n.number).sort()).toEqual(
      [...FIXTURE.containers, FIXTURE.billOfLading].sort(),
    );
  });

  it("links to a shipment once the account tracks its numbers, and the shipment lists it", async () => {
    const shipment = await insertShipment(h.db, accountId, {
      billOfLading: FIXTURE.billOfLading,
      containerNumbers: [FIXTURE.containers[0]],
    });
    // As the tracking engine stores it (the harness keeps the number without its line's code).
    await h.db
      .update(shipments)
      .set({ normalizedNumber: FIXTURE.billOfLading })
      .where(eq(shipments.id, shipment.shipment.id));
    const read = await json(await h.request(key, `/v2/documents/${id}?include=shipments,cargos`));
    expect(read.data.relationships.shipments.data).toEqual([{ id: shipment.shipment.id, type: "shipment" }]);
    expect(read.data.relationships.cargos.data).toHaveLength(1);
    // The box included with its free time counted, as its own page counts it (it went out as null).
    const cargoId = read.data.relationships.cargos.data[0].id;
    const cargo = read.included.find(
      (r: { type: string; id: string }) => r.type === "container" && r.id === cargoId,
    );
    const own = (await json(await h.request(key, `/v2/containers/${cargoId}`))).data.attributes;
    expect(own.demurrage).not.toBeNull();
    expect(cargo.attributes.demurrage).toEqual(own.demurrage);
    expect(read.data.attributes.untracked_numbers.map((n: { number: string }) => n.number)).toEqual([
      FIXTURE.containers[1],
    ]);
    const list = await json(
      await h.request(key, `/v2/documents?filter[shipment_id]=${shipment.shipment.id}`),
    );
    expectHosted("/documents", "get", 200, list);
    expect(list.data.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it("hands out a signed link that works without a key for 5 minutes, for this account only", async () => {
    const answer = await json(await h.request(key, `/v2/documents/${id}/download_url`));
    expectHosted("/documents/{id}/download_url", "get", 200, answer);
    const url = new URL(answer.download_url);
    const file = await h.request(null, `${url.pathname}${url.search}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const size = (await json(await h.request(key, `/v2/documents/${id}`))).data.attributes.file_size_bytes;
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(size);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    // Another account named in the link: not found there.
    const foreign = new URL(url);
    foreign.searchParams.set("account", other.account.id);
    expect((await h.request(null, `${foreign.pathname}${foreign.search}`)).status).toBe(404);
    // An altered signature, and one that expired.
    const forged = new URL(url);
    forged.searchParams.set("signature", "A".repeat(43));
    expect((await json(await h.request(null, `${forged.pathname}${forged.search}`))).errors[0].code).toBe(
      "invalid_link",
    );
    const keyOf = documentLinkKey({ db: h.db });
    const { blob } = (await getDocumentForJob(h.db, accountId, id))!;
    const expiredPath = signDownloadLink(
      await keyOf(),
      { accountId, documentId: id, blobId: blob.id },
      Date.now() - 10 * 60_000,
    );
    const expired = await h.request(null, expiredPath);
    expect(expired.status).toBe(403);
    expect((await json(expired)).errors[0].code).toBe("link_expired");
  });

  it("is another account's 404, as an unknown id is", async () => {
    for (const path of [`/v2/documents/${id}`, `/v2/documents/${id}/download_url`]) {
      const response = await h.request(other.apiKey, path);
      expect(response.status).toBe(404);
    }
    const reextract = await h.request(other.apiKey, `/v2/documents/${id}/reextract`, { method: "POST" });
    expect(reextract.status).toBe(404);
    // An id that is no UUID at all (the fuzzer's `%01`) is unknown too, never a database error.
    for (const action of ["reextract", "reclassify", "relink"]) {
      const response = await h.request(key, `/v2/documents/%01/${action}`, { method: "POST" });
      expect(response.status, action).toBe(404);
    }
  });

  it("refuses the same bytes twice with the hosted 409 naming the document", async () => {
    const response = await h.request(key, "/v2/documents", {
      method: "POST",
      body: form(bytes, "again.pdf", "application/pdf"),
    });
    expect(response.status).toBe(409);
    expect((await json(response)).errors[0].meta.existing_document_id).toBe(id);
  });
});

describe("the hosted direct upload", () => {
  it("stores the bytes, then a JSON POST attaches them", async () => {
    const upload = await h.request(key, "/v2/document_uploads?filename=notice.pdf", {
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: new Uint8Array(await arrivalNoticePdf()),
    });
    expect(upload.status).toBe(201);
    const blob = (await json(upload)).data.attributes;
    const created = await h.request(key, "/v2/documents", {
      method: "POST",
      json: {
        data: { type: "document", attributes: { name: "Arrival notice", attached_document: blob.signed_id } },
      },
    });
    expect(created.status).toBe(201);
    const doc = await json(created);
    expect(doc.data.attributes.source).toBe("api");
    // Another account cannot attach it.
    const stolen = await h.request(other.apiKey, "/v2/documents", {
      method: "POST",
      json: { data: { type: "document", attributes: { name: "x", attached_document: blob.signed_id } } },
    });
    expect(stolen.status).toBe(422);
    await worker.runUntilIdle();
    const read = await json(await h.request(key, `/v2/documents/${doc.data.id}`));
    expect(read.data.attributes.document_type).toBe("arrival_notice");
  });
});

describe("bad uploads", () => {
  it("refuses a PDF that claims to be a PNG, and stores nothing of it", async () => {
    const before = await json(await h.request(key, "/v2/documents"));
    const response = await h.request(key, "/v2/documents", {
      method: "POST",
      body: form(await billOfLadingPdf(), "photo.png", "image/png"),
    });
    expect(response.status).toBe(422);
    expect((await json(response)).errors[0].code).toBe("type_mismatch");
    expect((await json(await h.request(key, "/v2/documents"))).meta.total).toBe(before.meta.total);
  });

  it("answers 413 past 20 MB and keeps no half-stored file", async () => {
    const response = await h.request(key, "/v2/document_uploads?filename=big.png", {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(pngImage(20 * 1024 * 1024 + 1)),
    });
    expect(response.status).toBe(413);
    const rows = (await h.db.execute(
      sql`select count(*)::int as n from document_blobs where byte_size = 0 or status = 'uploading'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
    // On PGlite the bytes are files: each belongs to a complete upload (on PostgreSQL, rows that went with theirs).
    const folder = h.service.database.filesDir;
    if (folder) {
      const complete = (await h.db.execute(
        sql`select id from document_blobs where status = 'complete'`,
      )) as unknown as { rows: { id: string }[] };
      const files = existsSync(folder) ? readdirSync(folder) : [];
      expect(files.sort()).toEqual(complete.rows.map((r) => r.id).sort());
    }
  });

  it("takes a 20 MB image, and reads it as having no text layer", async () => {
    const response = await h.request(key, "/v2/documents", {
      method: "POST",
      body: form(pngImage(20 * 1024 * 1024), "scan.png", "image/png"),
    });
    expect(response.status).toBe(201);
    const id = (await json(response)).data.id;
    await worker.runUntilIdle();
    const read = await json(await h.request(key, `/v2/documents/${id}`));
    expect(read.data.attributes).toMatchObject({
      extraction_status: "failed",
      extraction_failure_reason: "no_text_layer",
    });
    expect(
      (await h.request(key, `/v2/documents/${id}/rotate`, { method: "POST", json: { degrees: 90 } })).status,
    ).toBe(202);
    expect((await json(await h.request(key, `/v2/documents/${id}`))).data.attributes.rotation).toBe(90);
  });

  it("answers a form without a file, a wrong rotation and an unknown schema with what to send", async () => {
    const data = new FormData();
    data.set("name", "nothing");
    expect((await h.request(key, "/v2/documents", { method: "POST", body: data })).status).toBe(422);
    expect(
      (
        await h.request(key, "/v2/documents", {
          method: "POST",
          headers: { "content-type": "text/plain" },
          body: "x",
        })
      ).status,
    ).toBe(415);
    const list = await json(await h.request(key, "/v2/documents?filter[document_types]=bill_of_lading"));
    const pdf = list.data[0].id;
    expect(
      (await h.request(key, `/v2/documents/${pdf}/rotate`, { method: "POST", json: { degrees: 45 } })).status,
    ).toBe(422);
    expect(
      (await h.request(key, `/v2/documents/${pdf}/rotate`, { method: "POST", json: { degrees: 90 } })).status,
    ).toBe(422);
    expect((await h.request(key, "/v2/document_schemas/nothing@2020-01-01")).status).toBe(404);
    const schema = await json(await h.request(key, "/v2/document_schemas/arrival_notice@2026-11-01"));
    expectHosted("/document_schemas/{id}", "get", 200, schema);
    const types = await json(await h.request(key, "/v2/documents/types"));
    expectHosted("/documents/types", "get", 200, types);
  });
});

describe("paging the documents and email submissions", () => {
  /** Walks a list by its links.next from `first`, reading `size` a page; `between` runs after the first page. */
  async function walk(apiKey: string, first: string, size: number, between?: () => Promise<void>) {
    const seen: string[] = [];
    let next: string | undefined = first;
    while (next) {
      const url = new URL(next, "http://localhost");
      const page = await json(await h.request(apiKey, url.pathname + url.search));
      seen.push(...page.data.map((d: { id: string }) => d.id));
      if (page.data.length === size) {
        next = page.links.next;
        expect(next).toContain("page[after]=");
      } else next = undefined;
      if (between && seen.length === size) await between();
    }
    return seen;
  }

  it("walks the documents newest first by cursor, seeing none twice while new ones arrive, and counts those still read", async () => {
    const owner = await h.newAccount();
    const upload = async (i: number) => {
      h.clock.advance(1_000);
      const response = await h.request(owner.apiKey, "/v2/documents", {
        method: "POST",
        body: form(pngImage(200 + i), `scan-${i}.png`, "image/png"),
      });
      expect(response.status).toBe(201);
      return (await json(response)).data.id as string;
    };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await upload(i));
    const seen = await walk(
      owner.apiKey,
      "/v2/documents?page[size]=2",
      2,
      async () => void (await upload(99)),
    );
    expect(seen).toEqual([...ids].reverse());

    const sorted = await h.request(owner.apiKey, "/v2/documents?sort=document_type&page[after]=abc");
    expect(sorted.status).toBe(400);
    expect((await json(sorted)).errors[0].source).toEqual({ parameter: "page[after]" });
    const forged = await h.request(owner.apiKey, "/v2/documents?page[after]=bm90LWEtY3Vyc29y");
    expect(forged.status).toBe(400);
    expect((await json(forged)).errors[0].source).toEqual({ parameter: "page[after]" });
    // What is still being read, counted by the extraction status filter; a status that does not exist is a 400.
    const count = async (status: string) =>
      (
        await json(
          await h.request(owner.apiKey, `/v2/documents?filter[extraction_status]=${status}&page[size]=1`),
        )
      ).meta.total;
    expect(await count("pending")).toBe(6);
    await worker.runUntilIdle();
    expect(await count("pending")).toBe(0);
    expect(await count("extracted,failed")).toBe(6);
    const unknown = await h.request(owner.apiKey, "/v2/documents?filter[extraction_status]=done");
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors[0].source).toEqual({ parameter: "filter[extraction_status]" });
    // A sorted list still pages by number.
    const byType = await json(
      await h.request(owner.apiKey, "/v2/documents?sort=-added_by&page[size]=4&page[number]=2"),
    );
    expect(byType.data).toHaveLength(2);
    expect(byType.meta.total).toBe(6);
  });

  it("walks the email submissions by cursor too", async () => {
    const owner = await h.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await h.db
        .insert(emailSubmissions)
        .values({
          accountId: owner.account.id,
          subject: `Arrival notice ${i}`,
          createdAt: new Date(Date.now() - (10 - i) * 60_000),
        })
        .returning();
      ids.push(row!.id);
    }
    expect(await walk(owner.apiKey, "/v2/email_submissions?page[size]=2", 2)).toEqual([...ids].reverse());
    expect(await walk(other.apiKey, "/v2/email_submissions?page[size]=2", 2)).toEqual([]);
  });
});
