// The navigation pending indicator: a thin bar at the top while the router loads the next page.
import { useRouterState } from "@tanstack/react-router";

export function PendingBar() {
  const pending = useRouterState({ select: (state) => state.status === "pending" });
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden transition-opacity duration-300 ${
        pending ? "opacity-100 delay-150" : "opacity-0"
      }`}
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!pending}
    >
      <div className="h-full w-1/3 animate-[pending_1.1s_ease-in-out_infinite] bg-sky-500" />
    </div>
  );
}
