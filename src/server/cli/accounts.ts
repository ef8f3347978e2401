// Operator command for accounts and keys: `npm run accounts -- <command>`. Prints keys once; stores only hashes.

import { isRole } from "../../api/roles";
import { loadConfig } from "../config";
import {
  createAccount,
  getAccount,
  issueKey,
  listAccounts,
  listKeys,
  revokeKey,
  setSuspended,
} from "../db/accounts";
import { type Database, openDatabase } from "../db/connection";
import { DataDirLockedError } from "../db/data-dir-lock";
import { seedReferenceData } from "../db/reference-data";
import { createPerson } from "../people/operator";
import { addSsoDomain } from "../people/sso";

const USAGE = `Usage: npm run accounts -- <command>
  create "<company name>"     create an account and print its first API key
  list                        list accounts and their keys (prefixes only)
  issue-key <account id>      print a new API key for an account
  revoke <key or key prefix>  revoke an API key
  suspend <account id>        refuse every request of the account (403)
  reinstate <account id>      undo suspend
  create-user <email> --account <account id> --role <owner|admin|member|viewer> [--name "<name>"]
                              add a person to an account (made if new) and print a generated password, once
  sso-domain <sso provider id> <domain>
                              let an account's single sign-on provider take a domain its admins cannot verify`;

async function main(args: string[]): Promise<number> {
  const [command, argument] = args;
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
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
      case "create-user": {
        const accountId = option("account");
        const role = option("role");
        if (!argument || !accountId || !isRole(role))
          return fail("Give the email, --account <account id> and --role owner|admin|member|viewer.");
        if (!(await getAccount(db, accountId))) return fail("No such account.");
        const { email, password, created } = await createPerson(db, {
          email: argument,
          accountId,
          role,
          name: option("name"),
          now,
        });
        console.log(`${created ? "Created" : "Added"} ${email} as ${role} of account ${accountId}.`);
        if (password)
          console.log(`Password (shown once; they can change it, or reset it by email): ${password}`);
        else console.log("They sign in with the password they already have.");
        return 0;
      }
      case "sso-domain": {
        const domain = args[2]?.trim().toLowerCase();
        if (!argument || !domain) return fail("Give the single sign-on provider's id and the domain.");
        const added = await addSsoDomain(db, argument, domain, now);
        if (added !== true) return fail(added);
        console.log(`${domain} now signs in through provider ${argument}.`);
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
