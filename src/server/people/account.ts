// The account's settings, which owners change: the company name, and whether every member must sign in with a
// second factor (an owner turns it on only once they have one themselves, so that they are not the first sent to
// enrol).
import { type AccountRow, updateAccountSettings } from "../db/accounts";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { getUser } from "../db/people";
import { type Doer, doneBy, type Origin } from "./activity";
import type { Refusal } from "./roles";

export async function updateAccount(
  db: Db,
  values: {
    account: AccountRow;
    doer: Doer;
    origin: Origin;
    companyName?: string;
    requireTwoFactor?: boolean;
  },
): Promise<{ ok: true; account: AccountRow } | Refusal> {
  const changes: Partial<Pick<AccountRow, "companyName" | "requireTwoFactor">> = {};
  const details: Record<string, { from: unknown; to: unknown }> = {};
  if (values.companyName !== undefined) {
    const name = values.companyName.trim();
    if (!name || name.length > 200)
      return {
        ok: false,
        status: 422,
        code: "invalid",
        pointer: "/data/attributes/company_name",
        message: "company_name must be 1 to 200 characters.",
      };
    if (name !== values.account.companyName) {
      changes.companyName = name;
      details.company_name = { from: values.account.companyName, to: name };
    }
  }
  if (values.requireTwoFactor !== undefined && values.requireTwoFactor !== values.account.requireTwoFactor) {
    if (
      values.requireTwoFactor &&
      values.doer.kind === "user" &&
      !(await getUser(db, values.doer.userId))?.twoFactorEnabled
    )
      return {
        ok: false,
        status: 422,
        code: "two_factor_first",
        pointer: "/data/attributes/require_two_factor",
        message:
          "Turn on two-factor sign-in for yourself first (Settings → Security), then require it for everyone.",
      };
    changes.requireTwoFactor = values.requireTwoFactor;
    details.require_two_factor = { from: values.account.requireTwoFactor, to: values.requireTwoFactor };
  }
  if (Object.keys(changes).length === 0) return { ok: true, account: values.account };
  return db.transaction(async (tx) => {
    const row = await updateAccountSettings(tx, values.account.id, changes);
    const words = [
      changes.companyName !== undefined ? `renamed the account to ${changes.companyName}` : undefined,
      changes.requireTwoFactor !== undefined
        ? changes.requireTwoFactor
          ? "required two-factor sign-in for everyone"
          : "stopped requiring two-factor sign-in"
        : undefined,
    ].filter(Boolean);
    await recordActivities(tx, [
      doneBy(
        values.account.id,
        "account.updated",
        values.doer,
        values.origin,
        words.join(" and "),
        { type: "account", id: values.account.id },
        details,
      ),
    ]);
    return { ok: true, account: row! } as const;
  });
}
