// /confirm-email: where an email confirmation link lands once the service has checked it (the library verifies the
// link at /api/auth/verify-email, then sends the browser here, with `?error=` when it could not). A link that
// failed offers a new one.
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { AuthError, sendEmailConfirmation } from "../../lib/auth-client";
import { AuthAlert, AuthCard, AuthField, authInputClass, authLinkClass } from "./auth-card";

/** Why a link did not confirm the email, by the library's codes. */
const WHY: Record<string, string> = {
  TOKEN_EXPIRED: "This link has expired: confirmation links work for a day.",
  INVALID_TOKEN:
    "This link is not valid. It may have been cut short in the mail: open it again from the message, or ask for a new one.",
  USER_NOT_FOUND: "No sign-in here has this email any more.",
};

export function ConfirmEmailPage({ error }: { error: string | undefined }) {
  if (!error) {
    return (
      <AuthCard title="Email confirmed">
        <div className="mt-4 space-y-4 text-sm">
          <p role="status">Thank you: your email address is confirmed.</p>
          <p>
            <Link to="/" className={buttonClass("primary", "w-full py-2")}>
              Continue to the dashboard
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Your email is not confirmed yet">
      <div className="mt-4 space-y-4 text-sm">
        <AuthAlert>{WHY[error] ?? "This link could not confirm the email."}</AuthAlert>
        {error === "USER_NOT_FOUND" ? null : <NewLinkForm />}
        <p className="text-center">
          <Link to="/sign-in" className={authLinkClass}>
            Go to sign in
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

function NewLinkForm() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { email: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(typed)) return setError("Enter the email to confirm.");
    setPending(true);
    setError(null);
    try {
      await sendEmailConfirmation(typed);
      setSentTo(typed);
    } catch (caught) {
      setError(caught instanceof AuthError ? caught.message : "Something went wrong. Try again.");
    } finally {
      setPending(false);
    }
  };

  if (sentTo)
    return (
      <p role="status">
        If <strong className="font-medium">{sentTo}</strong> signs in here and is not confirmed yet, a new
        link is on its way.
      </p>
    );
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
      <AuthField id={ids.email} label="Email">
        <input
          id={ids.email}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="username"
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
          className={authInputClass}
        />
      </AuthField>
      {error ? <AuthAlert id={ids.error}>{error}</AuthAlert> : null}
      <button type="submit" className={buttonClass("primary", "w-full py-2")} disabled={pending}>
        {pending ? "Sending…" : "Mail me a new link"}
      </button>
    </form>
  );
}
