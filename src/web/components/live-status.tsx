// The header's indicator of the live stream: "Live" while it is connected (what is on the page is kept up to date),
// "Offline: retrying…" with the time to the next attempt while the stream is down, and a plain sentence when the
// service refused the key; nothing while it first connects. The status region holds only the state, so that a
// screen reader hears it change once, not every second of the countdown beside it.
import { useEffect, useState } from "react";
import type { LiveStatus as Status } from "../lib/live-stream";
import { useLiveStatus } from "../lib/live-updates";

function Countdown({ retryAt }: { retryAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.ceil((retryAt - now) / 1_000);
  // Left out on a phone, where the header has no room for it; the state itself is always shown.
  return <span className="hidden sm:inline">{seconds > 0 ? `next try in ${seconds} s` : "trying now"}</span>;
}

function words(status: Status): string {
  if (status.state === "offline") return "Offline: retrying…";
  if (status.state === "rejected") return "Live updates stopped: the API key was refused";
  if (status.state === "live") return "Live";
  return "";
}

export function LiveStatus() {
  const status = useLiveStatus();
  const text = words(status);
  if (status.state === "live")
    return (
      <div
        className="flex items-center gap-1.5 whitespace-nowrap text-xs font-medium text-emerald-800 dark:text-emerald-300"
        title="Changes show on this page as the service records them"
      >
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-600 dark:bg-emerald-400" />
        <span role="status" aria-label="Live updates">
          {text}
        </span>
      </div>
    );
  return (
    <div
      className={
        text
          ? "flex items-center gap-2 whitespace-nowrap rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          : "contents"
      }
    >
      {text ? <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" /> : null}
      <span role="status" aria-label="Live updates">
        {text}
      </span>
      {status.state === "offline" ? <Countdown retryAt={status.retryAt} /> : null}
    </div>
  );
}
