// The AIS positions source: what the feed reported of the vessels the tracker follows, kept in memory until
// VesselTracker asks for it through positions() (the VesselPositionSource seam) and writes it with source `ais`.
//
// Matching: a report's MMSI names the vessel. An MMSI whose own static data (type 5) gave an IMO number is that
// vessel; otherwise the MMSI the vessels table holds for the IMO does. What a transponder says of itself wins over
// the table (MMSIs change when a ship changes flag), but the table is not rewritten from it: a misconfigured
// transponder would otherwise rename a row every account shares, and this source only reads (like every adapter).
//
// Only vessels the tracker asked about lately (DIRECTORY_TTL_MS) are kept (it asks for each tracked vessel every
// minute); the rest are counted and dropped. Kept reports are deduplicated (the same report heard by two
// receivers), thinned to one per THIN_MS unless the course turns by TURN_DEGREES or more, and bounded per vessel
// and overall, oldest dropped first. Vessels AIS has not heard get no positions: a real vessel's track is real or
// absent, never the sandbox's invention.

import { MINUTE } from "../../../api/durations";
import type { Db } from "../../db/connection";
import { vesselsByImo } from "../../db/vessel-tracking";
import type { CarrierVesselPosition, VesselPositionSource } from "../carrier-adapter";
import { isValidImo } from "../vessel-ids";
import type { AisCounters } from "./ais-counters";
import type { AisPositionReport, AisStaticData } from "./ais-messages";
import type { AisMessageSink } from "./nmea-reader";
import { reportTime } from "./report-time";

/** The map draws a week of a track from reports about ten minutes apart; five keeps every turn's shape. */
export const THIN_MS = 5 * MINUTE;
/** A course change this large keeps a report however soon it follows the last one. */
export const TURN_DEGREES = 15;
/** Two receivers' copies of one report arrive within this of each other. */
const DUPLICATE_MS = 30_000;
/**
 * How often the MMSIs of the wanted vessels are read again from the vessels table; a vessel the tracker (which
 * asks every minute) has not asked about during one such period is no longer tracked.
 */
const DIRECTORY_TTL_MS = 10 * MINUTE;
/** A day of reports at THIN_MS, for a tracker that stopped asking a while (a database outage). */
const MAX_REPORTS_PER_VESSEL = 300;
const MAX_REPORTS = 100_000;
/** MMSI → IMO pairs learned from static data; the oldest learned is forgotten first past this. */
const MAX_LEARNED = 50_000;

/** The MMSIs the vessels table holds for IMO numbers. */
export type VesselDirectory = (imos: string[]) => Promise<Map<string, string>>;

/** The directory read from the database. */
export function databaseDirectory(db: Db): VesselDirectory {
  return async (imos) => {
    const rows = await vesselsByImo(db, imos);
    return new Map(rows.filter((r) => r.mmsi.trim() !== "").map((r) => [r.imo, r.mmsi.trim()]));
  };
}

interface Kept {
  at: number;
  latitude: number;
  longitude: number;
  speedKnots: number | null;
  courseDegrees: number | null;
  headingDegrees: number | null;
}

export interface AisPositionsOptions {
  counters: AisCounters;
  directory: VesselDirectory;
  now: () => Date;
}

export class AisPositions implements VesselPositionSource, AisMessageSink {
  readonly source = "ais";
  readonly #counters: AisCounters;
  readonly #directory: VesselDirectory;
  readonly #now: () => Date;
  /** IMO → when the tracker last asked. */
  readonly #wanted = new Map<string, number>();
  /** From the vessels table: IMO → MMSI and back. */
  #mmsiOfImo = new Map<string, string>();
  #imoOfMmsi = new Map<string, string>();
  #directoryReadAt = Number.NEGATIVE_INFINITY;
  /** From type 5: MMSI → IMO, and IMO → the MMSI that announced it last. */
  readonly #learned = new Map<string, string>();
  readonly #learnedMmsi = new Map<string, string>();
  readonly #reports = new Map<string, Kept[]>();
  #total = 0;

  constructor(options: AisPositionsOptions) {
    this.#counters = options.counters;
    this.#directory = options.directory;
    this.#now = options.now;
  }

  async positions(imo: string, from: Date, to: Date): Promise<CarrierVesselPosition[]> {
    const now = this.#now().getTime();
    const isNew = !this.#wanted.has(imo);
    this.#wanted.set(imo, now);
    if (now - this.#directoryReadAt >= DIRECTORY_TTL_MS || now < this.#directoryReadAt) {
      // Vessels the tracker has not asked about since the last reading are no longer tracked.
      this.#forgetAskedBefore(this.#directoryReadAt);
      await this.#readDirectory(now, [...this.#wanted.keys()], true);
    } else if (isNew) await this.#readDirectory(this.#directoryReadAt, [imo], false);
    const kept = this.#reports.get(imo);
    if (!kept) return [];
    // What is at or before `from` is stored already (the tracker asks from its newest stored report).
    const stored = kept.findIndex((r) => r.at > from.getTime());
    const drop = stored < 0 ? kept.length : stored;
    if (drop > 0) {
      kept.splice(0, drop);
      this.#total -= drop;
    }
    return kept
      .filter((r) => r.at <= to.getTime())
      .map((r) => ({
        imo,
        at: new Date(r.at),
        latitude: r.latitude,
        longitude: r.longitude,
        speedKnots: r.speedKnots,
        headingDegrees: r.headingDegrees ?? r.courseDegrees,
      }));
  }

