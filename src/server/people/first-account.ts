// The first account of an installation without the demo (DEMO=0): the first person to sign up creates it and
// becomes its owner; then sign-up closes. Under an advisory lock, so that two people signing up at once cannot
// both make one: the second is told sign-up closed, and the person their sign-up made is taken back.

import { insertAccount } from "../db/accounts";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { accountCount, addMember, deleteUser, getUser, lockFirstAccount } from "../db/people";
import { setActiveAccount } from "../db/sessions";

/** The new account's id, or undefined when an account exists already (the person is then removed again). */
export async function createFirstAccount(
  db: Db,
  values: { userId: string; sessionId: string; companyName: string; now: Date },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await lockFirstAccount(tx);
    if ((await accountCount(tx)) > 0) {
      await deleteUser(tx, values.userId);
      return undefined;
    }
    const companyName = values.companyName.trim().slice(0, 200) || "My company";
    const account = await insertAccount(tx, companyName, values.now);
    await addMember(tx, account!.id, values.userId, "owner", values.now);
    await setActiveAccount(tx, values.sessionId, account!.id);
    const user = await getUser(tx, values.userId);
    await recordActivities(tx, [
      {
        accountId: account!.id,
        kind: "account.updated",
        actor: { type: "user", userId: values.userId, name: user?.name || user?.email || "" },
        summary: `${user?.name || user?.email} created the account ${companyName}`,
        subjectType: "account",
        subjectId: account!.id,
        occurredAt: values.now,
      },
    ]);
    return account!.id;
  });
}
