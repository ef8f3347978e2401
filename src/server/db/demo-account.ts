// The local demo account: created on first start, its key kept in the data directory so that every start can
// print it again. Only used when the service runs in demo mode; its shipments come from the tracking engine.
// Processes that start together on one PostgreSQL take turns under an advisory lock (withDemoLock), so that they
// make one demo account, and top up one fleet, between them.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { authenticate, createAccount, findDemoAccount, issueKey } from "./accounts";
import type { Db } from "./connection";

export const DEMO_COMPANY = "Demo Logistics";
const KEY_FILE = "demo-api-key";

export interface DemoAccount {
  accountId: string;
  apiKey: string;
  created: boolean;
}

/** Any fixed number: it names this lock among the service's advisory locks. */
const DEMO_LOCK_KEY = 0x64656d6f;

/**
 * Runs `work` in a transaction holding the demo's advisory lock: what it reads (is there a demo account, how many
 * shipments does it track) stays true until it has written, whatever other processes do meanwhile.
 */
export function withDemoLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    return work(tx);
  });
}

export function ensureDemoAccount(db: Db, dataDir: string): Promise<DemoAccount> {
  return withDemoLock(db, (tx) => ensureDemoAccountLocked(tx, dataDir));
}

async function ensureDemoAccountLocked(db: Db, dataDir: string): Promise<DemoAccount> {
  const keyPath = join(dataDir, KEY_FILE);
  const existing = await findDemoAccount(db);
  if (!existing) {
    const { account, apiKey } = await createAccount(db, DEMO_COMPANY, {
      isDemo: true,
    });
    saveKey(dataDir, keyPath, apiKey);
    return { accountId: account.id, apiKey, created: true };
  }
  const saved = existsSync(keyPath) ? readFileSync(keyPath, "utf8").trim() : "";
  const principal = saved ? await authenticate(db, saved) : undefined;
  if (principal?.account.id === existing.id) return { accountId: existing.id, apiKey: saved, created: false };
  // The database outlived the key file (another DATA_DIR against the same server, say): issue a new demo key.
  const apiKey = await issueKey(db, existing.id, "demo");
  saveKey(dataDir, keyPath, apiKey);
  return { accountId: existing.id, apiKey, created: false };
}

function saveKey(dataDir: string, keyPath: string, key: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(keyPath, `${key}\n`, { mode: 0o600 });
  chmodSync(keyPath, 0o600);
}
