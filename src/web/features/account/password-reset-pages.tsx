// Forgotten passwords: /forgot-password mails a link (the answer never says whether the address has a sign-in, so
// that nobody can learn who does), and /reset-password, where the link lands, chooses the new password. Choosing
// one signs out every session of the person, so the page sends them to sign in with it.
import { Link, useRouter } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../api/people";
import { buttonClass } from "../../components/button";
import { AuthError, requestPasswordReset, resetPassword } from "../../lib/auth-client";
import { AuthAlert, AuthCard, AuthField, authInputClass, authLinkClass } from "./auth-card";
import { MailLinkForm } from "./mail-link-form";

const messageFor = (error: unknown) =>
  error instanceof AuthError ? error.message : "Something went wrong. Try again.";

export function ForgotPasswordPage({ initialEmail }: { initialEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthCard title="Reset your password">
      {sentTo ? (
        <div className="mt-4 space-y-4 text-sm">
          <p role="status">
            If <strong className="font-medium">{sentTo}</strong> signs in here, a link to choose a new
            password is on its way. It works for an hour, once.
          </p>
          <p className="text-slate-600 dark:text-slate-400">
            Nothing arrived? Check the spam folder, or ask your account's admin: a company that signs in
            through its own identity provider resets passwords there.
          </p>
          <p>
            <Link to="/sign-in" className={authLinkClass}>
              Back to sign in
            </Link>
          </p>
        </div>
      ) : (
        <MailLinkForm
          send={requestPasswordReset}
          onSent={setSentTo}
          initialEmail={initialEmail}
          emailMissing="Enter the email you sign in with."
          submit="Mail me a link"
          className="mt-5 space-y-4"
          before={
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Give the email you sign in with, and we will mail you a link to choose a new password.
            </p>
          }
          after={
            <p className="text-center text-sm">
              <Link to="/sign-in" className={authLinkClass}>
                Back to sign in
              </Link>
            </p>
          }
        />
      )}
    </AuthCard>
  );
}

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { password: useId(), hint: useId(), error: useId() };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <div className="mt-4 space-y-4 text-sm">
          <AuthAlert>
            This link is not valid any more: links work for an hour, once. Ask for a new one.
          </AuthAlert>
          <p>
            <Link to="/forgot-password" className={authLinkClass}>
              Mail me a new link
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH)
      return setError(`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
    setPending(true);
    setError(null);
    try {
      await resetPassword(token, password);
      router.history.replace("/sign-in?reset=true");
    } catch (caught) {
      setError(
        caught instanceof AuthError && caught.code === "INVALID_TOKEN"
          ? "This link is not valid any more: links work for an hour, once. Ask for a new one."
          : messageFor(caught),
      );
      setPending(false);
    }
  };

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={(event) => void onSubmit(event)} className="mt-5 space-y-4" noValidate>
        <AuthField id={ids.password} label="New password">
          <input
            id={ids.password}
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="new-password"
            aria-invalid={error !== null}
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            className={authInputClass}
          />
          <p id={ids.hint} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            At least {PASSWORD_MIN_LENGTH} characters, and not one that is easy to guess. Every place you are
            signed in will be signed out.
          </p>
        </AuthField>
        {error ? (
          <AuthAlert id={ids.error}>
            {error}{" "}
            {error.includes("Ask for a new one") ? (
              <Link to="/forgot-password" className={authLinkClass}>
                Mail me a new link
              </Link>
            ) : null}
          </AuthAlert>
        ) : null}
        <button type="submit" className={buttonClass("primary", "w-full py-2")} disabled={pending}>
          {pending ? "Saving…" : "Save the new password"}
        </button>
      </form>
    </AuthCard>
  );
}
