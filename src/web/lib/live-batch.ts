// Coalesces the live stream's invalidations: the tracking engine records many events at once (a vessel's arrival
// touches every container aboard), and each would otherwise refetch the same lists again. Keys gathered within a
// short window are refreshed once, each key once, and a key under another gathered key not at all. The window
// closes once the stream has been quiet for a moment (a burst arrives in one read of the service's log, so its
// events come together) and at the latest COALESCE_MS after its first event.
import type { QueryKey } from "@tanstack/react-query";
import type { ChangedIds } from "./live-keys";

/** The longest a burst's first event waits for its invalidations to be sent. */
export const COALESCE_MS = 200;
/** The quiet after an event that ends a burst early. */
export const QUIET_MS = 50;

export interface Batch {
  keys: QueryKey[];
  changed: ChangedIds;
}

export interface BatcherOptions {
  /** Refreshes the keys (invalidateQueries); resolves when what is on screen was fetched again. */
  flush(batch: Batch): Promise<void> | void;
  windowMs?: number;
  quietMs?: number;
  setTimer?(run: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

const isPrefix = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** The keys without repeats and without any key that a shorter one among them already covers. */
export function coveringKeys(keys: readonly QueryKey[]): QueryKey[] {
  const unique = new Map(keys.map((key) => [JSON.stringify(key), key]));
  const sorted = [...unique.values()].sort((a, b) => a.length - b.length);
  const kept: QueryKey[] = [];
  for (const key of sorted) if (!kept.some((k) => isPrefix(k, key))) kept.push(key);
  return kept;
}

export function createBatcher(options: BatcherOptions) {
  const windowMs = options.windowMs ?? COALESCE_MS;
  const quietMs = options.quietMs ?? QUIET_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let keys: QueryKey[] = [];
  let changed: ChangedIds = { container: [], shipment: [], tracking_request: [] };
  let timer: unknown = null;
  /** When the burst's first event came: its invalidations are not held back longer than the window from then. */
  let firstAt = 0;

  const flush = () => {
    timer = null;
    const batch: Batch = {
      // The most specific first: what a page shows (a container) is asked for before the lists around it.
      keys: coveringKeys(keys).reverse(),
      changed: {
        container: [...new Set(changed.container)],
        shipment: [...new Set(changed.shipment)],
        tracking_request: [...new Set(changed.tracking_request)],
      },
    };
    keys = [];
    changed = { container: [], shipment: [], tracking_request: [] };
    if (batch.keys.length > 0) void options.flush(batch);
  };

  return {
    add(more: readonly QueryKey[], moreChanged?: ChangedIds) {
      keys.push(...more);
      if (moreChanged) {
        changed.container.push(...moreChanged.container);
        changed.shipment.push(...moreChanged.shipment);
        changed.tracking_request.push(...moreChanged.tracking_request);
      }
      // A steady trickle must not hold refreshes back for ever: never later than the window after the first event.
      const now = Date.now();
      if (timer === null) firstAt = now;
      else clearTimer(timer);
      timer = setTimer(flush, Math.max(0, Math.min(quietMs, firstAt + windowMs - now)));
    },
    /** Drops what was gathered (the tab signed out). */
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      keys = [];
      changed = { container: [], shipment: [], tracking_request: [] };
    },
  };
}
export type Batcher = ReturnType<typeof createBatcher>;
