// What the attention page shows while its counts load (kept apart so the page itself stays in its own chunk).
import { SkeletonLine } from "../../components/skeleton";

export function AttentionSkeleton() {
  return (
    <div role="status" aria-label="Loading what needs attention" className="space-y-6">
      <SkeletonLine className="h-8 w-64" />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {["lfd", "pickup", "holds", "eta", "tracking"].map((id) => (
          <div key={id} className="h-44 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
