// The saved views this browser kept in localStorage before views moved to the account: on sign-in they are saved
// to the account once and the local copy removed. Each view leaves storage only once the account has it, so a
// failure midway loses nothing (the rest are moved at the next sign-in) and a view the account already has (an
// earlier, interrupted move, or another tab moving them at the same moment) is not saved twice. A local view whose
// name the account's view of that list already has, with another search, is saved as "name (this browser)".
import { z } from "zod";
import { SAVED_VIEW_LISTS, type SavedViewList, VIEW_NAME_MAX } from "../../api/saved-views";
import { ApiError } from "./api-client";

/** Where views were kept, in the last shape they were kept in. */
export const LOCAL_VIEWS_STORAGE_KEY = "boxtrack.saved-views.v1";

const localViewSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(VIEW_NAME_MAX),
  list: z.enum(SAVED_VIEW_LISTS),
  search: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  saved_at: z.string(),
});
export type LocalView = z.infer<typeof localViewSchema>;

/** The views a stored value holds: each one that reads as a view, in stored order; nothing from anything else. */
export function parseLocalViews(raw: string | null): LocalView[] {
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
  const result: LocalView[] = [];
  for (const item of views.data.views) {
    const view = localViewSchema.safeParse(item);
    if (view.success && !seen.has(view.data.id)) {
      seen.add(view.data.id);
      result.push(view.data);
    }
  }
  return result;
}

/** A view as the account keeps it, for comparing. */
export interface AccountView {
  name: string;
  list: SavedViewList;
  search: Record<string, string>;
}

/** What the move needs of the API: the account's views, and saving one. */
export interface SavedViewsApi {
  list(): Promise<AccountView[]>;
  create(view: AccountView): Promise<void>;
}

/** The search as the account keeps it: text values, without the page, its size, or empty values. */
function accountSearchOf(search: LocalView["search"]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === "page" || key === "size") continue;
    const text = String(value).trim();
    if (text !== "") kept[key] = text;
  }
  return kept;
}

const sameSearch = (a: Record<string, string>, b: Record<string, string>) => {
  const key = (s: Record<string, string>) =>
    JSON.stringify(Object.entries(s).sort(([x], [y]) => x.localeCompare(y)));
  return key(a) === key(b);
};
const named = (views: AccountView[], list: SavedViewList, name: string) =>
  views.filter((v) => v.list === list && v.name.trim().toLowerCase() === name.trim().toLowerCase());

/** A name of the list the account does not have yet: "LFD soon (this browser)", then "(this browser 2)", … */
function freeName(views: AccountView[], list: SavedViewList, name: string): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (this browser)" : ` (this browser ${n})`;
    const candidate = `${name.slice(0, VIEW_NAME_MAX - suffix.length).trim()}${suffix}`;
    if (named(views, list, candidate).length === 0) return candidate;
  }
}

export interface MoveOutcome {
  moved: number;
  /** How many views are still in this browser. */
  left: number;
  /** Views left in this browser, each with why (the API's words), to be tried again at the next sign-in. */
  kept: { view: LocalView; reason: string }[];
}

/** Moves the views in `store` to the account through `api`, removing each from `store` once the account has it. */
export async function moveLocalViews(api: SavedViewsApi, store: Storage): Promise<MoveOutcome> {
  const outcome: MoveOutcome = { moved: 0, left: 0, kept: [] };
  const raw = store.getItem(LOCAL_VIEWS_STORAGE_KEY);
  if (raw === null) return outcome;
  let remaining = parseLocalViews(raw);
  const write = () => {
    if (remaining.length === 0) store.removeItem(LOCAL_VIEWS_STORAGE_KEY);
    else store.setItem(LOCAL_VIEWS_STORAGE_KEY, JSON.stringify({ views: remaining }));
  };
  if (remaining.length === 0) {
    // Nothing in it reads as a view: nothing to keep.
    write();
    return outcome;
  }
  const account = await api.list();
  for (const view of [...remaining]) {
    const search = accountSearchOf(view.search);
    const clashes = named(account, view.list, view.name);
    const already = clashes.some((v) => sameSearch(v.search, search));
    if (!already) {
      const moving: AccountView = {
        name: clashes.length > 0 ? freeName(account, view.list, view.name) : view.name.trim(),
        list: view.list,
        search,
      };
      try {
        await api.create(moving);
        account.push(moving);
        outcome.moved += 1;
      } catch (error) {
        // The API refused it (a search it does not accept, the account's limit) or could not be reached: it
        // stays here, and is tried again next time.
        if (!(error instanceof Error)) throw error;
        outcome.kept.push({ view, reason: error.message });
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) break;
        continue;
      }
    }
    remaining = remaining.filter((v) => v.id !== view.id);
    write();
  }
  outcome.left = remaining.length;
  return outcome;
}
