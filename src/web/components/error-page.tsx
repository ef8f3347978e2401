// Error pages: what failed (the API's own error details), and a retry that reloads the page's data; where the
// account requires two-factor sign-in and the person has none yet, the way to Settings → Security to turn it on.
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { ApiError, NetworkError, UnexpectedResponseError } from "../lib/api-client";
import { buttonClass } from "./button";

function explain(error: unknown): { heading: string; details: string[]; status?: number } {
  if (error instanceof ApiError) {
    const details = error.errors.map((e) => e.detail).filter(Boolean);
    const status = error.status;
    const heading =
      status === 401
        ? "You are signed out"
        : status === 404
          ? "Not found"
          : status === 429
            ? "Too many requests"
            : status >= 500
              ? "The API had a problem"
              : "The API refused the request";
    return { heading, details: details.length > 0 ? details : [error.message], status };
  }
  if (error instanceof NetworkError)
    return { heading: "The API could not be reached", details: [error.message] };
  if (error instanceof UnexpectedResponseError)
    return { heading: "Unexpected answer from the API", details: [error.message] };
  return {
    heading: "Something went wrong",
    details: [error instanceof Error && error.message ? error.message : "An unexpected error occurred."],
  };
}

/** The service's answer to a person of an account that requires two-factor sign-in, until they turn it on. */
const needsTwoFactor = (error: unknown) =>
  error instanceof ApiError && error.errors.some((e) => e.code === "two_factor_enrollment_required");

export function ErrorPanel({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  const { heading, details, status } = explain(error);
  const enrol = needsTwoFactor(error);
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-950 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-100"
    >
      <h1 className="text-xl font-semibold">
        Could not load {what}: {heading.toLowerCase()}
      </h1>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      {status ? <p className="mt-2 text-xs opacity-75">HTTP status {status}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {status === 401 ? (
          <Link to="/sign-in" className={buttonClass("primary")}>
            Sign in again
          </Link>
        ) : enrol ? (
          <Link to="/settings/security" className={buttonClass("primary")}>
            Turn on two-factor sign-in
          </Link>
        ) : onRetry ? (
          <button type="button" className={buttonClass("primary")} onClick={onRetry}>
            Retry
          </button>
        ) : null}
        <Link to="/shipments" className={buttonClass("secondary")}>
          Go to shipments
        </Link>
      </div>
    </div>
  );
}

/** A route's errorComponent: explains the failure and retries by re-running the route's loaders. */
export function RouteErrorPage({ error, reset, what }: ErrorComponentProps & { what: string }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    // Lets useSuspenseQuery fetch again instead of rethrowing the cached error on retry.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <ErrorPanel
      error={error}
      what={what}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
