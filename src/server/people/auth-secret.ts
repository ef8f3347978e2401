// The secret the authentication library signs cookies and encrypts two-factor secrets with. Derived from
// SECRETS_KEY when the operator set one (so a copy of the database alone opens no TOTP secret); otherwise made
// once and kept in the database (`settings`), so that every process on one PostgreSQL, and every restart, shares it.
import { hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "../db/connection";
import { settingOrInsert } from "../db/settings";

const SETTING = "auth_secret";

export async function authSecret(db: Db, secretsKey: Buffer | undefined): Promise<string> {
  if (secretsKey)
    return Buffer.from(hkdfSync("sha256", secretsKey, "", "boxtrack auth secret", 32)).toString("hex");
  return settingOrInsert(db, SETTING, randomBytes(32).toString("hex"));
}
