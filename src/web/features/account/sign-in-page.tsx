// The sign-in page: email and password (the service sets an HttpOnly session cookie), a second-factor code when the
// person has one, single sign-on for an email whose account signs in through its identity provider, "Forgot your
// password?", "Use the demo account" where the server runs it, and, under Advanced, an API key for pointing this
// tab at another /v2 server (kept for the tab only).
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { ApiError, NetworkError } from "../../lib/api-client";
import {
  AuthError,
  signInAsDemoOwner,
  signInMethod,
  signInWithEmail,
  singleSignOnAddress,
  verifyTwoFactor,
} from "../../lib/auth-client";
import {
  defaultBaseUrl,
  normalizeBaseUrl,
  saveKeySession,
  savePersonSession,
  storedBaseUrl,
} from "../../lib/session";
import {
  AuthAlert,
  AuthCard,
  AuthNotice,
  authLinkClass,
  AuthField as Field,
  authInputClass as inputClass,
} from "./auth-card";
import { accountKeys, demoAccountQuery, verifyApiKey } from "./queries";
import { safeRedirect } from "./safe-redirect";

function keyMessageFor(error: unknown, baseUrl: string): string {
  if (error instanceof ApiError && error.status === 401) {
    return "That API key was not accepted. Check that you copied the whole key, and that it has not been revoked.";
  }
  if (error instanceof ApiError && error.status === 403) {
    return error.message || "This account cannot use the API at the moment.";
  }
  if (error instanceof NetworkError) {
    return `Could not reach an API at ${baseUrl}. Check the API base address.`;
  }
  if (error instanceof ApiError) return `The API answered ${error.status}: ${error.message}`;
  return `The API at ${baseUrl} did not answer like a /v2 tracking API. Check the API base address.`;
}

const messageFor = (error: unknown) =>
  error instanceof AuthError ? error.message : "Something went wrong. Try again.";

/** What the page says above the form, after the person came back from somewhere. */
export type SignInNotice = "expired" | "password-reset" | { ssoError: string };

