// The frame of the pages a person sees before they are signed in (sign-in, an invitation, a password reset): the
// product's name over one card with the page's heading, plus the pieces those forms share.
import type { ReactNode } from "react";

export const authInputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 aria-invalid:border-red-500 read-only:bg-slate-50 read-only:text-slate-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:read-only:bg-slate-900 dark:read-only:text-slate-400";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center gap-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Boxtrack
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

export function AuthField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A failure of the form, read out when it appears. */
export function AuthAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      {children}
    </p>
  );
}

/** A word of news at the top of the card (the session ended, the password changed). */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
    >
      {children}
    </p>
  );
}

export const authLinkClass =
  "font-medium text-sky-700 underline-offset-2 hover:underline focus-visible:underline dark:text-sky-400";
