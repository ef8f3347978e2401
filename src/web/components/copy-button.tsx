// A button that copies a text to the clipboard and says so where screen readers hear it. Falls back to the
// older copy command where the Clipboard API is missing (a dashboard served over plain http on another host).
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "./button";

type Outcome = "idle" | "copied" | "failed";

async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (no permission, page not focused): try the older way below.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export function CopyButton({
  text,
  label = "Copy",
  what,
  className,
}: {
  text: string;
  /** The button's visible word. */
  label?: string;
  /** What is copied, for the accessible name: "Copy the signing secret". */
  what: string;
  className?: string;
}) {
  const [outcome, setOutcome] = useState<Outcome>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const copied = await copyText(text);
    setOutcome(copied ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome("idle"), 4_000);
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        aria-label={`${label} ${what}`}
        className={buttonClass("secondary", className)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4" fill="none" stroke="currentColor">
          <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" strokeWidth="1.3" />
          <path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" strokeWidth="1.3" />
        </svg>
        {outcome === "copied" ? "Copied" : label}
      </button>
      {/* The button says "Copied"; this tells screen readers, and says so visibly when copying failed. */}
      <span
        role="status"
        className={outcome === "failed" ? "text-xs text-red-700 dark:text-red-300" : "sr-only"}
      >
        {outcome === "copied"
          ? `Copied ${what} to the clipboard.`
          : outcome === "failed"
            ? "Could not copy: select the text and copy it by hand."
            : ""}
      </span>
    </span>
  );
}
