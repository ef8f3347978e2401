// /confirm-email: where an email confirmation link lands once the service has checked it (the library verifies the
// link at /api/auth/verify-email, then sends the browser here, with `?error=` when it could not). A link that
// failed offers a new one.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { buttonClass } from "../../components/button";
import { sendEmailConfirmation } from "../../lib/auth-client";
import { AuthAlert, AuthCard, authLinkClass } from "./auth-card";
import { MailLinkForm } from "./mail-link-form";

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
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo)
    return (
      <p role="status">
        If <strong className="font-medium">{sentTo}</strong> signs in here and is not confirmed yet, a new
        link is on its way.
      </p>
    );
  return (
    <MailLinkForm
      send={sendEmailConfirmation}
      onSent={setSentTo}
      emailMissing="Enter the email to confirm."
      submit="Mail me a new link"
      className="space-y-4"
    />
  );
}
