// Saved views: a list's filters, sort and visible columns under a name the user chose, kept in this browser
// (localStorage, under a versioned key) and offered in the navigation. What is stored is the list's URL search, so a
// view opens exactly as it was saved; whatever in storage does not read as a view (another version, a hand edit)
// is left out, never an error.
import { useSyncExternalStore } from "react";
import { z } from "zod";

/** Bump when the stored shape changes; views under an older key are then not read (and stay where they are). */
export const SAVED_VIEWS_STORAGE_KEY = "boxtrack.saved-views.v1";
export const VIEW_NAME_MAX = 60;

export const SAVED_VIEW_LISTS = ["containers", "shipments"] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Where each list lives, and its name in words: a view opens its own list. */
export const SAVED_VIEW_LIST_PATHS = { containers: "/containers", shipments: "/shipments" } as const;
export const SAVED_VIEW_LIST_NAMES: Record<SavedViewList, string> = {
  containers: "Containers",
  shipments: "Shipments",
};

const viewSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(VIEW_NAME_MAX),
  list: z.enum(SAVED_VIEW_LISTS),
  /** The list's URL search (filters, sort, columns, text search), as the route reads it. */
  search: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  saved_at: z.string(),
});
export type SavedView = z.infer<typeof viewSchema>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: readonly SavedView[] | undefined;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The views a stored value holds: each one that reads as a view, in stored order; nothing from anything else. */
export function parseSavedViews(raw: string | null): SavedView[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const views = z.object({ views: z.array(z.unknown()) }).safeParse(parsed);
  if (!views.success) return [];
  const seen = new Set<string>();
  const result: SavedView[] = [];
  for (const item of views.data.views) {
    const view = viewSchema.safeParse(item);
    if (view.success && !seen.has(view.data.id)) {
      seen.add(view.data.id);
      result.push(view.data);
    }
  }
  return result;
}

/** Every saved view, the same array until one changes (a snapshot for useSyncExternalStore). */
export function savedViews(): readonly SavedView[] {
  cached ??= parseSavedViews(storage()?.getItem(SAVED_VIEWS_STORAGE_KEY) ?? null);
  return cached;
}

function write(views: SavedView[]): void {
  cached = views;
  try {
    storage()?.setItem(SAVED_VIEWS_STORAGE_KEY, JSON.stringify({ views }));
  } catch {
    // Storage full or disabled: the views last for this page's life.
  }
  for (const listener of listeners) listener();
}

export function subscribeSavedViews(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab saved or deleted a view.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SAVED_VIEWS_STORAGE_KEY && event.key !== null) return;
    cached = undefined;
    listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Saves the list's search under a name; a view of that list with the same name (any case) is replaced, keeping its
 * place. Throws on an empty or too long name (the form says so first).
 */
export function saveView(
  input: { name: string; list: SavedViewList; search: SavedView["search"] },
  now: Date = new Date(),
): SavedView {
  const views = [...savedViews()];
  const existing = views.findIndex((v) => v.list === input.list && sameName(v.name, input.name));
  const view = viewSchema.parse({
    id: existing >= 0 ? views[existing]!.id : newId(),
    name: input.name,
    list: input.list,
    search: input.search,
    saved_at: now.toISOString(),
  });
  if (existing >= 0) views[existing] = view;
  else views.push(view);
  write(views);
  return view;
}

export function renameView(id: string, name: string): void {
  const trimmed = viewSchema.shape.name.parse(name);
  write(savedViews().map((v) => (v.id === id ? { ...v, name: trimmed } : v)));
}

export function deleteView(id: string): void {
  write(savedViews().filter((v) => v.id !== id));
}

/** The view whose search is this one, if any: a list opened from a view, or one that happens to match it. */
export function viewMatching(
  list: SavedViewList,
  search: Readonly<Record<string, unknown>>,
): SavedView | undefined {
  const key = (s: Readonly<Record<string, unknown>>) =>
    JSON.stringify(
      Object.entries(s)
        .filter(([, v]) => v !== undefined && v !== "")
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const wanted = key(search);
  return savedViews().find((v) => v.list === list && key(v.search) === wanted);
}

/**
 * What a view keeps of a list's URL search: its text search, filters, sort and columns, not where it is (the page)
 * nor how long a page is; values left empty are left out.
 */
export function viewSearchOf(search: Readonly<Record<string, unknown>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === "page" || key === "size") continue;
    if (typeof value === "string" && value !== "") kept[key] = value;
  }
  return kept;
}

/** Every saved view, re-rendering when one is saved, renamed or deleted (here or in another tab). */
export function useSavedViews(): readonly SavedView[] {
  return useSyncExternalStore(subscribeSavedViews, savedViews, savedViews);
}

/** The saved view a list's URL search shows, if any (its name heads the page and names its export). */
export function useCurrentView(
  list: SavedViewList,
  search: Readonly<Record<string, unknown>>,
): SavedView | undefined {
  // Subscribed, so that a view saved or renamed here or in another tab renames the page at once.
  useSavedViews();
  return viewMatching(list, viewSearchOf(search));
}

function newId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Forgets the cached views (tests, which swap the storage underneath). */
export function resetSavedViewsCache(): void {
  cached = undefined;
}
