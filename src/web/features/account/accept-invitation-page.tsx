// /accept-invitation?token=: where an invitation mail's link lands. A new person chooses their name and a password
// and is signed in; a person who signs in here already joins with one click once signed in as the invited email.
// Links that were used, revoked or have expired say so, and what to do instead.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../api/people";
import { isRole, ROLE_WORDS } from "../../../api/roles";
import { buttonClass } from "../../components/button";
import { meQuery } from "../../lib/actor";
import {
  AuthError,
  acceptInvitation,
  type InvitationInfo,
  invitationInfo,
  signOutSession,
} from "../../lib/auth-client";
import { clearSession, savePersonSession, useSession } from "../../lib/session";
import { AuthAlert, AuthCard, AuthField, authInputClass, authLinkClass } from "./auth-card";

const messageFor = (error: unknown) =>
  error instanceof AuthError ? error.message : "Something went wrong. Try again.";

const UNUSABLE: Record<Exclude<InvitationInfo["status"], "pending">, string> = {
  accepted: "This invitation has been used already. Sign in instead.",
  revoked: "This invitation was revoked. Ask the person who invited you for a new one.",
  expired:
    "This invitation has expired (links work for 7 days). Ask the person who invited you for a new one.",
};

export function AcceptInvitationPage({ token }: { token: string }) {
  const invitation = useQuery({
    queryKey: ["invitation-link", token],
    queryFn: () => invitationInfo(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (invitation.isPending)
    return (
      <AuthCard title="Your invitation">
        <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Checking your invitation…
        </p>
      </AuthCard>
    );
  const status = invitation.data?.status;
  if (invitation.isError || (status && status !== "pending")) {
    const why = status && status !== "pending" ? UNUSABLE[status] : messageFor(invitation.error);
    return (
      <AuthCard title="Your invitation">
        <div className="mt-4 space-y-4 text-sm">
          <AuthAlert>{why}</AuthAlert>
          <p>
            <Link to="/sign-in" className={authLinkClass}>
              Go to sign in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  const info = invitation.data;
  return (
    <AuthCard title={`Join ${info.company_name}`}>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        You are invited to {info.company_name}'s container tracking as{" "}
        <strong className="font-medium">
          {isRole(info.role) ? ROLE_WORDS[info.role].label.toLowerCase() : info.role}
        </strong>
        {isRole(info.role)
          ? `: ${ROLE_WORDS[info.role].can.charAt(0).toLowerCase()}${ROLE_WORDS[info.role].can.slice(1)}`
          : "."}
      </p>
      {info.person_exists ? (
        <JoinAsExistingPerson token={token} info={info} />
      ) : (
        <JoinAsNewPerson token={token} info={info} />
      )}
    </AuthCard>
  );
}

/** After joining: this browser is signed in to the new account; nothing of another account is kept. */
function useJoined() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return () => {
    queryClient.clear();
    savePersonSession();
    router.history.replace("/attention");
  };
}

function JoinAsNewPerson({ token, info }: { token: string; info: InvitationInfo }) {
  const joined = useJoined();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { email: useId(), name: useId(), password: useId(), hint: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return setError("Give your name: your team sees it beside what you do.");
    if (password.length < PASSWORD_MIN_LENGTH)
      return setError(`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
    setPending(true);
    setError(null);
    try {
      await acceptInvitation(token, { name: name.trim(), password });
      joined();
    } catch (caught) {
      setError(messageFor(caught));
      setPending(false);
    }
  };

  const described = (extra?: string) =>
    [extra, error ? ids.error : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate>
      <AuthField id={ids.email} label="Email">
        <input
          id={ids.email}
          type="email"
          value={info.email}
          readOnly
          autoComplete="username"
          className={authInputClass}
        />
      </AuthField>
      <AuthField id={ids.name} label="Your name">
        <input
          id={ids.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          maxLength={200}
          aria-invalid={error !== null && name.trim() === ""}
          aria-describedby={described()}
          className={authInputClass}
        />
      </AuthField>
      <AuthField id={ids.password} label="Choose a password">
        <input
          id={ids.password}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          aria-invalid={error !== null && name.trim() !== ""}
          aria-describedby={described(ids.hint)}
          className={authInputClass}
        />
        <p id={ids.hint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          At least {PASSWORD_MIN_LENGTH} characters, and not one that is easy to guess.
        </p>
      </AuthField>
      {error ? <AuthAlert id={ids.error}>{error}</AuthAlert> : null}
      <button type="submit" className={buttonClass("primary", "w-full py-2")} disabled={pending}>
        {pending ? "Joining…" : `Join ${info.company_name}`}
      </button>
    </form>
  );
}

function JoinAsExistingPerson({ token, info }: { token: string; info: InvitationInfo }) {
  const joined = useJoined();
  const session = useSession();
  const me = useQuery({ ...meQuery(), enabled: session?.kind === "person", retry: false });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const here = `/accept-invitation?token=${encodeURIComponent(token)}`;

  if (session?.kind !== "person" || me.isError)
    return (
      <div className="mt-5 space-y-4 text-sm">
        <p>
          <strong className="font-medium">{info.email}</strong> signs in here already. Sign in as them, and
          you come back here to join.
        </p>
        <Link to="/sign-in" search={{ redirect: here }} className={buttonClass("primary", "w-full py-2")}>
          Sign in to join
        </Link>
      </div>
    );
  if (me.isPending)
    return (
      <p role="status" className="mt-5 text-sm text-slate-600 dark:text-slate-400">
        Checking who is signed in…
      </p>
    );
  const signedInAs = me.data.data.attributes.email;
  if (signedInAs.toLowerCase() !== info.email.toLowerCase())
    return (
      <div className="mt-5 space-y-4 text-sm">
        <p>
          This browser is signed in as <strong className="font-medium">{signedInAs}</strong>, and the
          invitation is for <strong className="font-medium">{info.email}</strong>. Sign out, then sign in as{" "}
          {info.email}.
        </p>
        <button
          type="button"
          className={buttonClass("secondary", "w-full py-2")}
          onClick={() => void signOutSession().finally(clearSession)}
        >
          Sign out
        </button>
      </div>
    );

  const join = async () => {
    setPending(true);
    setError(null);
    try {
      await acceptInvitation(token);
      joined();
    } catch (caught) {
      setError(messageFor(caught));
      setPending(false);
    }
  };
  return (
    <div className="mt-5 space-y-4 text-sm">
      <p>
        You are signed in as <strong className="font-medium">{signedInAs}</strong>. Joining opens{" "}
        {info.company_name}'s account in this browser.
      </p>
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      <button
        type="button"
        className={buttonClass("primary", "w-full py-2")}
        disabled={pending}
        onClick={() => void join()}
      >
        {pending ? "Joining…" : `Join ${info.company_name}`}
      </button>
    </div>
  );
}
