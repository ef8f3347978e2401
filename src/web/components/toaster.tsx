// Toasts for things that fail in the background (a refetch, a mutation): a small store and the live region.
import { useSyncExternalStore } from "react";

export interface Toast {
  id: number;
  kind: "error" | "success";
  title: string;
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const DISMISS_AFTER_MS = 8_000;

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, "id">): void {
  // The same failure repeated (a refetch failing every minute) is shown once.
  if (toasts.some((t) => t.title === toast.title && t.message === toast.message)) return;
  const id = nextId++;
  toasts = [...toasts.slice(-3), { ...toast, id }];
  emit();
  setTimeout(() => dismissToast(id), DISMISS_AFTER_MS);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    // Above everything on the page, maps included: Leaflet's panes and controls go up to z-index 1000, and a map
    // that is not isolated (map.css isolates ours) would otherwise cover the toast and swallow its clicks.
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[1100] flex max-w-sm flex-col gap-2 sm:left-auto sm:w-full"
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {current.map((toast) => (
          <div
            key={toast.id}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 shadow-lg ${
              toast.kind === "error"
                ? "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
                : "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">{toast.title}</p>
              <p className="text-sm opacity-90">{toast.message}</p>
            </div>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="rounded px-1.5 text-lg leading-none opacity-70 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
