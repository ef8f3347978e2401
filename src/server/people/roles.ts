// The role rules beyond the permission table (src/api/roles.ts): who may give which role, and what protects an
// account from losing its last owner. Pure, so that the API and its tests read the same rules.
import { type Role, roleAtLeast } from "../../api/roles";

/** A refused change: the status, a code, the words, and the attribute it concerns. */
export type Refusal = { ok: false; status: 403 | 404 | 422; code: string; message: string; pointer?: string };

/** Why `actor` may not give `role` (by invitation or a role change); undefined when they may. */
export function roleGrantProblem(actor: Role, role: Role): string | undefined {
  if (role === "owner" && actor !== "owner") return "Only an owner can make someone an owner.";
  if (!roleAtLeast(actor, "admin")) return "Only admins and owners can give roles.";
  return undefined;
}

/** Why `actor` may not change `target`'s role from `from` to `to`; undefined when they may. */
export function roleChangeProblem(change: {
  actorId: string;
  actorRole: Role;
  targetId: string;
  from: Role;
  to: Role;
  owners: number;
}): { code: string; message: string } | undefined {
  const { actorRole, from, to } = change;
  if (change.actorId === change.targetId && roleAtLeast(to, from) && to !== from)
    return { code: "own_role", message: "Nobody can raise their own role; ask an owner." };
  if ((from === "owner" || to === "owner") && actorRole !== "owner")
    return { code: "owner_only", message: "Only an owner can give or take the owner role." };
  if (!roleAtLeast(actorRole, "admin") && change.actorId !== change.targetId)
    return { code: "role_not_allowed", message: "Only admins and owners can change roles." };
  if (from === "owner" && to !== "owner" && change.owners <= 1)
    return {
      code: "last_owner",
      message: "This is the account's last owner: make someone else an owner first.",
    };
  return undefined;
}

/** Why `actor` may not remove `target` (who has `targetRole`); undefined when they may. */
export function removalProblem(removal: {
  actorId: string;
  actorRole: Role;
  targetId: string;
  targetRole: Role;
  owners: number;
}): { code: string; message: string } | undefined {
  if (removal.targetRole === "owner" && removal.owners <= 1)
    return {
      code: "last_owner",
      message:
        "This is the account's last owner, who cannot leave or be removed: make someone else an owner first.",
    };
  if (removal.targetRole === "owner" && removal.actorRole !== "owner")
    return { code: "owner_only", message: "Only an owner can remove an owner." };
  return undefined;
}
