// A designed "nothing here" panel: what is empty, why it may be, and what to do next.
import type { ReactNode } from "react";

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-600">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="mb-4 h-12 w-12 text-(--muted-text)">
        <rect x="6" y="14" width="36" height="22" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M14 14v22M22 14v22M30 14v22M38 14v22"
          stroke="currentColor"
          strokeWidth="1.5"
          opacity="0.6"
        />
        <circle cx="36" cy="36" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m41 41 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      {children ? (
        <div className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</div>
      ) : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