export function SignInPage({
  redirectTo,
  notice,
}: {
  redirectTo: string | undefined;
  notice?: SignInNotice;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: demo } = useSuspenseQuery(demoAccountQuery());
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  // How the email typed signs in, once asked (on leaving the field): a password, or their company's SSO.
  const [method, setMethod] = useState<{ email: string; method: "sso" | "password" } | null>(null);
  const sso = method?.method === "sso" && method.email === email.trim();
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(storedBaseUrl);
  const [error, setError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { email: useId(), password: useId(), code: useId(), error: useId(), keyError: useId() };
  const keyId = useId();
  const baseId = useId();
  const baseHintId = useId();

  const signedIn = () => {
    queryClient.clear();
    savePersonSession();
    router.history.push(safeRedirect(redirectTo));
  };

  const run = async (step: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await step();
    } catch (caught) {
      setError(messageFor(caught));
      setPending(false);
    }
  };

  const methodOf = async (typed: string) => {
    if (method?.email === typed) return method.method;
    const found = await signInMethod(typed).catch(() => "password" as const);
    setMethod({ email: typed, method: found });
    return found;
  };

  const singleSignOn = async (typed: string) => {
    // The identity provider sends the browser back here, whether it signed them in (the sign-in route then finds the
    // new session) or not (with ?error=); either way still headed where they were going.
    const headed = redirectTo ? `redirect=${encodeURIComponent(redirectTo)}` : "";
    const back = `/sign-in?sso=true${headed ? `&${headed}` : ""}`;
    window.location.assign(await singleSignOnAddress(typed, back, `/sign-in${headed ? `?${headed}` : ""}`));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (needsCode) {
      if (code.trim() === "")
        return setError("Enter the code from your authenticator app, or a recovery code.");
      void run(async () => {
        await verifyTwoFactor(code);
        signedIn();
      });
      return;
    }
    const typed = email.trim();
    if (typed === "") return setError("Enter your email and your password.");
    void run(async () => {
      if ((await methodOf(typed)) === "sso") return singleSignOn(typed);
      if (password === "") {
        setPending(false);
        return setError("Enter your email and your password.");
      }
      const { twoFactor } = await signInWithEmail(typed, password);
      if (twoFactor) {
        setNeedsCode(true);
        setPending(false);
        return;
      }
      signedIn();
    });
  };

  const useDemo = () =>
    void run(async () => {
      await signInAsDemoOwner();
      signedIn();
    });

  const signInWithKey = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = apiKey.trim();
    if (trimmed === "") return setKeyError("Paste your API key first.");
    const normalized = normalizeBaseUrl(baseUrl);
    if (!normalized) {
      return setKeyError(
        "The API address must be an http:// or https:// address, such as https://api.example.com.",
      );
    }
    setPending(true);
    setKeyError(null);
    try {
      const credentials = { kind: "key" as const, apiKey: trimmed, baseUrl: normalized };
      const account = await verifyApiKey(credentials);
      queryClient.clear();
      saveKeySession(credentials);
      queryClient.setQueryData(accountKeys.current(), account);
      router.history.push(safeRedirect(redirectTo));
    } catch (caught) {
      setKeyError(keyMessageFor(caught, normalized));
      setPending(false);
    }
  };

  return (
    <AuthCard title="Sign in">
      {notice === "expired" ? (
        <AuthNotice>
          Your sign-in has ended (it expired, or was signed out elsewhere). Sign in again to continue.
        </AuthNotice>
      ) : notice === "password-reset" ? (
        <AuthNotice>
          Your password is changed, and every session signed out. Sign in with the new one.
        </AuthNotice>
      ) : notice ? (
        <AuthNotice>
          Single sign-on did not finish ({notice.ssoError.replaceAll("_", " ").toLowerCase()}). Try again, or
          ask your account's admin to check the identity provider.
        </AuthNotice>
      ) : null}
      <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
        {needsCode ? (
          <Field id={ids.code} label="Two-factor code">
            <input
              id={ids.code}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="text"
              aria-invalid={error !== null}
              aria-describedby={error ? ids.error : undefined}
              className={inputClass}
            />
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              The 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
          </Field>
        ) : (
          <>
            <Field id={ids.email} label="Email">
              <input
                id={ids.email}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                onBlur={() => {
                  if (email.trim() !== "") void methodOf(email.trim());
                }}
                autoComplete="username"
                aria-invalid={error !== null}
                aria-describedby={error ? ids.error : undefined}
                className={inputClass}
              />
            </Field>
            {sso ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Your company signs in through its own identity provider: continue there.
              </p>
            ) : (
              <Field id={ids.password} label="Password">
                <input
                  id={ids.password}
                  type="password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  autoComplete="current-password"
                  aria-invalid={error !== null}
                  aria-describedby={error ? ids.error : undefined}
                  className={inputClass}
                />
              </Field>
            )}
          </>
        )}
        {error ? <AuthAlert id={ids.error}>{error}</AuthAlert> : null}
        <button type="submit" className={buttonClass("primary", "w-full py-2")} disabled={pending}>
          {pending ? "Signing in…" : needsCode ? "Verify" : sso ? "Continue with single sign-on" : "Sign in"}
        </button>
        {needsCode ? null : (
          <p className="text-center text-sm">
            <Link
              to="/forgot-password"
              search={email.trim() ? { email: email.trim() } : {}}
              className={authLinkClass}
            >
              Forgot your password?
            </Link>
          </p>
        )}
      </form>
      {demo ? (
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            This server runs a demo account, <strong className="font-medium">{demo.company_name}</strong>,
            with sample shipments.
          </p>
          <button
            type="button"
            className={buttonClass("secondary", "mt-3 w-full py-2")}
            disabled={pending}
            onClick={useDemo}
          >
            Use the demo account
          </button>
        </div>
      ) : null}
      <details className="group mt-6 border-t border-slate-200 pt-5 text-sm dark:border-slate-800">
        <summary className="cursor-pointer text-slate-600 select-none hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
          Advanced
        </summary>
        <form onSubmit={(event) => void signInWithKey(event)} className="mt-3 space-y-4" noValidate>
          <p className="text-slate-600 dark:text-slate-400">
            Sign in with an API key to use this dashboard with another /v2 server. The key is kept for this
            tab only, and forgotten when the tab closes.
          </p>
          <Field id={baseId} label="API base address">
            <input
              id={baseId}
              type="url"
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
              placeholder={defaultBaseUrl()}
              aria-describedby={baseHintId}
              className={`${inputClass} font-mono`}
            />
            <p id={baseHintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Where the /v2 API is served. Leave as is to use this server.
            </p>
          </Field>
          <Field id={keyId} label="API key">
            <input
              id={keyId}
              type="password"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="trk_…"
              aria-invalid={keyError !== null}
              aria-describedby={keyError ? ids.keyError : undefined}
              className={`${inputClass} font-mono`}
            />
          </Field>
          {keyError ? <AuthAlert id={ids.keyError}>{keyError}</AuthAlert> : null}
          <button type="submit" className={buttonClass("secondary", "w-full py-2")} disabled={pending}>
            {pending ? "Checking the key…" : "Sign in with the API key"}
          </button>
        </form>
      </details>
    </AuthCard>
  );
}
