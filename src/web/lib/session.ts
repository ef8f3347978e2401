// The signed-in session: the API key and API base address kept in localStorage, with change notifications.

export interface Session {
  apiKey: string;
  /** Origin (and optional path prefix) of the /v2 API, without a trailing slash. */
  baseUrl: string;
}

const KEY_STORAGE = "boxtrack.api-key";
const BASE_STORAGE = "boxtrack.api-base";

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (private mode, policies); the dashboard then keeps nothing.
    return undefined;
  }
}

/** This server's own origin: the default API base address. */
export function defaultBaseUrl(): string {
  return typeof window === "undefined" ? "" : window.location.origin;
}

/** Trims, drops trailing slashes, and accepts only http(s) addresses; undefined when unusable. */
export function normalizeBaseUrl(raw: string): string | undefined {
  const value = raw.trim();
  if (value === "") return defaultBaseUrl();
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  } catch {
    return undefined;
  }
}

let cached: Session | null | undefined;

export function getSession(): Session | null {
  if (cached !== undefined) return cached;
  const store = storage();
  const apiKey = store?.getItem(KEY_STORAGE) ?? null;
  cached = apiKey ? { apiKey, baseUrl: store?.getItem(BASE_STORAGE) || defaultBaseUrl() } : null;
  return cached;
}

export function saveSession(session: Session): void {
  const store = storage();
  store?.setItem(KEY_STORAGE, session.apiKey);
  if (session.baseUrl === defaultBaseUrl()) store?.removeItem(BASE_STORAGE);
  else store?.setItem(BASE_STORAGE, session.baseUrl);
  cached = session;
  notify();
}

/** Forgets the key (sign out, or the API said the key is no longer valid). The base address is kept. */
export function clearSession(): void {
  storage()?.removeItem(KEY_STORAGE);
  cached = null;
  notify();
}

/** The stored base address, for the sign-in form's "Advanced" field. */
export function storedBaseUrl(): string {
  return storage()?.getItem(BASE_STORAGE) || defaultBaseUrl();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  // Signing out in one tab signs out the others.
  window.addEventListener("storage", (event) => {
    if (event.key !== KEY_STORAGE && event.key !== BASE_STORAGE && event.key !== null) return;
    cached = undefined;
    notify();
  });
}
