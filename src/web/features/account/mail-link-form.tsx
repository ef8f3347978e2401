// The form of the pages before sign-in that mail a link to an email (a password reset, an email confirmation): the
// email field, the form's own or the service's sentence when it refuses, and the button; `onSent` gets the email
// once the service took it (its answer never says whether the email signs in here).
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { AuthError } from "../../lib/auth-client";
import { AuthAlert, AuthField, authInputClass } from "./auth-card";

export function MailLinkForm({
  send,
  onSent,
  initialEmail = "",
  emailMissing,
  submit,
  before,
  after,
  className,
}: {
  send: (email: string) => Promise<void>;
  onSent: (email: string) => void;
  initialEmail?: string;
  /** The sentence when what was typed is not an email. */
  emailMissing: string;
  submit: string;
  before?: ReactNode;
  after?: ReactNode;
  className: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { email: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(typed)) return setError(emailMissing);
    setPending(true);
    setError(null);
    try {
      await send(typed);
      onSent(typed);
    } catch (caught) {
      setError(caught instanceof AuthError ? caught.message : "Something went wrong. Try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className={className} noValidate>
      {before}
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
        {pending ? "Sending…" : submit}
      </button>
      {after}
    </form>
  );
}
