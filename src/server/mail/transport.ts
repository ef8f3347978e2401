// Sends one message over SMTP with nodemailer, configured by SMTP_URL (`smtp://user:pass@host:587` upgrades with
// STARTTLS when the server offers it; `smtps://…:465` is TLS from the start) and MAIL_FROM.
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers (an alert's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // A pool: a few connections (and TLS handshakes) for a burst of alerts or summaries, not one per message; the
  // worker sends a pass's messages side by side over them.
  const transporter = nodemailer.createTransport(smtpUrl, { pool: true, maxConnections: 5 } as never);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * How a mail server refused a message: `permanent` (an SMTP 5xx: sending again would be refused again) and, with
 * it, whether it refused the address itself (at `RCPT TO`: no such mailbox, a domain that takes no mail), which
 * makes the address failing. Anything else (4xx, a dropped connection, a timeout) is worth retrying.
 */
export function refusalOf(error: unknown): { permanent: boolean; address: boolean; response?: string } {
  const e = error as { responseCode?: unknown; command?: unknown; code?: unknown; response?: unknown } | null;
  const code = typeof e?.responseCode === "number" ? e.responseCode : 0;
  const permanent = code >= 500 && code < 600;
  return {
    permanent,
    address: permanent && (e?.command === "RCPT TO" || e?.code === "EENVELOPE"),
    // The server's own line ("550 5.1.1 No such mailbox here"): what the person and their admin are shown.
    response: typeof e?.response === "string" && code > 0 ? e.response.slice(0, 300) : undefined,
  };
}
