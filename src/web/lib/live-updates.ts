// Live updates for a signed-in tab: opens the one stream connection (live-stream.ts) while a session exists,
// turns its events into invalidations of exactly the queries they touch (live-keys.ts), a burst at a time
// (live-batch.ts), and keeps what the UI shows about it: the connection's state for the header's indicator, and the
// rows that changed since the person looked at them, for the tables to mark.
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
/**
 * The rows a live update changed since the person last looked at them: marked until they open the row's page or
 * say "Mark as seen" (seeing a change is the person's, not a timer's: one that came while they were away from the
 * screen still shows when they return). Kept for the tab, in memory.
 */
const changed = store<Record<ChangedKind, ReadonlySet<string>>>({
  container: EMPTY,
  shipment: EMPTY,
  tracking_request: EMPTY,
});

/** Marks rows as changed: called once their new data has been fetched, so the mark and the change agree. */
export function markChanged(ids: ChangedIds) {
  const next = { ...changed.get() };
  let any = false;
  for (const kind of Object.keys(next) as ChangedKind[]) {
    const fresh = ids[kind].filter((id) => !next[kind].has(id));
    if (fresh.length === 0) continue;
    next[kind] = new Set([...next[kind], ...fresh]);
    any = true;
  }
  if (any) changed.set(next);
}

/** The person has looked at these rows (opened one's page, or marked a list's as seen): their marks go. */
export function markSeen(kind: ChangedKind, ids: Iterable<string>) {
  const current = changed.get()[kind];
  const left = new Set(current);
  for (const id of ids) left.delete(id);
  if (left.size === current.size) return;
  changed.set({ ...changed.get(), [kind]: left.size === 0 ? EMPTY : left });
}

/** Clears the mark of the row whose page is open, while it is (a change that comes meanwhile is seen there). */
export function useSeenWhileOpen(kind: ChangedKind, id: string) {
  const marked = useChangedIds(kind).has(id);
  useEffect(() => {
    if (marked) markSeen(kind, [id]);
  }, [kind, id, marked]);
}

/** The ids of this kind changed since last looked at, as they stand now (useChangedIds for components). */
export function changedIdsNow(kind: ChangedKind): ReadonlySet<string> {
  return changed.get()[kind];
}

/** The ids of this kind a live event changed since the person looked (the same set until that changes). */
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
