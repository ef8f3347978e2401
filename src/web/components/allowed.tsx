// Shows what the signed-in role may do, and in its place a short note of why not (the service refuses it anyway;
// the dashboard only mirrors the role, so that nobody is offered a button that would answer 403). While the role
// is still being read, neither the control nor the note shows.
import type { ReactNode } from "react";
import type { Permission } from "../../api/roles";
import { type Permit, usePermission } from "../lib/actor";

const NOTE = "text-sm text-slate-600 dark:text-slate-400";

/**
 * The note said where a control the role may not use would be: "Adding customers is not available to you. Your
 * role is viewer; …". Nothing when it may (or while that is being found out).
 */
export function NotAllowed({
  may,
  what,
  className = "max-w-xs",
}: {
  may: Permit;
  /** What the hidden control does, as the start of a sentence: "Tracking a shipment". */
  what: string;
  /** Its width or box; a short line beside other controls by default. */
  className?: string;
}) {
  if (may.ok || may.checking) return null;
  return (
    <p className={`${NOTE} ${className}`}>
      {what} is not available to you. {may.why}
    </p>
  );
}

export function Allowed({
  permission,
  what,
  className,
  children,
}: {
  permission: Permission;
  /** What the hidden control does, as the start of a sentence: "Tracking a shipment". */
  what: string;
  /** The note's width or box (see NotAllowed). */
  className?: string;
  children: ReactNode;
}) {
  const may = usePermission(permission);
  if (may.ok) return <>{children}</>;
  return <NotAllowed may={may} what={what} className={className} />;
}

/** The box a whole page's form gives way to, when the role may not use it. */
export const NOT_ALLOWED_PANEL =
  "max-w-2xl rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
