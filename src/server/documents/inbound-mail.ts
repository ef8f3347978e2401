// Email in: an SMTP listener (smtp-server) for each account's own address `<token>@<INBOUND_MAIL_DOMAIN>`. A
// message is parsed as it arrives (mailparser's streaming parser): each PDF, PNG, JPEG or .eml attachment goes
// into the database as it is read and becomes a document; the subject and body become an `email_submission`,
// whose numbers the account does not track are offered. The submission and its documents (with their extraction
// jobs) are written in one transaction once the whole message passed every check; a refused message leaves
// nothing behind (its stored attachments are deleted) and gets an SMTP error saying why, never a silent drop:
//   550 5.1.1  no such address (unknown or rotated token)
//   550 5.7.1  a sender (envelope or From: header) outside the account's allowed domains
//   552 5.3.4  the message is larger than the limit, or has more attachments than the limit
//   451 4.7.1  the account received its hourly number of messages: try again later
import { type PassThrough, Transform } from "node:stream";
import { type AttachmentStream, MailParser, type MessageText } from "mailparser";
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { DOCUMENT_MAX_BYTES } from "../../api/document-types";
import type { Db } from "../db/connection";
import type { DocumentBlobRow } from "../db/document-blobs";
import { insertDocument, trackedNumbers } from "../db/documents";
import {
  countSubmissionsSince,
  type InboundEmailRow,
  inboundEmailByToken,
  insertEmailSubmission,
} from "../db/inbound-email";
import type { ReferenceData } from "../db/reference-data";
import { logSafeError } from "../log-safe-error";
import type { Logger } from "../logger";
import type { BlobStore } from "./blob-store";
import { isUploadRefusal, removeBlob, storeUpload } from "./blob-upload";
import { numbersOf } from "./extraction";
import { declaredFileType } from "./file-types";
import { readFields } from "./read-fields";

export interface InboundMailLimits {
  /** The whole message as sent, in bytes. */
  messageBytes: number;
  /** Attachments of one message. */
  attachments: number;
  /** Messages one account may send in an hour. */
  messagesPerHour: number;
}

export const DEFAULT_INBOUND_LIMITS: InboundMailLimits = {
  messageBytes: 25 * 1024 * 1024,
  attachments: 20,
  messagesPerHour: 120,
};

export interface InboundMailOptions {
  db: Db;
  /** Where attachments' bytes are kept. */
  blobs: BlobStore;
  reference: ReferenceData;
  logger: Logger;
  domain: string;
  port: number;
  host: string;
  limits?: InboundMailLimits;
  now?: () => Date;
  /** Told when documents were stored: the extraction worker reads them at once. */
  onStored?: () => void;
}

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** The domain of an address, lower case. */
const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
const allowedBy = (allowed: string[], address: string) =>
  allowed.length === 0 || allowed.some((d) => domainOf(address) === d || domainOf(address).endsWith(`.${d}`));

interface Accepted {
  settings: InboundEmailRow;
}

