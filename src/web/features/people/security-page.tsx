// Settings → Security: the person's email and whether it is confirmed (with a new confirmation link when not),
// two-factor sign-in (and, when the account requires it and the person has none, a notice that nothing else works
// until they turn it on), where the signed-in person is signed in (device, address, last seen),
// signing out any or all other sessions, the assistants they connected over MCP (revocable), and changing the
// password (which signs out the others).
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { inputClass, labelClass } from "../../components/form-field";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { meQuery } from "../../lib/actor";
import { AuthError, changePassword, sendEmailConfirmation } from "../../lib/auth-client";
import { formatDateTime } from "../../lib/format";
import { ConnectedAssistants } from "./connected-assistants-section";
import { accountOf, sessionsQuery, useEndSessions } from "./queries";
import { TwoFactorSection } from "./two-factor-section";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const when = (iso: string) => formatDateTime(iso, "UTC").text;

export function SecurityPage() {
  const { data: me } = useSuspenseQuery(meQuery());
  const enabled = me.data.attributes.two_factor_enabled;
  const required = accountOf(me)?.attributes.require_two_factor ?? false;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Security"
        description="Your email, two-factor sign-in, where you are signed in, connected assistants, and your password."
      />
      {required && !enabled ? <TwoFactorRequired /> : null}
      <EmailSection email={me.data.attributes.email} confirmed={me.data.attributes.email_verified} />
      <TwoFactorSection enabled={enabled} required={required} />
      <Sessions />
      <ConnectedAssistants />
      <PasswordForm />
    </div>
  );
}

/** The account's owners require a second factor and this person has none: the rest of the dashboard is closed. */
function TwoFactorRequired() {
  return (
    <section
      aria-labelledby="two-factor-required-heading"
      className="rounded-lg border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-500 dark:bg-amber-950/50 dark:text-amber-50"
    >
      <h2 id="two-factor-required-heading" className="flex items-center gap-2 text-base font-semibold">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0" fill="currentColor">
          <path d="M10 1.5 1 17.5h18L10 1.5Zm-.9 5.5h1.8v5.5H9.1V7Zm0 7h1.8v1.8H9.1V14Z" />
        </svg>
        This account requires two-factor sign-in
      </h2>
      <p className="mt-1 text-sm">
        Its owners ask everyone to sign in with a code from an authenticator app as well as a password. Until
        you turn it on below, the rest of the dashboard is closed to you.
      </p>
    </section>
  );
}

/** The email the person signs in with and is mailed at; unconfirmed (a first owner's, from sign-up), a new link. */
function EmailSection({ email, confirmed }: { email: string; confirmed: boolean }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setState("sending");
    setError(null);
    try {
      await sendEmailConfirmation(email);
      setState("sent");
    } catch (caught) {
      setError(caught instanceof AuthError ? caught.message : "The link could not be sent. Try again.");
      setState("idle");
    }
  };
  return (
    <section aria-labelledby="email-heading" className={card}>
      <h2 id="email-heading" className="text-base font-semibold">
        Email
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{email}</span>
        {confirmed ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            Confirmed
          </span>
        ) : (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Not confirmed
          </span>
        )}
      </p>
      {confirmed ? null : state === "sent" ? (
        <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          A confirmation link is on its way to {email}. It works for a day.
        </p>
      ) : (
        <div className="mt-3 space-y-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Confirm that this address is yours, so that invitations, alerts and password resets reach you.
          </p>
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={state === "sending"}
            onClick={() => void send()}
          >
            {state === "sending" ? "Sending…" : "Mail me a confirmation link"}
          </button>
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Sessions() {
  const { data } = useSuspenseQuery(sessionsQuery());
  const end = useEndSessions();
  const others = data.data.filter((s) => !s.attributes.current).length;
  return (
    <section aria-labelledby="sessions-heading" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-heading" className="text-base font-semibold">
          Where you are signed in ({data.data.length})
        </h2>
        {others > 0 ? (
          <button
            type="button"
            className={buttonClass("secondary")}
            disabled={end.isPending}
            onClick={() => end.mutate(null)}
          >
            Sign out all other sessions
          </button>
        ) : null}
      </div>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {data.data.map((session) => {
          const a = session.attributes;
          return (
            <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {a.device}
                  {a.current ? (
                    <span className="text-slate-600 dark:text-slate-400"> (this browser)</span>
                  ) : null}
                </p>
                <p className="text-xs break-all text-slate-600 dark:text-slate-400">
                  {a.ip_address ?? "Address not known"} · last seen {when(a.last_seen_at)} · signed in{" "}
                  {when(a.created_at)}
                </p>
              </div>
              {a.current ? null : (
                <button
                  type="button"
                  className={buttonClass("secondary")}
                  aria-label={`Sign out ${a.device}, last seen ${when(a.last_seen_at)}`}
                  disabled={end.isPending}
                  onClick={() => end.mutate(session.id)}
                >
                  Sign out
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { current: useId(), next: useId(), hint: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < PASSWORD_MIN_LENGTH) {
      setError(`The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await changePassword(current, next);
      setCurrent("");
      setNext("");
      showToast({
        kind: "success",
        title: "Password changed",
        message: "Your other sessions are signed out.",
      });
    } catch (caught) {
      setError(caught instanceof AuthError ? caught.message : "The password was not changed. Try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="password-heading" className={card}>
      <h2 id="password-heading" className="text-base font-semibold">
        Change your password
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-3" noValidate>
        <div>
          <label htmlFor={ids.current} className={labelClass}>
            Current password
          </label>
          <input
            id={ids.current}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={ids.next} className={labelClass}>
            New password
          </label>
          <input
            id={ids.next}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-invalid={error !== null}
            className={`${inputClass} mt-1`}
          />
          <p id={ids.hint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one.
          </p>
        </div>
        {error ? (
          <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonClass("primary")} disabled={pending}>
          {pending ? "Changing…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
