// What an AIS feed has brought, counted since the source started: read by /metrics (ais-metrics.ts) and logged
// once a minute, so that an operator can tell a quiet feed from a broken one.

export class AisCounters {
  /** Lines read from the feed, whatever they held. */
  sentences = 0;
  /** Lines that are not a well-formed `!AIVDM`/`!AIVDO` sentence, or whose payload is too short for its type. */
  malformed = 0;
  badChecksums = 0;
  /** Multi-part messages dropped before all their fragments came (expired, orphaned or contradicted). */
  fragmentsExpired = 0;
  /** Decoded messages by AIS message type (types this source does not use included). */
  readonly messagesByType = new Map<number, number>();
  /** Position reports kept for a vessel the tracker follows. */
  positionsMatched = 0;
  /** Position reports of vessels nobody tracks (or without a position): dropped. */
  positionsUnmatched = 0;
  /** Position reports dropped as the same report heard twice (two receivers) or too close to the last one kept. */
  positionsDuplicate = 0;
  positionsThinned = 0;
  /** Reports dropped from a full buffer before the tracker asked for them. */
  positionsEvicted = 0;

  message(type: number): void {
    this.messagesByType.set(type, (this.messagesByType.get(type) ?? 0) + 1);
  }

  /** A plain copy, for logs and tests. */
  snapshot(): Record<string, number | Record<string, number>> {
    return {
      sentences: this.sentences,
      malformed: this.malformed,
      badChecksums: this.badChecksums,
      fragmentsExpired: this.fragmentsExpired,
      messagesByType: Object.fromEntries([...this.messagesByType].map(([t, n]) => [String(t), n])),
      positionsMatched: this.positionsMatched,
      positionsUnmatched: this.positionsUnmatched,
      positionsDuplicate: this.positionsDuplicate,
      positionsThinned: this.positionsThinned,
      positionsEvicted: this.positionsEvicted,
    };
  }
}
