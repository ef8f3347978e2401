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
  // A pool: one connection (and TLS handshake) for a burst of invitations, not one per message.
  const transporter = nodemailer.createTransport(smtpUrl, { pool: true, maxConnections: 2 } as never);
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
