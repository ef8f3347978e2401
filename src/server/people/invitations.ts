// Invitations: an admin invites an email with a role (owner only by an owner); the link goes by mail only, works
// once, for 7 days, and can be revoked. Accepting makes the person (with a password, their email verified by the
// link) or, for a person who exists, adds them while they are signed in as that email. Each step and its mail and
// activity entry are written in one transaction.
import type { Role } from "../../api/roles";
import { recordActivities } from "../db/activities";
import type { Db } from "../db/connection";
import {
  createInvitation,
  type InvitationRow,
  invitationByTokenHash,
  revokeInvitation,
  takeInvitation,
} from "../db/invitations";
import {
  addMember,
  addPasswordLogin,
  createUser,
  findUserByEmail,
  getMember,
  normalizeEmail,
} from "../db/people";
import { invitationMessage, sendLater } from "../mail/messages";
import { type Doer, displayName, doneBy, entry, type Origin } from "./activity";
import { passwordProblem } from "./passwords";
import { type Refusal, roleGrantProblem } from "./roles";
import { newLinkToken, tokenHash } from "./tokens";

export const INVITATION_DAYS = 7;

export function invitationStatus(
  row: InvitationRow,
  now: Date,
): "pending" | "accepted" | "revoked" | "expired" {
  if (row.status === "accepted" || row.status === "revoked") return row.status;
  return row.expiresAt <= now ? "expired" : "pending";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function invite(
  db: Db,
  values: {
    accountId: string;
    companyName: string;
    email: string;
    role: Role;
    inviter: Doer & { kind: "user" };
    inviterRole: Role;
    origin: Origin;
    publicUrl: string;
  },
): Promise<{ ok: true; invitation: InvitationRow } | Refusal> {
  const email = normalizeEmail(values.email);
  if (!EMAIL.test(email) || email.length > 320)
    return {
      ok: false,
      status: 422,
      code: "invalid_email",
      pointer: "/data/attributes/email",
      message: "Give an email address like ana@example.com.",
    };
  const grant = roleGrantProblem(values.inviterRole, values.role);
  if (grant)
    return {
      ok: false,
      status: 403,
      code: "role_not_allowed",
      pointer: "/data/attributes/role",
      message: grant,
    };
  const existing = await findUserByEmail(db, email);
  if (existing && (await getMember(db, values.accountId, existing.id)))
    return {
      ok: false,
      status: 422,
      code: "already_member",
      pointer: "/data/attributes/email",
      message: `${email} is already a member of this account.`,
    };
  const token = newLinkToken();
  const url = `${values.publicUrl.replace(/\/+$/, "")}/accept-invitation?token=${token}`;
  const now = values.origin.now;
  const invitation = await db.transaction(async (tx) => {
    const row = await createInvitation(tx, {
      accountId: values.accountId,
      email,
      role: values.role,
      inviterId: values.inviter.userId,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      now,
    });
    await sendLater(
      tx,
      values.accountId,
      invitationMessage(email, {
        companyName: values.companyName,
        inviter: displayName(values.inviter),
        role: values.role,
        url,
      }),
      now,
    );
    await recordActivities(tx, [
      doneBy(
        values.accountId,
        "invitation.created",
        values.inviter,
        values.origin,
        `invited ${email} as ${values.role}`,
        { type: "invitation", id: row.id },
        { email, role: values.role },
      ),
    ]);
    return row;
  });
  return { ok: true, invitation };
}

export async function revoke(
  db: Db,
  accountId: string,
  id: string,
  doer: Doer,
  origin: Origin,
): Promise<InvitationRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await revokeInvitation(tx, accountId, id);
    if (row && row.status === "revoked")
      await recordActivities(tx, [
        doneBy(accountId, "invitation.revoked", doer, origin, `revoked the invitation of ${row.email}`, {
          type: "invitation",
          id: row.id,
        }),
      ]);
    return row;
  });
}

export type AcceptResult =
  | { ok: true; userId: string; accountId: string }
  | { ok: false; status: 400 | 401 | 404 | 410; code: string; message: string };

export async function acceptInvitation(
  db: Db,
  values: {
    tokenHash: string;
    signedInUserId: string | undefined;
    name: string | undefined;
    password: string | undefined;
    hashPassword: (password: string) => Promise<string>;
    origin: Origin;
  },
): Promise<AcceptResult> {
  const now = values.origin.now;
  const found = await invitationByTokenHash(db, values.tokenHash);
  if (!found)
    return {
      ok: false,
      status: 404,
      code: "INVITATION_NOT_FOUND",
      message: "This invitation link is not valid.",
    };
  const status = invitationStatus(found.invitation, now);
  if (status !== "pending") {
    const why = {
      accepted: "This invitation has been used already: sign in instead.",
      revoked: "This invitation was revoked: ask for a new one.",
      expired: "This invitation has expired (links work for 7 days): ask for a new one.",
    }[status];
    return { ok: false, status: 410, code: `INVITATION_${status.toUpperCase()}`, message: why };
  }
  const { invitation } = found;
  const role = invitation.role as Role;
  const existing = await findUserByEmail(db, invitation.email);
  if (existing && values.signedInUserId !== existing.id)
    return {
      ok: false,
      status: 401,
      code: "SIGN_IN_FIRST",
      message: `A person with the email ${invitation.email} exists already: sign in as them, then open the link again.`,
    };
  let hash: string | undefined;
  if (!existing) {
    const name = values.name?.trim() ?? "";
    if (!name) return { ok: false, status: 400, code: "NAME_REQUIRED", message: "Give your name." };
    const problem = await passwordProblem(values.password);
    if (problem) return { ok: false, status: 400, code: "PASSWORD_NOT_ACCEPTED", message: problem };
    hash = await values.hashPassword(values.password!);
  }
  return db.transaction(async (tx) => {
    // Taken first: of two people using one link at once, the second finds it accepted and writes nothing.
    const taken = await takeInvitation(tx, invitation.id, now);
    if (!taken)
      return {
        ok: false,
        status: 410,
        code: "INVITATION_ACCEPTED",
        message: "This invitation has been used already: sign in instead.",
      } as const;
    let user = existing;
    if (!user) {
      user = await createUser(tx, {
        email: invitation.email,
        name: values.name!.trim().slice(0, 200),
        emailVerified: true,
        now,
      });
      await addPasswordLogin(tx, user.id, hash!, now);
    }
    await addMember(tx, invitation.accountId, user.id, role, now);
    const name = user.name || user.email;
    await recordActivities(tx, [
      entry(
        invitation.accountId,
        "invitation.accepted",
        { type: "user", userId: user.id, name },
        values.origin,
        `${name} accepted the invitation and joined as ${role}`,
        { type: "invitation", id: invitation.id },
        { role },
      ),
    ]);
    return { ok: true, userId: user.id, accountId: invitation.accountId } as const;
  });
}
