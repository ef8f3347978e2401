// Members of an account: changing a role and removing a person, by the role rules (people/roles.ts) and under a
// lock on the account's owners, so that the last owner can neither leave nor be demoted even by two owners at once.
// Removal ends the person's sessions in the account in the same transaction (other processes' caches within 5 s).
import type { Role } from "../../api/roles";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import { getMember, lockOwners, type MemberRecord, removeMember, setMemberRole } from "../db/people";
import { type Doer, doneBy, type Origin } from "./activity";
import { type Refusal, removalProblem, roleChangeProblem } from "./roles";

export interface Acting {
  accountId: string;
  doer: Doer & { kind: "user" };
  role: Role;
  origin: Origin;
}

const notMember = (): Refusal => ({
  ok: false,
  status: 404,
  code: "not_found",
  message: "No member with this id in this account.",
});

export async function changeRole(
  db: Db,
  acting: Acting,
  targetId: string,
  to: Role,
): Promise<{ ok: true; member: MemberRecord } | Refusal> {
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, acting.accountId);
    const target = await getMember(tx, acting.accountId, targetId);
    if (!target) return notMember();
    const problem = roleChangeProblem({
      actorId: acting.doer.userId,
      actorRole: acting.role,
      targetId,
      from: target.role,
      to,
      owners: owners.length,
    });
    if (problem)
      return {
        ok: false,
        status: problem.code === "last_owner" ? 422 : 403,
        code: problem.code,
        message: problem.message,
        pointer: "/data/attributes/role",
      } satisfies Refusal;
    if (target.role === to) return { ok: true, member: target } as const;
    await setMemberRole(tx, acting.accountId, targetId, to);
    const name = target.user.name || target.user.email;
    await recordActivities(tx, [
      doneBy(
        acting.accountId,
        "member.role_changed",
        acting.doer,
        acting.origin,
        `changed ${name}'s role from ${target.role} to ${to}`,
        { type: "user", id: targetId },
        { role: { from: target.role, to } },
      ),
    ]);
    return { ok: true, member: { ...target, role: to } } as const;
  });
}

export async function remove(db: Db, acting: Acting, targetId: string): Promise<{ ok: true } | Refusal> {
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, acting.accountId);
    const target = await getMember(tx, acting.accountId, targetId);
    if (!target) return notMember();
    const problem = removalProblem({
      actorId: acting.doer.userId,
      actorRole: acting.role,
      targetId,
      targetRole: target.role,
      owners: owners.length,
    });
    if (problem)
      return {
        ok: false,
        status: problem.code === "last_owner" ? 422 : 403,
        code: problem.code,
        message: problem.message,
      } satisfies Refusal;
    await removeMember(tx, acting.accountId, targetId);
    const name = target.user.name || target.user.email;
    const what = targetId === acting.doer.userId ? "left the account" : `removed ${name} from the account`;
    await recordActivities(tx, [
      doneBy(
        acting.accountId,
        "member.removed",
        acting.doer,
        acting.origin,
        what,
        { type: "user", id: targetId },
        { role: target.role, email: target.user.email },
      ),
    ]);
    return { ok: true } as const;
  });
}
