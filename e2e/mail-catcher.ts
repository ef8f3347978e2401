// The end-to-end tests' mail server: a real SMTP server on loopback (the `smtp-server` package) that the service
// under test sends its mail to (SMTP_URL in playwright.config.ts), and a small HTTP reader of what it received, for
// the tests to find a person's invitation, reset or confirmation link in (people.ts). Playwright starts it beside
// the service; it keeps the messages in memory and ends with the run.
//
//   tsx e2e/mail-catcher.ts <smtp port> <http port>
//   GET /messages            every message received, oldest first: { to, subject, text, html, headers }
//   GET /health              200 once both listen
//
// A mailbox whose name starts with `bounce.` does not exist here: it is refused at RCPT TO with 550, as a real
// server refuses an unknown address, for the tests of mail that does not arrive.
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as sent (lower-case name, folded lines joined): `list-unsubscribe`, for one. */
  headers: Record<string, string>;
  receivedAt: string;
}

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) throw new Error("usage: tsx e2e/mail-catcher.ts <smtp port> <http port>");

const received: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  // The service's messages are small; a runaway one is refused rather than kept.
  size: 5 * 1024 * 1024,
  onRcptTo(address, _session, callback) {
    if (!address.address.toLowerCase().startsWith("bounce.")) return callback();
    const refused = new Error("5.1.1 No such mailbox here") as Error & { responseCode: number };
    refused.responseCode = 550;
    callback(refused);
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          headers: Object.fromEntries(
            mail.headerLines.map((h) => [
              h.key,
              h.line
                .slice(h.line.indexOf(":") + 1)
                .replace(/\r?\n[ \t]+/g, " ")
                .trim(),
            ]),
          ),
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

const http = createServer((request, response) => {
  if (request.url === "/health") {
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  if (request.url === "/messages") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
    return;
  }
  response.writeHead(404).end();
});

await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
await new Promise<void>((resolve) => http.listen(httpPort, "127.0.0.1", resolve));

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
