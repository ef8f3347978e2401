// The containers list's last search (filters, sort, page), kept for this tab, so that "← Containers" on a container
// page goes back to the list as the user left it, as the browser's back button does.
import type { ContainersSearch } from "./search";

const KEY = "boxtrack.containers-list-search";

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberContainersSearch(search: ContainersSearch): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(search));
  } catch {
    // Nothing kept: the link then opens the list's first page.
  }
}

/** The last search, unchecked: the list's route validates it like any address. */
export function rememberedContainersSearch(): Partial<ContainersSearch> {
  try {
    const raw = storage()?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Partial<ContainersSearch>) : {};
  } catch {
    return {};
  }
}
