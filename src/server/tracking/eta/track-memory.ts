// Where ships bound for a port were, and how long they then took to get there: the memory that answers
// "ships here, heading this way, bound for Los Angeles, arrived 9.2 days later".
//
// It learns from ships that have arrived (their AIS fixes over the weeks before), so it knows each service's
// calls on the way, its usual stays and its usual waits without knowing any timetable.

import { DAY } from "../../../api/durations";
import { haversineNm } from "../../geo/spherical";

export interface TrackPoint {
  /** The ship's IMO number: a liner repeats its rotation, so its own earlier passes are the best guide. */
  vessel: string;
  lat: number;
  lon: number;
  /** Null while the ship lies still (at anchor or alongside), when its heading says nothing. */
  headingDegrees: number | null;
  /** From this fix to the ship's arrival at the port. */
  toArrivalMs: number;
}

export interface Similar {
  count: number;
  /** Whether the ship's own earlier passes chose them (ships that took about as long as it did). */
  ownPasses: boolean;
  medianMs: number;
  p10Ms: number;
  p90Ms: number;
}

/** Fixes within this distance and this much of the same heading are the same place on the same way. */
const NEAR_NM = 90;
const SAME_HEADING_DEGREES = 40;
const CELL_DEGREES = 2;
const WINDOW_MS = 120 * DAY;
const MIN_SIMILAR = 4;

interface Stored extends TrackPoint {
  arrivedAt: number;
}

const cellOf = (lat: number, lon: number) =>
  `${Math.floor(lat / CELL_DEGREES)}/${Math.floor(((((lon + 180) % 360) + 360) % 360) / CELL_DEGREES)}`;

function headingGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] as number;
}

export class TrackMemory {
  /** By port, then by grid cell. */
  readonly #byPort = new Map<string, Map<string, Stored[]>>();

  /** A fix of a ship that arrived at `port` at `arrivedAt`. */
  add(port: string, arrivedAt: number, point: TrackPoint): void {
    let cells = this.#byPort.get(port);
    if (!cells) {
      cells = new Map();
      this.#byPort.set(port, cells);
    }
    const key = cellOf(point.lat, point.lon);
    const list = cells.get(key) ?? [];
    list.push({ ...point, arrivedAt });
    cells.set(key, list);
  }

  /** How long ships seen near here, the same way, took to reach `port`, over arrivals before `now`. */
  similar(port: string, here: Omit<TrackPoint, "toArrivalMs">, now: number): Similar | null {
    const cells = this.#byPort.get(port);
    if (!cells) return null;
    const found: number[] = [];
    const own: number[] = [];
    const row = Math.floor(here.lat / CELL_DEGREES);
    const col = Math.floor(((((here.lon + 180) % 360) + 360) % 360) / CELL_DEGREES);
    const columns = 360 / CELL_DEGREES;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const p of cells.get(`${row + dr}/${(((col + dc) % columns) + columns) % columns}`) ?? []) {
          if (p.arrivedAt > now || p.arrivedAt <= now - WINDOW_MS) continue;
          if ((p.headingDegrees === null) !== (here.headingDegrees === null)) continue;
          if (p.headingDegrees !== null && here.headingDegrees !== null) {
            if (headingGap(p.headingDegrees, here.headingDegrees) > SAME_HEADING_DEGREES) continue;
          }
          if (haversineNm(p, here) > NEAR_NM) continue;
          found.push(p.toArrivalMs);
          if (p.vessel === here.vessel) own.push(p.toArrivalMs);
        }
      }
    }
    // The ship's own earlier passes follow its rotation; others passing here may call elsewhere on the way. Its
    // own passes pick, among all, the ships that took about as long (the same calls on the way), whose median is
    // steadier than one earlier voyage's own delays.
    let chosen: number[] | null = found.length >= MIN_SIMILAR ? found : null;
    if (own.length > 0) {
      own.sort((a, b) => a - b);
      const guide = quantile(own, 0.5);
      const alike = found.filter((t) => Math.abs(t - guide) <= 0.2 * guide + 12 * 3_600_000);
      chosen = alike.length >= MIN_SIMILAR ? alike : own;
    }
    if (!chosen) return null;
    chosen.sort((a, b) => a - b);
    return {
      count: chosen.length,
      ownPasses: own.length > 0,
      medianMs: quantile(chosen, 0.5),
      p10Ms: quantile(chosen, 0.1),
      p90Ms: quantile(chosen, 0.9),
    };
  }
}
