// Form fields that look and read the same everywhere: a visible label, an optional hint, and the errors about
// the field right under it, tied to the control with aria-describedby so that screen readers read them.
import type { ReactNode, Ref } from "react";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-(--muted-text) focus:border-sky-500 focus:outline-2 focus:outline-sky-500/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:aria-invalid:border-red-400";

export const labelClass = "block text-sm font-medium text-slate-900 dark:text-slate-100";

/** The ids a control should name in aria-describedby: its hint and its errors, when shown. */
export function describedBy(
  id: string,
  hint: boolean,
  errors: readonly string[] | undefined,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, errors && errors.length > 0 ? `${id}-errors` : null].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={`${id}-errors`} className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-300">
      {errors.map((error) => (
        <li key={error} className="flex gap-1.5">
          <span aria-hidden="true">⚠</span>
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a form's failure says above its fields (errors that belong to no field shown), as an alert that the form
 * moves focus to (`focusRef`), so that a keyboard or screen reader user hears why nothing was saved.
 */
export function FormErrorSummary({
  title,
  errors,
  focusRef,
}: {
  title: string;
  errors: readonly string[] | undefined;
  focusRef: Ref<HTMLDivElement>;
}) {
  if (!errors || errors.length === 0) return null;
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900/70 dark:bg-red-950/50 dark:text-red-100"
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
