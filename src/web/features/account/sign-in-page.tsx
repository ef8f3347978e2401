// The sign-in page: checks a pasted API key against the API before keeping it; offers the demo account when there is one.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "../../components/button";
import { ApiError, NetworkError } from "../../lib/api-client";
import { defaultBaseUrl, normalizeBaseUrl, saveSession, storedBaseUrl } from "../../lib/session";
import { accountKeys, demoAccountQuery, verifyApiKey } from "./queries";
import { safeRedirect } from "./safe-redirect";

function messageFor(error: unknown, baseUrl: string): string {
  if (error instanceof ApiError && error.status === 401) {
    return "That API key was not accepted. Check that you copied the whole key, and that it has not been revoked.";
  }
  if (error instanceof ApiError && error.status === 403) {
    return error.message || "This account cannot use the API at the moment.";
  }
  if (error instanceof NetworkError) {
    return `Could not reach an API at ${baseUrl}. Check the API address under "Advanced".`;
  }
  if (error instanceof ApiError) return `The API answered ${error.status}: ${error.message}`;
  return `The API at ${baseUrl} did not answer like a /v2 tracking API. Check the API address under "Advanced".`;
}

export function SignInPage({ redirectTo, expired }: { redirectTo: string | undefined; expired: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: demo } = useSuspenseQuery(demoAccountQuery());
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(storedBaseUrl);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const keyId = useId();
  const baseId = useId();
  const errorId = useId();
  const baseHintId = useId();

  const signIn = async (key: string, base: string) => {
    const trimmed = key.trim();
    if (trimmed === "") {
      setError("Paste your API key first.");
      return;
    }
    const normalized = normalizeBaseUrl(base);
    if (!normalized) {
      setError("The API address must be an http:// or https:// address, such as https://api.example.com.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      const credentials = { apiKey: trimmed, baseUrl: normalized };
      const account = await verifyApiKey(credentials);
      queryClient.clear();
      saveSession(credentials);
      queryClient.setQueryData(accountKeys.current(), account);
      router.history.push(safeRedirect(redirectTo));
    } catch (caught) {
      setError(messageFor(caught, normalized));
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void signIn(apiKey, baseUrl);
  };

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Boxtrack
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Paste your account's API key. It is checked with the API, then kept in this browser only.
          </p>
          {expired ? (
            <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              The API no longer accepts the key this browser had. Sign in again to continue.
            </p>
          ) : null}
          <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
            <div>
              <label htmlFor={keyId} className="block text-sm font-medium">
                API key
              </label>
              <input
                id={keyId}
                type="password"
                value={apiKey}
                onChange={(event) => setApiKey(event.target.value)}
                autoComplete="off"
                spellCheck={false}
                placeholder="trk_…"
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
                className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              />
            </div>
            <details className="group text-sm">
              <summary className="cursor-pointer text-slate-600 select-none hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
                Advanced
              </summary>
              <div className="mt-3">
                <label htmlFor={baseId} className="block font-medium">
                  API base address
                </label>
                <input
                  id={baseId}
                  type="url"
                  value={baseUrl}
                  onChange={(event) => setBaseUrl(event.target.value)}
                  placeholder={defaultBaseUrl()}
                  aria-describedby={baseHintId}
                  className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
                />
                <p id={baseHintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  Where the /v2 API is served. Leave as is to use this server.
                </p>
              </div>
            </details>
            {error ? (
              <p
                id={errorId}
                role="alert"
                className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
              >
                {error}
              </p>
            ) : null}
            <button type="submit" className={buttonClass("primary", "w-full py-2")} disabled={pending}>
              {pending ? "Checking the key…" : "Sign in"}
            </button>
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
                onClick={() => void signIn(demo.api_key, defaultBaseUrl())}
              >
                Use the demo account
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}
