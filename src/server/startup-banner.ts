// What main.ts prints once the service listens: where the dashboard, the API and the database are, where email
// comes in (when the inbound listener runs), where kept mail is read, and the demo account's key with a first
// request to try and its owner's sign-in.
import type { AddressInfo } from "node:net";
import type { Config } from "./config";
import type { Database } from "./db/connection";
import type { DemoAccount } from "./db/demo-account";

export function startupBanner(
  config: Config,
  service: {
    database: Pick<Database, "kind">;
    demo: DemoAccount | undefined;
    inboundMailPort: () => number | undefined;
    demoOwner: { email: string; password: string } | undefined;
  },
  address: AddressInfo | string | null,
): string {
  const port = typeof address === "object" && address ? address.port : config.port;
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  const { demo, demoOwner } = service;
  const lines = [
    "",
    `  Container tracking is running on ${base}`,
    `    Dashboard:      ${base}/`,
    `    API:            ${base}/v2   (reference: ${base}/v2/docs)`,
    `    Database:       ${service.database.kind === "pglite" ? `embedded, in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  const mailPort = service.inboundMailPort();
  if (config.inboundMail && mailPort !== undefined)
    lines.push(
      `    Email in:       SMTP on ${config.inboundMail.host}:${mailPort} for @${config.inboundMail.domain}`,
    );
  if (!config.smtpUrl) lines.push(`    Mail:           kept, not sent (no SMTP_URL): ${base}/dev/mail`);
  if (demo) {
    lines.push(`    Demo API key:   ${demo.apiKey}${demo.created ? "   (demo account created)" : ""}`);
    lines.push(`    Try:            curl -H "Authorization: Token ${demo.apiKey}" ${base}/v2/shipments`);
    if (demoOwner) lines.push(`    Demo sign-in:   ${demoOwner.email}  /  ${demoOwner.password}`);
  }
  return `${lines.join("\n")}\n`;
}
