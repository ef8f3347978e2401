// The demo account's owner: a person the demo's "Use the demo account" signs the browser in as, with a generated
// password kept in the data directory (like the demo key) so that every start can print it again.

import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Db } from "../db/connection";
import { addMember, createUser, findUserByEmail, passwordLoginOf, setPasswordHash } from "../db/people";

export const DEMO_OWNER_EMAIL = "demo@demo-logistics.example";
const PASSWORD_FILE = "demo-owner-password";

export interface DemoOwner {
  email: string;
  password: string;
}

/** Makes (or finds) the demo owner and their password; a password file that no longer fits gets a new password. */
export async function ensureDemoOwner(
  db: Db,
  dataDir: string,
  accountId: string,
  now: Date,
): Promise<DemoOwner> {
  const path = join(dataDir, PASSWORD_FILE);
  const saved = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
  let user = await findUserByEmail(db, DEMO_OWNER_EMAIL);
  if (!user)
    user = await createUser(db, { email: DEMO_OWNER_EMAIL, name: "Demo Owner", emailVerified: true, now });
  await addMember(db, accountId, user.id, "owner", now);
  const login = await passwordLoginOf(db, user.id);
  if (saved && login?.password && (await verifyPassword({ hash: login.password, password: saved })))
    return { email: DEMO_OWNER_EMAIL, password: saved };
  // Four groups of random letters: long, and easy to type from the start banner.
  const password = Array.from({ length: 4 }, () =>
    randomBytes(6).toString("base64url").replace(/[-_]/g, "x"),
  ).join("-");
  const hash = await hashPassword(password);
  await setPasswordHash(db, user.id, hash, now);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${password}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { email: DEMO_OWNER_EMAIL, password };
}
