// Shows what the signed-in role may do, and in its place a short note of why not (the service refuses it anyway;
// the dashboard only mirrors the role, so that nobody is offered a button that would answer 403).
import type { ReactNode } from "react";
import type { Permission } from "../../api/roles";
import { usePermission } from "../lib/actor";

export function Allowed({
  permission,
  what,
  children,
}: {
  permission: Permission;
  /** What the hidden control does, as the start of a sentence: "Tracking a shipment". */
  what: string;
  children: ReactNode;
}) {
  const may = usePermission(permission);
  if (may.ok) return <>{children}</>;
  return (
    <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">
      {what} is not available to you. {may.why}
    </p>
  );
}
