// The demo account's owner: a person the demo's "Use the demo account" signs the browser in as, with a generated
// password kept in the data directory (like the demo key) so that every start can print it again, and, when first
// made, the alert rules a coordinator would start with, so that alerts reach the bell (and the mail: /dev/mail
// without SMTP_URL) while the sandbox's shipments move.

import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { ALERT_RULES_PER_PERSON_MAX } from "../../api/alerts";
import { type AlertRuleValues, createAlertRule } from "../db/alerts";
import type { Db } from "../db/connection";
import { addMember, createUser, findUserByEmail, passwordLoginOf, setPasswordHash } from "../db/people";

export const DEMO_OWNER_EMAIL = "demo@demo-logistics.example";
const PASSWORD_FILE = "demo-owner-password";

/** The demo owner's first rules: what costs money soon, what can be picked up, what is held, what slipped. */
export const DEMO_OWNER_RULES: readonly AlertRuleValues[] = [
  { name: "Last free day within 2 days", kind: "lfd_within", threshold: 2 },
  { name: "Available for pickup", kind: "available_for_pickup", threshold: null },
  { name: "A hold was added", kind: "hold_added", threshold: null },
  { name: "ETA moved more than a day", kind: "eta_moved", threshold: 24 },
].map((rule) => ({ ...rule, holdName: null, scope: { type: "all" }, channels: ["in_app", "email"] }));

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
  const made = !user;
  if (!user)
    user = await createUser(db, { email: DEMO_OWNER_EMAIL, name: "Demo Owner", emailVerified: true, now });
  await addMember(db, accountId, user.id, "owner", now);
  // Only when first made: rules the owner deleted or changed since stay as they left them.
  // A millisecond apart, so that they list in this order (rules list by creation).
  if (made)
    for (const [i, rule] of DEMO_OWNER_RULES.entries())
      await createAlertRule(
        db,
        accountId,
        user.id,
        rule,
        ALERT_RULES_PER_PERSON_MAX,
        new Date(now.getTime() + i),
      );
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
