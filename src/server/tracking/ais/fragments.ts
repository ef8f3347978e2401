// Puts multi-part AIS messages (type 5 spans two sentences) back together. Fragments are grouped by channel,
// sequence id and count, so that two messages interleaved on a feed (two receivers, two channels) do not mix;
// a group whose siblings have not all come within FRAGMENT_TTL_MS is dropped and counted, so a lost fragment
// never holds memory or spoils the next message.
import type { NmeaSentence } from "./nmea-sentence";

/** How long the first fragment of a message waits for the others (they follow within a second on a live feed). */
export const FRAGMENT_TTL_MS = 30_000;
/** Messages being assembled at once; past this the oldest is dropped (and counted) first. */
const MAX_OPEN_GROUPS = 1_000;

interface Group {
  startedAt: number;
  parts: (string | undefined)[];
  fillBits: number;
}

export type FragmentResult =
  | { kind: "complete"; payload: string; fillBits: number }
  | { kind: "waiting" }
  /** A fragment that contradicts its group (a repeated part number): the group is dropped and this one too. */
  | { kind: "inconsistent" };

export class FragmentAssembler {
  readonly #groups = new Map<string, Group>();
  /** Messages dropped before they were complete (expired, evicted or contradicted). */
  incomplete = 0;

  add(s: NmeaSentence, nowMs: number): FragmentResult {
    // Every line moves time on, so a fragment whose siblings never come expires while the feed flows.
    if (this.#groups.size > 0) this.expire(nowMs);
    if (s.fragmentCount === 1) return { kind: "complete", payload: s.payload, fillBits: s.fillBits };
    const key = `${s.kind}/${s.channel}/${s.sequenceId}/${s.fragmentCount}`;
    let group = this.#groups.get(key);
    if (group?.parts[s.fragmentNumber - 1] !== undefined) {
      // The same part again: the earlier message lost a sibling and a new one reuses its sequence id.
      this.#groups.delete(key);
      this.incomplete++;
      group = undefined;
    }
    if (!group) {
      if (s.fragmentNumber !== 1) {
        // A later fragment whose first one never came: nothing can complete it.
        this.incomplete++;
        return { kind: "inconsistent" };
      }
      if (this.#groups.size >= MAX_OPEN_GROUPS) this.#evictOldest();
      group = { startedAt: nowMs, parts: new Array(s.fragmentCount).fill(undefined), fillBits: 0 };
      this.#groups.set(key, group);
    }
    group.parts[s.fragmentNumber - 1] = s.payload;
    // The fill bits of a message are those of its last fragment.
    if (s.fragmentNumber === s.fragmentCount) group.fillBits = s.fillBits;
    if (group.parts.some((p) => p === undefined)) return { kind: "waiting" };
    this.#groups.delete(key);
    return { kind: "complete", payload: group.parts.join(""), fillBits: group.fillBits };
  }

  /** Drops the groups that have waited longer than FRAGMENT_TTL_MS; returns how many. */
  expire(nowMs: number): number {
    let expired = 0;
    for (const [key, group] of this.#groups) {
      if (nowMs - group.startedAt <= FRAGMENT_TTL_MS) continue;
      this.#groups.delete(key);
      expired++;
    }
    this.incomplete += expired;
    return expired;
  }

  get waiting(): number {
    return this.#groups.size;
  }

  #evictOldest(): void {
    const oldest = this.#groups.keys().next().value;
    if (oldest === undefined) return;
    this.#groups.delete(oldest);
    this.incomplete++;
  }
}
