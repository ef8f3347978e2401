// Settings → Members: the account's people with their roles (changed or removed by an admin; only an owner gives or
// takes `owner`), invitations by email with a role, and the pending ones, which can be revoked.
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { Person } from "../../../api/people";
import { ROLE_WORDS, ROLES, type Role } from "../../../api/roles";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { meQuery, usePermission } from "../../lib/actor";
import { describeError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import {
  invitationsQuery,
  membersQuery,
  useChangeRole,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
} from "./queries";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const when = (iso: string) => formatDateTime(iso, "UTC").text;

export function MembersPage() {
  const { data: members } = useSuspenseQuery(membersQuery());
  const may = usePermission("people");
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title="Members" description="The people of this account and what each may do." />
      <Allowed permission="people" what="Inviting people">
        <InviteForm />
      </Allowed>
      <section aria-labelledby="members-heading" className={card}>
        <h2 id="members-heading" className="text-base font-semibold">
          People ({members.data.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {members.data.map((person) => (
            <MemberRow key={person.id} person={person} canManage={may.ok} />
          ))}
        </ul>
      </section>
      {may.ok ? <PendingInvitations /> : null}
      <section aria-labelledby="roles-heading" className={card}>
        <h2 id="roles-heading" className="text-base font-semibold">
          What each role may do
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {ROLES.map((role) => (
            <div key={role} className="contents">
              <dt className="font-medium">{ROLE_WORDS[role].label}</dt>
              <dd className="text-slate-700 dark:text-slate-300">{ROLE_WORDS[role].can}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const emailId = useId();
  const roleId = useId();
  const { data: me } = useSuspenseQuery(meQuery());
  const roles = ROLES.filter((r) => r !== "owner" || me.data.attributes.role === "owner");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          showToast({
            kind: "success",
            title: "Invitation sent",
            message: `${email.trim()} gets a link by email.`,
          });
          setEmail("");
        },
      },
    );
  };

  return (
    <section aria-labelledby="invite-heading" className={card}>
      <h2 id="invite-heading" className="text-base font-semibold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        They get a link by email, valid for 7 days and usable once.
      </p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={emailId} className={labelClass}>
            Email
          </label>
          <input
            id={emailId}
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={roleId} className={labelClass}>
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className={`${inputClass} mt-1`}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_WORDS[r].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={invite.isPending}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </button>
      </form>
      {invite.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {describeError(invite.error)}
        </p>
      ) : null}
    </section>
  );
}

function MemberRow({ person, canManage }: { person: Person; canManage: boolean }) {
  const { data: me } = useSuspenseQuery(meQuery());
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const roleId = useId();
  const a = person.attributes;
  const isMe = person.id === me.data.id;
  const iAmOwner = me.data.attributes.role === "owner";
  // Only an owner gives or takes the owner role; the service says so too.
  const editable = canManage && (iAmOwner || a.role !== "owner");
  const roles = ROLES.filter((r) => iAmOwner || r !== "owner");

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {a.name}
          {isMe ? <span className="text-slate-600 dark:text-slate-400"> (you)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">{a.email}</p>
        {a.email_failing ? (
          <p className="text-sm text-red-700 dark:text-red-300">
            Email failing since {when(a.email_failing.since)}: {a.email_failing.reason}
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {a.last_active_at ? `Last active ${when(a.last_active_at)}` : "Not active yet"}
          {a.two_factor_enabled ? " · two-factor on" : ""}
        </p>
      </div>
      {editable ? (
        <div className="flex items-center gap-2">
          <label htmlFor={roleId} className="sr-only">
            Role of {a.name}
          </label>
          <select
            id={roleId}
            value={a.role}
            disabled={changeRole.isPending}
            onChange={(event) => changeRole.mutate({ id: person.id, role: event.target.value as Role })}
            className={`${inputClass} w-auto`}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_WORDS[r].label}
              </option>
            ))}
          </select>
          {isMe ? null : (
            <button
              type="button"
              className={buttonClass("secondary")}
              aria-label={`Remove ${a.name}`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </button>
          )}
        </div>
      ) : (
        <p className="text-sm">{ROLE_WORDS[a.role].label}</p>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${a.name}?`}
        confirmLabel="Remove"
        confirmVariant="danger"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error) : null}
        onConfirm={() => remove.mutate(person.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <p>
          {a.name} loses access to this account at once: every session they have here ends. Their past actions
          stay in the activity log.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function PendingInvitations() {
  const { data } = useSuspenseQuery(invitationsQuery());
  const revoke = useRevokeInvitation();
  const pending = data.data.filter((invitation) => invitation.attributes.status === "pending");
  return (
    <section aria-labelledby="pending-heading" className={card}>
      <h2 id="pending-heading" className="text-base font-semibold">
        Pending invitations ({pending.length})
      </h2>
      {pending.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">None waiting.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {pending.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="break-all">{invitation.attributes.email}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {ROLE_WORDS[invitation.attributes.role].label} · expires{" "}
                  {when(invitation.attributes.expires_at)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass("secondary")}
                aria-label={`Revoke the invitation of ${invitation.attributes.email}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
