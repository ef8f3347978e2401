// Records the AIS track of every vessel named on a tracked shipment. Which vessels those are costs a join over
// the raw events of every tracked container, so the set is read from the database at most once a minute; in
// between, vessels that this engine writes onto shipments join it at once. Positions are written in bulk.

import { MINUTE } from "../../api/durations";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import {
  latestReportTimes,
  type PositionInsert,
  trackedVessels,
  writePositions,
} from "../db/vessel-tracking";
import type { CarrierVesselPosition, VesselPositionSource } from "./carrier-adapter";

/** How often positions are recorded, and how old the set of tracked vessels may get. */
export const VESSEL_POSITIONS_INTERVAL_MS = MINUTE;
/** Vessel tracks are kept from this far back when a vessel is first seen. */
const POSITION_HISTORY_MS = 7 * 24 * 60 * MINUTE;
/**
 * Positions written per transaction. On the embedded database a write holds the database's one turn for its whole
 * length, and requests wait behind it: 10,000 positions (the weeks that new shipments' vessels bring) held it for
 * 210-300 ms, 2,000 hold it for 80-90 ms (500 would halve that again but took twice as long in all).
 */
const POSITIONS_PER_WRITE = 2_000;

export class VesselTracker {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #source: VesselPositionSource;
  /** Tracked vessels, id to IMO. */
  #tracked = new Map<string, string>();
  #loadedAt: number | null = null;
  #recordedAt: number | null = null;
  /** A vessel joined the set since positions were last recorded. */
  #joined = false;

  readonly #perWrite: number;

  constructor(db: Db, clock: Clock, source: VesselPositionSource, positionsPerWrite = POSITIONS_PER_WRITE) {
    this.#db = db;
    this.#clock = clock;
    this.#source = source;
    this.#perWrite = positionsPerWrite;
  }

  /** Vessels just written onto tracked shipments: their positions are recorded on the next pass. */
  note(list: { id: string; imo: string }[]): void {
    for (const v of list) {
      if (this.#tracked.has(v.id)) continue;
      this.#tracked.set(v.id, v.imo);
      this.#joined = true;
    }
  }

  /** Records positions when a minute has passed since the last time, or a vessel joined; else does nothing. */
  async recordIfDue(): Promise<number> {
    const now = this.#clock.now().getTime();
    const due =
      this.#recordedAt === null ||
      this.#joined ||
      now - this.#recordedAt >= VESSEL_POSITIONS_INTERVAL_MS ||
      now < this.#recordedAt;
    return due ? this.record() : 0;
  }

  /**
   * Records every tracked vessel's reports from the last one stored (or a week back for a vessel seen for the
   * first time) up to now, and keeps each vessel's latest position on its row. Returns how many it recorded.
   */
  async record(): Promise<number> {
    const now = this.#clock.now();
    const at = now.getTime();
    if (
      this.#loadedAt === null ||
      at - this.#loadedAt >= VESSEL_POSITIONS_INTERVAL_MS ||
      at < this.#loadedAt
    ) {
      this.#tracked = await trackedVessels(this.#db);
      this.#loadedAt = at;
    }
    this.#recordedAt = at;
    this.#joined = false;
    if (this.#tracked.size === 0) return 0;
    const source = this.#source.source ?? "sandbox";

    const since = await latestReportTimes(this.#db, [...this.#tracked.keys()]);

    let recorded = 0;
    let rows: PositionInsert[] = [];
    let lasts: CarrierVesselPosition[] = [];
    let lastIds: string[] = [];
    // Each vessel's reports are in time order and slices are written in order, so a pass cut between two slices
    // resumes where the stored track ends (`since`); the vessels' latest positions go with the last slice.
    const flush = async () => {
      if (rows.length === 0) return;
      const [batch, batchLasts, batchIds] = [rows, lasts, lastIds];
      rows = [];
      lasts = [];
      lastIds = [];
      for (let start = 0; start + this.#perWrite < batch.length; start += this.#perWrite) {
        await writePositions(this.#db, batch.slice(start, start + this.#perWrite), []);
        recorded += this.#perWrite;
      }
      const rest = batch.slice(Math.floor((batch.length - 1) / this.#perWrite) * this.#perWrite);
      await writePositions(
        this.#db,
        rest,
        batchLasts.map((p, i) => ({
          id: batchIds[i]!,
          latitude: p.latitude,
          longitude: p.longitude,
          speedKnots: p.speedKnots,
          headingDegrees: p.headingDegrees,
          positionAt: p.at,
        })),
      );
      recorded += rest.length;
    };
    for (const [id, imo] of this.#tracked) {
      const from = since.get(id) ?? new Date(at - POSITION_HISTORY_MS);
      if (from.getTime() >= at) continue;
      const reports = await this.#source.positions(imo, from, now);
      if (reports.length === 0) continue;
      for (const p of reports) {
        rows.push({
          vesselId: id,
          timestamp: p.at,
          latitude: p.latitude,
          longitude: p.longitude,
          speedKnots: p.speedKnots,
          headingDegrees: p.headingDegrees,
          source,
        });
      }
      lasts.push(reports.at(-1)!);
      lastIds.push(id);
      if (rows.length >= this.#perWrite) await flush();
    }
    await flush();
    return recorded;
  }
}