  position(report: AisPositionReport, receivedAt: Date): void {
    const counters = this.#counters;
    const imo = this.#imoOf(report.mmsi);
    if (
      report.latitude === null ||
      report.longitude === null ||
      imo === undefined ||
      !this.#wanted.has(imo)
    ) {
      counters.positionsUnmatched++;
      return;
    }
    const at = reportTime(receivedAt, report.utcSecond).getTime();
    let kept = this.#reports.get(imo);
    if (!kept) {
      kept = [];
      this.#reports.set(imo, kept);
    }
    const last = kept.at(-1);
    if (last && isDuplicate(last, report, at)) {
      counters.positionsDuplicate++;
      return;
    }
    if (last && (at <= last.at || (at - last.at < THIN_MS && !turned(last, report)))) {
      counters.positionsThinned++;
      return;
    }
    kept.push({
      at,
      latitude: report.latitude,
      longitude: report.longitude,
      speedKnots: report.speedKnots,
      courseDegrees: report.courseDegrees,
      headingDegrees: report.headingDegrees,
    });
    this.#total++;
    counters.positionsMatched++;
    if (kept.length > MAX_REPORTS_PER_VESSEL) this.#evict(kept);
    if (this.#total > MAX_REPORTS) this.#evictLargest();
  }

  staticData(data: AisStaticData): void {
    if (data.imo === null || !isValidImo(data.imo)) return;
    const before = this.#learned.get(data.mmsi);
    if (before === data.imo) return;
    if (before !== undefined && this.#learnedMmsi.get(before) === data.mmsi) this.#learnedMmsi.delete(before);
    this.#learned.delete(data.mmsi);
    if (this.#learned.size >= MAX_LEARNED) {
      const oldest = this.#learned.keys().next().value;
      if (oldest !== undefined) this.#learned.delete(oldest);
    }
    this.#learned.set(data.mmsi, data.imo);
    this.#learnedMmsi.set(data.imo, data.mmsi);
  }

  /** Reports held for vessels, waiting for the tracker. */
  get held(): number {
    return this.#total;
  }

  #imoOf(mmsi: string): string | undefined {
    const learned = this.#learned.get(mmsi);
    if (learned !== undefined) return learned;
    const imo = this.#imoOfMmsi.get(mmsi);
    // The table's MMSI no longer counts once the vessel's own transponder announced another one.
    if (imo === undefined || this.#learnedMmsi.has(imo)) return undefined;
    return imo;
  }

  async #readDirectory(readAt: number, imos: string[], replace: boolean): Promise<void> {
    this.#directoryReadAt = readAt;
    const mmsis = await this.#directory(imos);
    if (replace) {
      this.#mmsiOfImo = new Map();
      this.#imoOfMmsi = new Map();
    }
    for (const [imo, mmsi] of mmsis) {
      this.#mmsiOfImo.set(imo, mmsi);
      this.#imoOfMmsi.set(mmsi, imo);
    }
  }

  #forgetAskedBefore(time: number): void {
    for (const [imo, askedAt] of this.#wanted) {
      if (askedAt >= time) continue;
      this.#wanted.delete(imo);
      const kept = this.#reports.get(imo);
      if (kept) this.#total -= kept.length;
      this.#reports.delete(imo);
    }
  }

  #evict(kept: Kept[], count = 1): void {
    kept.splice(0, count);
    this.#total -= count;
    this.#counters.positionsEvicted += count;
  }

  /** The overall cap: the vessel holding the most gives up its oldest report. */
  #evictLargest(): void {
    let largest: Kept[] | undefined;
    for (const kept of this.#reports.values()) if (!largest || kept.length > largest.length) largest = kept;
    if (largest && largest.length > 0) this.#evict(largest);
  }
}

function isDuplicate(last: Kept, r: AisPositionReport, at: number): boolean {
  if (at === last.at) return true;
  return (
    Math.abs(at - last.at) <= DUPLICATE_MS &&
    r.latitude === last.latitude &&
    r.longitude === last.longitude &&
    r.speedKnots === last.speedKnots &&
    r.courseDegrees === last.courseDegrees
  );
}

/** Whether the course (over ground, else the heading) differs from the last kept report's by TURN_DEGREES. */
function turned(last: Kept, r: AisPositionReport): boolean {
  const before = last.courseDegrees ?? last.headingDegrees;
  const now = r.courseDegrees ?? r.headingDegrees;
  if (before === null || now === null) return false;
  const diff = Math.abs(before - now) % 360;
  return Math.min(diff, 360 - diff) >= TURN_DEGREES;
}
