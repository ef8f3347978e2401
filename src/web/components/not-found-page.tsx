// The page for addresses the dashboard does not know.
import { Link } from "@tanstack/react-router";
import { buttonClass } from "./button";

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-sky-700 uppercase dark:text-sky-400">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">
        Page not found
      </h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/shipments" className={`${buttonClass("primary")} mt-6`}>
        Go to shipments
      </Link>
    </div>
  );
}
