// Email in through a real SMTP client (nodemailer) to the listener on loopback: an arrival notice becomes an email
// submission with its document (read, and linked to the shipment it names), the body's numbers are offered, and
// every refusal is an SMTP error that leaves nothing stored: an unknown address, a sender outside the allowed
// domains (in the envelope, or forged in the From: header), 200 attachments, a 30 MB body, the hourly limit.
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboundEmailOf, updateInboundEmail } from "../db/inbound-email";
import { shipments } from "../db/schema";
import { createLogger } from "../logger";
import { arrivalNoticePdf, FIXTURE } from "../testing/document-fixtures";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { startExtractionWorker } from "./extraction-worker";
import { startInboundMail } from "./inbound-mail";
import { PdfTextReader } from "./pdf-text";

const DOMAIN = "in.boxtrack.test";
let h: Harness;
let key: string;
let accountId: string;
let address: string;
let listener: Awaited<ReturnType<typeof startInboundMail>>;
const reader = new PdfTextReader();
let worker: ReturnType<typeof startExtractionWorker>;

beforeAll(async () => {
  h = await createHarness();
  const created = await h.newAccount();
  key = created.apiKey;
  accountId = created.account.id;
  address = `${(await inboundEmailOf(h.db, accountId, new Date())).token}@${DOMAIN}`;
  const logger = createLogger("silent");
  listener = await startInboundMail({
    db: h.db,
    blobs: h.service.blobs,
    reference: h.reference,
    logger,
    domain: DOMAIN,
    port: 0,
    host: "127.0.0.1",
    limits: { messageBytes: 25 * 1024 * 1024, attachments: 20, messagesPerHour: 10 },
  });
  worker = startExtractionWorker(
    {
      db: h.db,
      blobs: h.service.blobs,
      reference: h.reference,
      clock: { now: () => new Date() },
      logger,
      readPdf: (b) => reader.read(b),
    },
    false,
  );
});
afterAll(async () => {
  await listener.close();
  await worker.stop();
  await reader.close();
  await h.close();
});

const transport = () =>
  nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true });

async function send(
  message: SendMailOptions,
): Promise<{ ok: true } | { ok: false; code: number; text: string }> {
  try {
    await transport().sendMail(message);
    return { ok: true };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string };
    return { ok: false, code: e.responseCode ?? 0, text: e.response ?? String(error) };
  }
}

const count = async (table: string) =>
  (
    (await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;
// biome-ignore lint/suspicious/noExplicitAny: JSON answers read field by field.
const json = async (path: string): Promise<any> => (await h.request(key, path)).json();

describe("a forwarded arrival notice", () => {
  it("becomes a submission with its document, read and linked to the shipment it names", async () => {
    const shipment = await insertShipment(h.db, accountId, { billOfLading: FIXTURE.billOfLading });
    await h.db
      .update(shipments)
      .set({ normalizedNumber: FIXTURE.billOfLading })
      .where(eq(shipments.id, shipment.shipment.id));
    const sent = await send({
      from: "ops@forwarder.example",
      to: address,
      subject: `Arrival notice ${FIXTURE.billOfLading}`,
      text: `Please find the arrival notice attached. Also watch MSCU7001052 and ${FIXTURE.containers[1]}.`,
      attachments: [{ filename: "arrival-notice.pdf", content: Buffer.from(await arrivalNoticePdf()) }],
    });
    expect(sent).toEqual({ ok: true });
    const list = await json("/v2/email_submissions");
    expect(list.meta.total).toBe(1);
    const submission = list.data[0];
    expect(submission.attributes).toMatchObject({
      subject: `Arrival notice ${FIXTURE.billOfLading}`,
      from: ["ops@forwarder.example"],
      to: [address],
      documents_count: 1,
    });
    expect(submission.attributes.untracked_numbers.map((n: { number: string }) => n.number).sort()).toEqual(
      ["MSCU7001052", FIXTURE.containers[1]].sort(),
    );
    await worker.runUntilIdle();
    const documentId = submission.relationships.documents.data[0].id;
    const document = await json(`/v2/documents/${documentId}?include=email_submission`);
    expect(document.data.attributes).toMatchObject({
      source: "email",
      document_type: "arrival_notice",
      extraction_status: "extracted",
    });
    expect(document.data.relationships.shipments.data).toEqual([
      { id: shipment.shipment.id, type: "shipment" },
    ]);
    expect(document.included[0].id).toBe(submission.id);
  });
});

describe("refused mail", () => {
  it("answers an unknown or rotated address 550", async () => {
    const sent = await send({ from: "a@b.example", to: `nobody@${DOMAIN}`, subject: "x", text: "x" });
    expect(sent).toMatchObject({ ok: false, code: 550 });
  });

  it("answers senders outside the allowed domains 550, in the envelope or forged in From:", async () => {
    await updateInboundEmail(h.db, accountId, { allowedSenderDomains: ["forwarder.example"] }, new Date());
    const before = await count("email_submissions");
    const blobs = await count("document_blobs");
    expect(await send({ from: "x@elsewhere.example", to: address, subject: "x", text: "x" })).toMatchObject({
      ok: false,
      code: 550,
    });
    const forged = await send({
      from: "ceo@elsewhere.example",
      envelope: { from: "ops@forwarder.example", to: [address] },
      to: address,
      subject: "Pay this",
      text: "x",
      attachments: [{ filename: "notice.pdf", content: Buffer.from(await arrivalNoticePdf()) }],
    });
    expect(forged).toMatchObject({ ok: false, code: 550 });
    expect(await count("email_submissions")).toBe(before);
    expect(await count("document_blobs")).toBe(blobs);
    await updateInboundEmail(h.db, accountId, { allowedSenderDomains: [] }, new Date());
  });

  it("answers 200 attachments 552 and stores none of them", async () => {
    const blobs = await count("document_blobs");
    const pdf = Buffer.from(await arrivalNoticePdf());
    const attachments = Array.from({ length: 200 }, (_, i) => ({ filename: `n${i}.pdf`, content: pdf }));
    const sent = await send({ from: "a@b.example", to: address, subject: "many", text: "x", attachments });
    expect(sent).toMatchObject({ ok: false, code: 552 });
    expect(await count("document_blobs")).toBe(blobs);
  }, 60_000);

  it("answers a 30 MB body 552 without holding it in memory", async () => {
    const before = process.memoryUsage.rss();
    let peak = before;
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    // Generated as it is sent, so that the client in this process holds none of it either.
    const line = `${"x".repeat(76)}\r\n`;
    const lines = Math.ceil((30 * 1024 * 1024) / line.length);
    const raw = Readable.from(
      (function* () {
        yield `From: a@b.example\r\nTo: ${address}\r\nSubject: big\r\nContent-Type: text/plain\r\n\r\n`;
        for (let i = 0; i < lines; i += 1000) yield line.repeat(Math.min(1000, lines - i));
      })(),
    );
    const sent = await send({ envelope: { from: "a@b.example", to: [address] }, raw });
    clearInterval(watch);
    expect(sent).toMatchObject({ ok: false, code: 552 });
    expect((peak - before) / 1024 / 1024).toBeLessThan(100);
  }, 60_000);

  it("answers past the hourly limit 451, a temporary refusal", async () => {
    let last: Awaited<ReturnType<typeof send>> = { ok: true };
    for (let i = 0; i < 12 && last.ok; i++)
      last = await send({ from: "a@b.example", to: address, subject: `n${i}`, text: "x" });
    expect(last).toMatchObject({ ok: false, code: 451 });
  });
});
