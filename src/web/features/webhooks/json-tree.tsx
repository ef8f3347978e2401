// A JSON document, pretty-printed with each object and array collapsible (native <details>, so keyboard and
// screen readers work as usual). The text reads as JSON, so a selection copies as JSON too.
import type { ReactNode } from "react";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const key = "text-sky-900 dark:text-sky-300";
const punctuation = "text-slate-500 dark:text-slate-400";

function Scalar({ value }: { value: Json }) {
  const className =
    typeof value === "string"
      ? "text-emerald-800 dark:text-emerald-300"
      : value === null
        ? "text-slate-500 italic dark:text-slate-400"
        : "text-violet-800 dark:text-violet-300";
  return <span className={`${className} break-all`}>{JSON.stringify(value)}</span>;
}

function Node({
  name,
  value,
  depth,
  openDepth,
  last,
}: {
  name: string | null;
  value: Json;
  depth: number;
  openDepth: number;
  last: boolean;
}) {
  const label: ReactNode =
    name === null ? null : (
      <>
        <span className={key}>{JSON.stringify(name)}</span>
        <span className={punctuation}>: </span>
      </>
    );
  const comma = last ? null : <span className={punctuation}>,</span>;
  if (value === null || typeof value !== "object") {
    return (
      <div>
        {label}
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | null, Json][] = isArray
    ? value.map((v) => [null, v])
    : Object.entries(value).map(([k, v]) => [k, v]);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <div>
        {label}
        <span className={punctuation}>
          {open}
          {close}
        </span>
        {comma}
      </div>
    );
  }
  const count = isArray
    ? `${entries.length} item${entries.length === 1 ? "" : "s"}`
    : `${entries.length} key${entries.length === 1 ? "" : "s"}`;
  return (
    <details open={depth < openDepth}>
      <summary className="min-h-6 cursor-pointer rounded marker:text-(--muted-text) hover:bg-slate-100 dark:hover:bg-slate-800">
        {label}
        <span className={punctuation}>{open}</span>
        {/* Only while this node is folded (not any open ancestor): what it holds. */}
        <span className={`${punctuation} [details[open]>summary>&]:hidden`}>
          {" "}
          … {count} {close}
          {last ? null : ","}
        </span>
      </summary>
      <div className="ml-1.5 border-l border-slate-200 pl-4 dark:border-slate-700">
        {entries.map(([k, v], index) => (
          <Node
            // Array items have no identity beyond their position.
            key={k ?? index}
            name={k}
            value={v}
            depth={depth + 1}
            openDepth={openDepth}
            last={index === entries.length - 1}
          />
        ))}
      </div>
      <div>
        <span className={punctuation}>{close}</span>
        {comma}
      </div>
    </details>
  );
}

/** `openDepth`: levels open at first (the rest start collapsed). */
export function JsonTree({ value, openDepth = 3 }: { value: unknown; openDepth?: number }) {
  return (
    <div className="overflow-x-auto font-mono text-xs leading-relaxed">
      <Node name={null} value={value as Json} depth={0} openDepth={openDepth} last />
    </div>
  );
}
