// Live updates for a signed-in tab: opens the one stream connection (live-stream.ts) while a session exists,
// turns its events into invalidations of exactly the queries they touch (live-keys.ts), a burst at a time
// (live-batch.ts), and keeps what the UI shows about it: the connection's state for the header's indicator, and the
// rows that changed a moment ago, for the tables to highlight.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { createBatcher } from "./live-batch";
import {
  type ChangedIds,
  type ChangedKind,
  touchedBy,
  touchedByMissedEvents,
  touchedByVesselPositions,
} from "./live-keys";
import { type LiveStatus, openLiveStream } from "./live-stream";
import type { Session } from "./session";

/** How long a changed row stays highlighted (its CSS fades it out over this time). */
export const HIGHLIGHT_MS = 4_000;

type Listener = () => void;

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const status = store<LiveStatus>({ state: "closed" });

/** The stream connection's state, for the header's indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(status.subscribe, status.get, status.get);
}

const EMPTY: ReadonlySet<string> = new Set();
const changedUntil: Record<ChangedKind, Map<string, number>> = {
  container: new Map(),
  shipment: new Map(),
  tracking_request: new Map(),
};
const changed = store<Record<ChangedKind, ReadonlySet<string>>>({
  container: EMPTY,
  shipment: EMPTY,
  tracking_request: EMPTY,
});
let expiryTimer: ReturnType<typeof setTimeout> | null = null;

/** Drops the highlights whose time is up, publishes the rest, and wakes up again when the next one ends. */
function publishChanged(now = Date.now()) {
  if (expiryTimer !== null) clearTimeout(expiryTimer);
  expiryTimer = null;
  let next = Number.POSITIVE_INFINITY;
  const snapshot = { ...changed.get() };
  for (const kind of Object.keys(changedUntil) as ChangedKind[]) {
    const until = changedUntil[kind];
    const before = until.size;
    for (const [id, at] of until) {
      if (at <= now) until.delete(id);
      else next = Math.min(next, at);
    }
    if (before !== until.size || snapshot[kind].size !== until.size) {
      snapshot[kind] = until.size === 0 ? EMPTY : new Set(until.keys());
    }
  }
  changed.set(snapshot);
  if (next !== Number.POSITIVE_INFINITY) expiryTimer = setTimeout(() => publishChanged(), next - now);
}

/** Marks rows as changed now: called once their new data has been fetched, so the highlight and the change agree. */
export function markChanged(ids: ChangedIds, now = Date.now()) {
  for (const kind of Object.keys(changedUntil) as ChangedKind[]) {
    for (const id of ids[kind]) changedUntil[kind].set(id, now + HIGHLIGHT_MS);
  }
  publishChanged(now);
}

/** The ids of this kind changed a moment ago, as they stand now (useChangedIds for components). */
export function changedIdsNow(kind: ChangedKind): ReadonlySet<string> {
  return changed.get()[kind];
}

/** The ids of this kind changed by a live event in the last few seconds (the same set until that changes). */
export function useChangedIds(kind: ChangedKind): ReadonlySet<string> {
  return useSyncExternalStore(
    changed.subscribe,
    () => changedIdsNow(kind),
    () => EMPTY,
  );
}

/** Connects the tab's query cache to the stream of the session's account; returns the disconnect. */
export function connectLiveUpdates(queryClient: QueryClient, session: Session): () => void {
  const batcher = createBatcher({
    flush: async ({ keys, changed: ids }) => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      markChanged(ids);
    },
  });
  const stream = openLiveStream({
    session,
    onEvent(event) {
      const touched = touchedBy(event);
      batcher.add(touched.keys, touched.changed);
    },
    onVesselPositions: () => batcher.add(touchedByVesselPositions()),
    onReady(ready, reconnected) {
      // The first connection follows the first fetches; after a drop the log may not reach back far enough.
      if (reconnected && !ready.resumed) batcher.add(touchedByMissedEvents());
    },
    onStatus: status.set,
  });
  return () => {
    stream.close();
    batcher.cancel();
  };
}

/** The signed-in frame's one stream: opened for the session, reopened for another key, closed on sign-out. */
export function useLiveUpdates(session: Session | null) {
  const queryClient = useQueryClient();
  const kind = session?.kind;
  const apiKey = session?.kind === "key" ? session.apiKey : undefined;
  const baseUrl = session?.baseUrl;
  useEffect(() => {
    if (kind === undefined || baseUrl === undefined) return;
    const current: Session =
      kind === "key" && apiKey !== undefined ? { kind, apiKey, baseUrl } : { kind: "person", baseUrl };
    return connectLiveUpdates(queryClient, current);
  }, [queryClient, kind, apiKey, baseUrl]);
}
