// Saved views kept in this browser's localStorage, for a server that keeps none (the hosted API has no
// /v2/saved_views): the same key and shape the dashboard used before the account kept views, so views saved then
// are still there, and are the ones moved should the server start keeping views. Saving under a list's name that a
// view already has (any case) replaces that view, keeping its id, as the account does.
import { savedViewNameSchema } from "../../api/saved-views";
import { LOCAL_VIEWS_STORAGE_KEY, type LocalView, parseLocalViews } from "./local-saved-views";

export interface BrowserViewInput {
  name: string;
  list: LocalView["list"];
  search: Record<string, string>;
}

/** This browser's views, in stored order (whatever does not read as a view is left out). */
export function readBrowserViews(store: Storage): LocalView[] {
  return parseLocalViews(store.getItem(LOCAL_VIEWS_STORAGE_KEY));
}

function write(store: Storage, views: LocalView[]): void {
  try {
    store.setItem(LOCAL_VIEWS_STORAGE_KEY, JSON.stringify({ views }));
  } catch {
    // Said in words the user can act on; the view shown at once is then taken back.
    throw new Error("This browser did not keep the view: its storage is full or turned off for this site.");
  }
}

/** The name as the account would keep it (trimmed, 1 to 60 characters), or the account's words for why not. */
function validName(name: string): string {
  const parsed = savedViewNameSchema.safeParse(name);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "The view's name is not valid.");
  return parsed.data;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Saves the view, replacing the list's view of that name (any case) in its place; returns what was kept. */
export function saveBrowserView(
  store: Storage,
  input: BrowserViewInput,
  now: Date = new Date(),
  newId: () => string = randomId,
): LocalView {
  const name = validName(input.name);
  const views = readBrowserViews(store);
  const existing = views.findIndex((v) => v.list === input.list && sameName(v.name, name));
  const view: LocalView = {
    id: views[existing]?.id ?? newId(),
    name,
    list: input.list,
    search: { ...input.search },
    saved_at: now.toISOString(),
  };
  if (existing >= 0) views[existing] = view;
  else views.push(view);
  write(store, views);
  return view;
}

/** Renames the view; a view this browser no longer has (deleted in another tab) is not brought back. */
export function renameBrowserView(store: Storage, id: string, name: string): void {
  const trimmed = validName(name);
  const views = readBrowserViews(store);
  const view = views.find((v) => v.id === id);
  if (!view) return;
  const clash = views.find((v) => v.id !== id && v.list === view.list && sameName(v.name, trimmed));
  // The account's rule and words: one view of a name per list.
  if (clash) {
    throw new Error(
      `The ${view.list} list already has a view named “${clash.name}”; choose another name, or change that view.`,
    );
  }
  write(
    store,
    views.map((v) => (v.id === id ? { ...v, name: trimmed } : v)),
  );
}

export function deleteBrowserView(store: Storage, id: string): void {
  const views = readBrowserViews(store);
  const kept = views.filter((v) => v.id !== id);
  if (kept.length === views.length) return;
  if (kept.length === 0) store.removeItem(LOCAL_VIEWS_STORAGE_KEY);
  else write(store, kept);
}

function randomId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
