// Placeholder blocks shown while a page's data loads.

export function SkeletonLine({ className = "" }: { className?: string }) {
  return <div className={`h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-700 ${className}`} />;
}

export function TableSkeleton({
  rows = 8,
  columns = 6,
  label,
}: {
  rows?: number;
  columns?: number;
  label: string;
}) {
  return (
    <div
      role="status"
      aria-label={label}
      className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700"
    >
      <div className="border-b border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-700 dark:bg-slate-800/60">
        <SkeletonLine className="w-1/3" />
      </div>
      {Array.from({ length: rows }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
          key={row}
          className="grid gap-4 border-b border-slate-100 px-4 py-3 last:border-0 dark:border-slate-800"
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <SkeletonLine key={column} className={column === 0 ? "w-4/5" : "w-3/5"} />
          ))}
        </div>
      ))}
    </div>
  );
}
