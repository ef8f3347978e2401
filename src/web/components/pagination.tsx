// Page navigation for server-paged lists: range shown, previous/next, nearby pages, page size.
import { type ReactNode, useId } from "react";

export interface PageLinkProps {
  page: number;
  children: ReactNode;
  "aria-label": string;
  "aria-current"?: "page";
  className: string;
}

const linkClass = "inline-flex min-w-9 items-center justify-center rounded-md border px-2.5 py-1.5 text-sm";
const idleClass =
  "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700";
const currentClass = "border-sky-700 bg-sky-700 text-white dark:border-sky-500";
const disabledClass =
  "inline-flex items-center rounded-md border border-slate-200 px-2.5 py-1.5 text-sm text-(--muted-text) dark:border-slate-700";

/** Pages to offer around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const p of pages) {
    const previous = result.at(-1);
    if (typeof previous === "number" && p - previous > 1) result.push("gap");
    result.push(p);
  }
  return result;
}

export function Pagination({
  page,
  size,
  total,
  shown,
  noun,
  sizes,
  renderLink,
  onSizeChange,
}: {
  page: number;
  size: number;
  total: number;
  shown: number;
  /** Plural: "shipments". */
  noun: string;
  sizes: readonly number[];
  renderLink: (props: PageLinkProps) => ReactNode;
  onSizeChange: (size: number) => void;
}) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = (page - 1) * size + shown;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
      <p aria-live="polite">
        {shown > 0 ? (
          <>
            Showing <strong className="font-medium text-slate-900 dark:text-slate-100">{first}</strong>–
            <strong className="font-medium text-slate-900 dark:text-slate-100">{last}</strong> of{" "}
            <strong className="font-medium text-slate-900 dark:text-slate-100">
              {total.toLocaleString("en-US")}
            </strong>{" "}
            {noun}
          </>
        ) : (
          `Page ${page} of ${pageCount}`
        )}
      </p>
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          renderLink({
            page: Math.min(page - 1, pageCount),
            children: "← Previous",
            "aria-label": "Previous page",
            className: `${linkClass} ${idleClass}`,
          })
        ) : (
          <span className={disabledClass} aria-hidden="true">
            ← Previous
          </span>
        )}
        {pageWindow(Math.min(page, pageCount), pageCount).map((p, index) =>
          p === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity beyond position
            <span key={`gap-${index}`} className="px-1" aria-hidden="true">
              …
            </span>
          ) : (
            <span key={p}>
              {renderLink({
                page: p,
                children: p,
                "aria-label": `Page ${p}`,
                "aria-current": p === page ? "page" : undefined,
                className: `${linkClass} ${p === page ? currentClass : idleClass}`,
              })}
            </span>
          ),
        )}
        {page < pageCount ? (
          renderLink({
            page: page + 1,
            children: "Next →",
            "aria-label": "Next page",
            className: `${linkClass} ${idleClass}`,
          })
        ) : (
          <span className={disabledClass} aria-hidden="true">
            Next →
          </span>
        )}
      </nav>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Per page</label>
        <select
          id={sizeId}
          value={size}
          onChange={(event) => onSizeChange(Number(event.target.value))}
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
