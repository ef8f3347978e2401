// Puts an AIS source's counters on /metrics: registered in the service's prom-client registry and read at each
// scrape, so the counting itself (ais-counters.ts) stays free of Prometheus.
import { Counter, type Registry } from "prom-client";
import type { AisCounters } from "./ais-counters";

export function registerAisMetrics(registry: Registry, counters: AisCounters): void {
  const registers = [registry];
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  total("boxtrack_ais_sentences_total", "Lines read from the AIS feed.", () => counters.sentences);
  total(
    "boxtrack_ais_malformed_total",
    "AIS lines dropped as malformed (not an !AIVDM/!AIVDO sentence, bad fields, payload too short).",
    () => counters.malformed,
  );
  total(
    "boxtrack_ais_bad_checksums_total",
    "AIS sentences dropped for a wrong checksum.",
    () => counters.badChecksums,
  );
  total(
    "boxtrack_ais_fragments_expired_total",
    "Multi-part AIS messages dropped because their fragments never all came (30 s).",
    () => counters.fragmentsExpired,
  );
  new Counter({
    name: "boxtrack_ais_messages_total",
    help: "Decoded AIS messages by message type.",
    labelNames: ["type"],
    registers,
    collect() {
      this.reset();
      for (const [type, n] of counters.messagesByType) this.inc({ type: String(type) }, n);
    },
  });
  new Counter({
    name: "boxtrack_ais_positions_total",
    help: "AIS position reports by outcome: matched (kept for a tracked vessel), unmatched (no tracked vessel or no position), duplicate, thinned, evicted (buffer full).",
    labelNames: ["outcome"],
    registers,
    collect() {
      this.reset();
      this.inc({ outcome: "matched" }, counters.positionsMatched);
      this.inc({ outcome: "unmatched" }, counters.positionsUnmatched);
      this.inc({ outcome: "duplicate" }, counters.positionsDuplicate);
      this.inc({ outcome: "thinned" }, counters.positionsThinned);
      this.inc({ outcome: "evicted" }, counters.positionsEvicted);
    },
  });
}
