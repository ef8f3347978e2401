// What main.ts prints once the service listens: where the dashboard, the API and the database are, and the demo
// account's key with a first request to try.
import type { AddressInfo } from "node:net";
import type { Config } from "./config";
import type { Database } from "./db/connection";
import type { DemoAccount } from "./db/demo-account";

export function startupBanner(
  config: Config,
  service: { database: Pick<Database, "kind">; demo: DemoAccount | undefined },
  address: AddressInfo | string | null,
): string {
  const port = typeof address === "object" && address ? address.port : config.port;
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`;
  const { demo } = service;
  const lines = [
    "",
    `  Container tracking is running on ${base}`,
    `    Dashboard:      ${base}/`,
    `    API:            ${base}/v2   (reference: ${base}/v2/docs)`,
    `    Database:       ${service.database.kind === "pglite" ? `embedded, in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (demo) {
    lines.push(`    Demo API key:   ${demo.apiKey}${demo.created ? "   (demo account created)" : ""}`);
    lines.push(`    Try:            curl -H "Authorization: Token ${demo.apiKey}" ${base}/v2/shipments`);
  }
  return `${lines.join("\n")}\n`;
}
