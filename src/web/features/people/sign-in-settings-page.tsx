// Settings → Sign-in: the account's rules for signing in. Owners require two-factor sign-in for everyone (the
// service refuses until the owner has it themselves, and the page says its sentence); admins and owners connect
// single sign-on providers. Other roles see the rules and why they cannot change them.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { Allowed } from "../../components/allowed";
import { buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { showToast } from "../../components/toaster";
import { meQuery, usePermission } from "../../lib/actor";
import { ApiError, describeError } from "../../lib/api-client";
import { accountOf, membersQuery, useRequireTwoFactor } from "./queries";
import { SsoProvidersSection } from "./sso-providers-section";

const card = "rounded-lg border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900";
const muted = "text-sm text-slate-600 dark:text-slate-400";

export function SignInSettingsPage() {
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Sign-in"
        description="How the people of this account sign in: a second factor for everyone, and single sign-on through your company's identity provider."
      />
      <RequireTwoFactor />
      <section aria-labelledby="sso-heading" className={card}>
        <h2 id="sso-heading" className="text-base font-semibold">
          Single sign-on
        </h2>
        <p className={`mt-1 ${muted}`}>
          People whose email is at one of a provider's domains sign in through your OpenID Connect provider
          instead of with a password, and join this account with the role you choose for it.
        </p>
        <div className="mt-3">
          <Allowed permission="people" what="Managing single sign-on">
            <SsoProvidersSection />
          </Allowed>
        </div>
      </section>
    </div>
  );
}

function RequireTwoFactor() {
  const { data: me } = useSuspenseQuery(meQuery());
  const required = accountOf(me)?.attributes.require_two_factor ?? false;
  const mayChange = usePermission("account");
  const mayList = usePermission("people");
  const change = useRequireTwoFactor();
  // Who has no second factor yet: those the requirement sends to Settings → Security first. Admins may list people.
  const members = useQuery({ ...membersQuery(), enabled: mayList.ok });
  const without = members.data?.data.filter((p) => !p.attributes.two_factor_enabled) ?? [];
  const ids = { label: useId(), description: useId(), error: useId() };
  const refusal = change.error instanceof ApiError ? change.error.errors[0] : undefined;

  const toggle = () =>
    change.mutate(!required, {
      onSuccess: (document) =>
        showToast({
          kind: "success",
          title: document.data.attributes.require_two_factor
            ? "Two-factor sign-in is required for everyone"
            : "Two-factor sign-in is each person's choice",
          message: document.data.attributes.require_two_factor
            ? "Anyone without it is asked to turn it on first."
            : "Each person turns it on or off in Settings → Security.",
        }),
    });

  return (
    <section aria-labelledby="require-heading" className={card}>
      <h2 id="require-heading" className="text-base font-semibold">
        Two-factor sign-in for everyone
      </h2>
      <div className="mt-3 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={ids.label} className="font-medium">
            Require two-factor sign-in for everyone
          </p>
          <p id={ids.description} className={`mt-1 ${muted}`}>
            {required
              ? "Required: everyone signs in with a code from an authenticator app as well as a password. Someone without one is sent to turn it on before anything else works."
              : "Not required: each person chooses in Settings → Security. When required, someone without it is sent to turn it on before anything else works."}
          </p>
        </div>
        {mayChange.ok ? (
          <button
            type="button"
            role="switch"
            aria-checked={required}
            aria-labelledby={ids.label}
            aria-describedby={change.isError ? `${ids.description} ${ids.error}` : ids.description}
            disabled={change.isPending}
            onClick={toggle}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60 ${
              required ? "bg-sky-700" : "bg-slate-400 dark:bg-slate-600"
            }`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
                required ? "translate-x-5" : "translate-x-0"
              }`}
            />
          </button>
        ) : (
          <span className="shrink-0 text-sm font-medium">{required ? "Required" : "Not required"}</span>
        )}
      </div>
      {mayChange.ok ? null : (
        <p className={`mt-2 ${muted}`}>Changing this is not available to you. {mayChange.why}</p>
      )}
      {change.isError ? (
        <div id={ids.error} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          <p>{refusal?.detail || describeError(change.error)}</p>
          {refusal?.code === "two_factor_first" ? (
            <Link to="/settings/security" className={buttonClass("secondary", "mt-2")}>
              Go to Security
            </Link>
          ) : null}
        </div>
      ) : null}
      {members.data ? (
        <p className={`mt-3 ${muted}`}>
          {without.length === 0
            ? "Everyone here has two-factor sign-in on."
            : `${without.length} of ${members.data.data.length} people have no two-factor sign-in yet${
                required ? ": they are asked to turn it on when they next use the dashboard." : "."
              }`}
        </p>
      ) : null}
    </section>
  );
}
