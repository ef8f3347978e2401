// What the shipment page shows while its data loads (kept apart so the page itself stays in its own chunk).
import { SkeletonLine, TableSkeleton } from "../../components/skeleton";

export function ShipmentPageSkeleton() {
  return (
    <div role="status" aria-label="Loading shipment" className="space-y-6">
      <SkeletonLine className="h-8 w-72" />
      <SkeletonLine className="w-96" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="h-56 animate-pulse rounded-lg bg-slate-200 lg:col-span-2 dark:bg-slate-800" />
        <div className="h-56 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
      </div>
      <TableSkeleton label="Loading containers" rows={3} columns={8} />
    </div>
  );
}
