// Who this tab is signed in as, and how its requests prove it. Two ways:
// - a person (the usual way): the service's HttpOnly session cookie, which no script here can read. The browser
//   keeps only a hint that it signed in (`boxtrack.signed-in`, not a credential) so that a page can go straight to
//   the app or to sign-in without asking the service first, and so that signing out in one tab signs out the others;
// - an API key (the advanced way, to point the dashboard at another /v2 server): kept in sessionStorage, for this
//   tab only, never in localStorage.
import { useSyncExternalStore } from "react";

export type Session =
  | { kind: "person" /** This server's own origin. */; baseUrl: string }
  | {
      kind: "key";
      apiKey: string;
      /** Origin (and optional path prefix) of the /v2 API, without a trailing slash. */
      baseUrl: string;
    };

const SIGNED_IN_HINT = "boxtrack.signed-in";
const KEY_STORAGE = "boxtrack.api-key";
const BASE_STORAGE = "boxtrack.api-base";

type Listener = () => void;
const listeners = new Set<Listener>();

function store(kind: "localStorage" | "sessionStorage"): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[kind];
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
  const tab = store("sessionStorage");
  const apiKey = tab?.getItem(KEY_STORAGE) ?? null;
  if (apiKey) cached = { kind: "key", apiKey, baseUrl: tab?.getItem(BASE_STORAGE) || defaultBaseUrl() };
  else if (store("localStorage")?.getItem(SIGNED_IN_HINT) === "1")
    cached = { kind: "person", baseUrl: defaultBaseUrl() };
  else cached = null;
  return cached;
}

/** Signed in as a person: the service set the session cookie. */
export function savePersonSession(): void {
  store("sessionStorage")?.removeItem(KEY_STORAGE);
  store("localStorage")?.setItem(SIGNED_IN_HINT, "1");
  cached = { kind: "person", baseUrl: defaultBaseUrl() };
  notify();
}

/** Signed in with an API key, for this tab only. */
export function saveKeySession(session: { apiKey: string; baseUrl: string }): void {
  const tab = store("sessionStorage");
  tab?.setItem(KEY_STORAGE, session.apiKey);
  if (session.baseUrl === defaultBaseUrl()) tab?.removeItem(BASE_STORAGE);
  else tab?.setItem(BASE_STORAGE, session.baseUrl);
  cached = { kind: "key", ...session };
  notify();
}

/** Forgets the session (sign out, or the API said it is no longer valid). The base address is kept. */
export function clearSession(): void {
  store("sessionStorage")?.removeItem(KEY_STORAGE);
  store("localStorage")?.removeItem(SIGNED_IN_HINT);
  cached = null;
  notify();
}

/** The base address this tab last used with a key, for the sign-in form's "Advanced" field. */
export function storedBaseUrl(): string {
  return store("sessionStorage")?.getItem(BASE_STORAGE) || defaultBaseUrl();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** This tab's session in a component, which renders again when it signs in or out (here or in another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

function notify() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  // Earlier versions kept the key in localStorage, where any script of the origin could read it: it goes.
  store("localStorage")?.removeItem(KEY_STORAGE);
  store("localStorage")?.removeItem(BASE_STORAGE);
  // Signing out in one tab signs out the others (a key session is the tab's own and stays).
  window.addEventListener("storage", (event) => {
    if (event.key !== SIGNED_IN_HINT && event.key !== null) return;
    cached = undefined;
    notify();
  });
}