export async function startInboundMail(
  o: InboundMailOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const limits = o.limits ?? DEFAULT_INBOUND_LIMITS;
  const now = o.now ?? (() => new Date());
  const sessions = new Map<string, Accepted>();

  const server = new SMTPServer({
    name: o.domain,
    banner: "boxtrack document intake",
    size: limits.messageBytes,
    authOptional: true,
    // No certificates of its own: run it behind a TLS-terminating relay, or on a private network (README).
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      rcpt(address, session).then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
    onData(stream, session, callback) {
      data(stream, session).then(
        (id) => callback(null, `Queued as ${id}`),
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) o.logger.error("inbound mail failed", logSafeError(error));
          callback(
            error.responseCode
              ? error
              : smtpError(451, "4.3.0 Could not store the message; try again later."),
          );
        },
      );
    },
    onClose(session) {
      sessions.delete(session.id);
    },
  });

  async function rcpt(address: SMTPServerAddress, session: SMTPServerSession) {
    const [local, domain] = [
      address.address.slice(0, address.address.lastIndexOf("@")),
      domainOf(address.address),
    ];
    if (domain !== o.domain.toLowerCase())
      throw smtpError(550, `5.1.2 This server takes mail for ${o.domain} only.`);
    const settings = await inboundEmailByToken(o.db, local.toLowerCase());
    if (!settings)
      throw smtpError(550, "5.1.1 No such address: check the account's inbound address in Settings.");
    const existing = sessions.get(session.id);
    if (existing && existing.settings.accountId !== settings.accountId)
      throw smtpError(452, "4.5.3 Send one message per account's address.");
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
    if (!allowedBy(settings.allowedSenderDomains, from))
      throw smtpError(
        550,
        "5.7.1 This address accepts mail only from the sender domains its account allows.",
      );
    const lastHour = await countSubmissionsSince(
      o.db,
      settings.accountId,
      new Date(now().getTime() - 3_600_000),
    );
    if (lastHour >= limits.messagesPerHour)
      throw smtpError(
        451,
        `4.7.1 This address took ${limits.messagesPerHour} messages in the last hour; try again later.`,
      );
    sessions.set(session.id, { settings });
  }

  async function data(
    stream: NodeJS.ReadableStream & { sizeExceeded?: boolean },
    session: SMTPServerSession,
  ) {
    const accepted = sessions.get(session.id);
    if (!accepted) throw smtpError(503, "5.5.1 No valid recipient.");
    const { accountId, allowedSenderDomains } = accepted.settings;
    const stored: DocumentBlobRow[] = [];
    let refusal: Error | undefined;
    let bytes = 0;
    let attachments = 0;
    let headers: Map<string, unknown> | undefined;
    let text: MessageText | undefined;
    // The body is kept as plain text only (no HTML made of it, no links looked for): one copy, bounded by the size.
    const parser = new MailParser({
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: 2_000_000,
    });
    // Past a limit, the rest of the message is read (SMTP must reach the final dot) but not parsed.
    const gate = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.byteLength;
        if (bytes > limits.messageBytes && !refusal) {
          refusal = smtpError(
            552,
            `5.3.4 The message is larger than ${limits.messageBytes / 1024 / 1024} MB.`,
          );
          // What the parser holds of it (a long body is kept whole until its end) is dropped now.
          gate.unpipe(parser);
          parser.destroy();
        }
        done(null, refusal ? undefined : chunk);
      },
    });
    const parsed = new Promise<void>((resolve, reject) => {
      parser.on("headers", (h: Map<string, unknown>) => {
        headers = h;
      });
      parser.on("data", (part: AttachmentStream | MessageText) => {
        if (part.type === "text") {
          text = part;
          return;
        }
        const release = () => (part as { release?: (() => void) | null }).release?.();
        attachments += 1;
        if (attachments > limits.attachments && !refusal)
          refusal = smtpError(552, `5.3.4 The message has more than ${limits.attachments} attachments.`);
        const declared = declaredFileType(part.contentType, part.filename ?? "");
        if (refusal || !declared || part.related) {
          // Not a document (a signature, an inline logo) or refused: read past it.
          (part.content as PassThrough).resume();
          part.content.on("end", release);
          return;
        }
        storeUpload(o.db, o.blobs, part.content as AsyncIterable<Uint8Array>, {
          accountId,
          filename: (part.filename ?? "attachment").slice(0, 255),
          declared: undefined,
          now: now(),
          maxBytes: DOCUMENT_MAX_BYTES,
        })
          .then((blob) => {
            if (!isUploadRefusal(blob)) stored.push(blob);
          })
          .catch(reject)
          .finally(() => {
            (part.content as PassThrough).resume();
            release();
          });
      });
      parser.on("end", resolve);
      parser.on("close", resolve);
      parser.on("error", (error) => (refusal ? resolve() : reject(error)));
    });
    stream.pipe(gate).pipe(parser);
    // The SMTP stream is read to its end whatever happens: the client waits for an answer after the final dot.
    gate.resume();
    const drained = new Promise<void>((resolve) => stream.once("end", resolve));
    try {
      await parsed;
      await drained;
      if (stream.sizeExceeded && !refusal)
        refusal = smtpError(552, `5.3.4 The message is larger than ${limits.messageBytes / 1024 / 1024} MB.`);
      const fromHeader = addressesOf(headers?.get("from"));
      if (
        !refusal &&
        allowedSenderDomains.length > 0 &&
        !fromHeader.every((a) => allowedBy(allowedSenderDomains, a))
      )
        refusal = smtpError(
          550,
          "5.7.1 The From: header names a sender outside the domains this address accepts.",
        );
      if (refusal) throw refusal;
      return await record(accountId, stored, headers, text, session);
    } catch (error) {
      for (const blob of stored) await removeBlob(o.db, o.blobs, accountId, blob.id).catch(() => {});
      throw error;
    }
  }

  async function record(
    accountId: string,
    stored: DocumentBlobRow[],
    headers: Map<string, unknown> | undefined,
    text: MessageText | undefined,
    session: SMTPServerSession,
  ): Promise<string> {
    const subject = String(headers?.get("subject") ?? "").slice(0, 998);
    const body = (text?.text ?? "").slice(0, 100_000);
    const { fields } = readFields([`${subject}\n${body}`], o.reference);
    const named = numbersOf({ fields } as never, null);
    const tracked = await trackedNumbers(
      o.db,
      accountId,
      named.map((n) => n.number),
    );
    const untracked = [
      ...new Map(named.filter((n) => !tracked.has(n.number)).map((n) => [n.number, n])).values(),
    ];
    const at = now();
    const date = headers?.get("date");
    const id = await o.db.transaction(async (tx) => {
      const submission = await insertEmailSubmission(tx, accountId, {
        subject,
        body: body || null,
        fromAddresses: addressesOf(headers?.get("from")),
        toAddresses: addressesOf(headers?.get("to")),
        ccAddresses: addressesOf(headers?.get("cc")),
        sentAt: date instanceof Date && !Number.isNaN(date.getTime()) ? date : null,
        messageId: stringHeader(headers?.get("message-id")),
        inReplyTo: stringHeader(headers?.get("in-reply-to")),
        references: [headers?.get("references") ?? []].flat().map(String).slice(0, 50),
        contentType: contentTypeOf(headers?.get("content-type")),
        untrackedNumbers: untracked.map((n) => ({
          number: n.number,
          number_type: n.numberType,
          scac: n.scac,
        })),
        createdAt: at,
        updatedAt: at,
      });
      for (const blob of stored)
        await insertDocument(
          tx,
          accountId,
          { blobId: blob.id, name: blob.filename, source: "email", emailSubmissionId: submission.id },
          at,
        );
      return submission.id;
    });
    o.logger.info("inbound mail accepted", {
      accountId,
      emailSubmissionId: id,
      documents: stored.length,
      sessionId: session.id,
    });
    if (stored.length > 0) o.onStored?.();
    return id;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  server.on("error", (error) => o.logger.warn("inbound mail listener error", logSafeError(error)));
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : o.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Addresses of a parsed address header (mailparser's `{value: [{address}]}`). */
function addressesOf(header: unknown): string[] {
  const list = (Array.isArray(header) ? header : [header]) as { value?: { address?: string }[] }[];
  return list.flatMap((h) => h?.value ?? []).flatMap((v) => (v.address ? [v.address.slice(0, 320)] : []));
}

const stringHeader = (value: unknown) => (typeof value === "string" ? value.slice(0, 998) : null);
const contentTypeOf = (value: unknown) =>
  typeof value === "object" && value && "value" in value ? String((value as { value: unknown }).value) : null;
