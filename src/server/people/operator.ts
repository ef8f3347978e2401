// What an operator does for people from the command line (`npm run accounts -- create-user …`): add a person to an
// account with a role, made with a generated password when new (shown once), the email taken as verified (the
// operator vouches for it).
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "../../api/roles";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import {
  addMember,
  addPasswordLogin,
  createUser,
  findUserByEmail,
  normalizeEmail,
  setPasswordHash,
} from "../db/people";

export async function createPerson(
  db: Db,
  values: {
    email: string;
    accountId: string;
    role: Role;
    name?: string;
    /** The operator vouches for the email (the default); false leaves it to be confirmed by mail. */
    emailVerified?: boolean;
    now: Date;
  },
): Promise<{ email: string; password: string | undefined; created: boolean }> {
  const email = normalizeEmail(values.email);
  const existing = await findUserByEmail(db, email);
  const password = existing ? undefined : randomBytes(18).toString("base64url");
  const hash = password ? await hashPassword(password) : undefined;
  await db.transaction(async (tx) => {
    const user =
      existing ??
      (await createUser(tx, {
        email,
        name: values.name ?? email.split("@")[0]!,
        emailVerified: values.emailVerified ?? true,
        now: values.now,
      }));
    if (hash) await addPasswordLogin(tx, user.id, hash, values.now);
    await addMember(tx, values.accountId, user.id, values.role, values.now);
    await recordActivities(tx, [
      {
        accountId: values.accountId,
        kind: "invitation.accepted",
        actor: { type: "system", name: "operator (npm run accounts)" },
        summary: `The operator added ${email} as ${values.role}`,
        subjectType: "user",
        subjectId: user.id,
        occurredAt: values.now,
      },
    ]);
  });
  return { email, password, created: !existing };
}

/** Sets a person's password (the benchmark's person, each run). */
export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no person ${email}`);
  const hash = await hashPassword(password);
  await setPasswordHash(db, user.id, hash, new Date());
}
