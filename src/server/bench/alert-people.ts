// The benchmarks' alert load: people of one account, each with the same 5 alert rules taking everything in it (as a
// coordinator's first rules would be; one of them also emails), so that every change tells every one of them.
import { createAlertRule } from "../db/alerts";
import type { Db } from "../db/connection";
import { addMember, createUser } from "../db/people";

export const BENCH_ALERT_RULES = [
  { kind: "vessel_arrived", threshold: null, channels: ["in_app", "email"] },
  { kind: "available_for_pickup", threshold: null, channels: ["in_app"] },
  { kind: "hold_added", threshold: null, channels: ["in_app"] },
  { kind: "eta_moved", threshold: 24, channels: ["in_app"] },
  { kind: "lfd_within", threshold: 2, channels: ["in_app"] },
] as const;

/** `people` members of the account (`p0@<domain>`, …), each with BENCH_ALERT_RULES. */
export async function addAlertPeople(db: Db, accountId: string, people: number, domain: string, now: Date) {
  for (let i = 0; i < people; i++) {
    const user = await createUser(db, {
      email: `p${i}@${domain}`,
      name: `Person ${i}`,
      emailVerified: true,
      now,
    });
    await addMember(db, accountId, user.id, "member", now);
    for (const rule of BENCH_ALERT_RULES) {
      await createAlertRule(
        db,
        accountId,
        user.id,
        {
          name: rule.kind,
          kind: rule.kind,
          threshold: rule.threshold,
          holdName: null,
          scope: { type: "all" },
          channels: [...rule.channels],
        },
        50,
        now,
      );
    }
  }
}
