// Where ships bound for a port were, and how long they then took to get there: the memory that answers
// "ships here, heading this way, bound for Los Angeles, arrived 9.2 days later".
//
// It learns from ships that have arrived (their AIS fixes over the weeks before), so it knows each service's
// calls on the way, its usual stays and its usual waits without knowing any timetable.

import { DAY, HOUR } from "../../../api/durations";
import { haversineNm } from "../../geo/spherical";
import { type Spread, spreadOf } from "./spread";

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

export interface Similar extends Spread {
  /** Whether the ship's own earlier passes chose them (ships that took about as long as it did). */
  ownPasses: boolean;
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

const COLUMNS = 360 / CELL_DEGREES;
const rowOf = (lat: number) => Math.floor(lat / CELL_DEGREES);
/** Columns wrap at the antimeridian, so that a cell's neighbours across it are found. */
const colOf = (lon: number) => ((Math.floor((lon + 180) / CELL_DEGREES) % COLUMNS) + COLUMNS) % COLUMNS;
const cellKey = (row: number, col: number) => `${row}/${((col % COLUMNS) + COLUMNS) % COLUMNS}`;

function headingGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
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
    const key = cellKey(rowOf(point.lat), colOf(point.lon));
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
    const row = rowOf(here.lat);
    const col = colOf(here.lon);
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const p of cells.get(cellKey(row + dr, col + dc)) ?? []) {
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
      const guide = spreadOf(own).medianMs;
      const alike = found.filter((t) => Math.abs(t - guide) <= 0.2 * guide + 12 * HOUR);
      chosen = alike.length >= MIN_SIMILAR ? alike : own;
    }
    return chosen ? { ...spreadOf(chosen), ownPasses: own.length > 0 } : null;
  }
}
