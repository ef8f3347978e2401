// A real SMTP server on loopback for the service tests that send mail (the `smtp-server` package): it keeps what it
// receives, raw, and can refuse chosen mailboxes as a real server does (a 550 for good, a 451 for now); and how the
// tests read a raw message (its headers unfolded, its body decoded).
import { SMTPServer } from "smtp-server";

export interface ReceivedMessage {
  to: string[];
  /** The message as sent: headers, blank line, body (quoted-printable where nodemailer chose it). */
  raw: string;
}

export interface SmtpSink {
  /** SMTP_URL for the service under test. */
  url: string;
  received: ReceivedMessage[];
  close(): Promise<void>;
}

/** `refuse(address)`: the SMTP reply code to refuse the mailbox with, and its words; undefined takes it. */
export async function startSmtpSink(
  refuse: (address: string) => { code: number; message: string } | undefined = () => undefined,
): Promise<SmtpSink> {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw message's body decoded from quoted-printable (UTF-8 bytes), for reading its words and links. */
export function decodedBody(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** A raw message's headers, folded lines unfolded (one header a line). */
export function headersOf(raw: string): string {
  return raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
}
