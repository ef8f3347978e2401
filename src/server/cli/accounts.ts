// Operator command for accounts and keys: `npm run accounts -- <command>`. Prints keys once; stores only hashes.
import { loadConfig } from "../config";
import { createAccount, issueKey, listAccounts, listKeys, revokeKey, setSuspended } from "../db/accounts";
import { type Database, openDatabase } from "../db/connection";
import { DataDirLockedError } from "../db/data-dir-lock";
import { seedReferenceData } from "../db/reference-data";

const USAGE = `Usage: npm run accounts -- <command>
  create "<company name>"     create an account and print its first API key
  list                        list accounts and their keys (prefixes only)
  issue-key <account id>      print a new API key for an account
  revoke <key or key prefix>  revoke an API key
  suspend <account id>        refuse every request of the account (403)
  reinstate <account id>      undo suspend`;

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The embedded database takes one process at a time, and the running service is that process.
    return fail(
      `The service is running on the embedded database in ${config.dataDir}${error.holderPid === undefined ? "" : ` (pid ${error.holderPid})`}: stop it, run this command, then start it again; or run both on PostgreSQL (DATABASE_URL), where they work side by side.`,
    );
  }
  try {
    const { db } = database;
    await seedReferenceData(db);
    const now = new Date();
    switch (command) {
      case "create": {
        if (!argument?.trim())
          return fail('Give the company name: npm run accounts -- create "Acme Imports"');
        const { account, apiKey } = await createAccount(db, argument.trim());
        console.log(`Created account ${account.id} (${account.companyName}).`);
        console.log(`API key (shown once, keep it safe): ${apiKey}`);
        return 0;
      }
      case "list": {
        for (const account of await listAccounts(db)) {
          const flags = [account.isDemo ? "demo" : "", account.suspendedAt ? "suspended" : ""]
            .filter(Boolean)
            .join(", ");
          console.log(`${account.id}  ${account.companyName}${flags ? `  (${flags})` : ""}`);
          for (const key of await listKeys(db, account.id)) {
            console.log(
              `    ${key.prefix}…  ${key.name}  created ${key.createdAt.toISOString()}${key.revokedAt ? "  REVOKED" : ""}`,
            );
          }
        }
        return 0;
      }
      case "issue-key": {
        if (!argument) return fail("Give the account id.");
        console.log(`API key (shown once): ${await issueKey(db, argument, "cli")}`);
        return 0;
      }
      case "revoke": {
        if (!argument) return fail("Give the key, or the prefix that `list` shows.");
        const count = await revokeKey(db, argument.replace(/…$/, ""), now);
        if (count === 0) return fail("No live key matches.");
        console.log(`Revoked ${count} key${count === 1 ? "" : "s"}.`);
        return 0;
      }
      case "suspend":
      case "reinstate": {
        if (!argument) return fail("Give the account id.");
        if (!(await setSuspended(db, argument, command === "suspend", now))) return fail("No such account.");
        console.log(command === "suspend" ? "Account suspended." : "Account reinstated.");
        return 0;
      }
      default:
        return fail(`Unknown command '${command}'.\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
