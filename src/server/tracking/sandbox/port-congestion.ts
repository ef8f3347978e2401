// How crowded each sandbox port's anchorage is in a given month: the hidden cause of most late arrivals.
//
// Real queues follow the season: US West Coast and Savannah in the peak season (August to November), North
// Europe's hubs in summer, China's ports before the New Year and in the typhoon months, Singapore most of the year.
// A port missing from the table rarely makes a ship wait. The predictor never reads this: it sees only what the
// waits leave behind (ships lying still off a port, late arrivals).

import { HOUR } from "../../../api/durations";

interface PortQueue {
  /** Share of calls that wait at anchor in an ordinary month. */
  chance: number;
  /** Typical wait of a ship that waits, in hours, in an ordinary month. */
  hours: number;
  /** Months (1–12) in which both rise: the chance by half again, the wait doubled. */
  peak: readonly number[];
}

const PEAK_SEASON = [8, 9, 10, 11];
const SUMMER = [6, 7, 8];
const NEW_YEAR_AND_TYPHOONS = [1, 2, 7, 8, 9];

const QUEUES: Readonly<Record<string, PortQueue>> = {
  USLAX: { chance: 0.35, hours: 40, peak: PEAK_SEASON },
  USLGB: { chance: 0.35, hours: 40, peak: PEAK_SEASON },
  USOAK: { chance: 0.25, hours: 30, peak: PEAK_SEASON },
  USSEA: { chance: 0.2, hours: 24, peak: PEAK_SEASON },
  USTIW: { chance: 0.2, hours: 24, peak: PEAK_SEASON },
  CAVAN: { chance: 0.3, hours: 36, peak: PEAK_SEASON },
  USSAV: { chance: 0.35, hours: 36, peak: PEAK_SEASON },
  USNYC: { chance: 0.3, hours: 30, peak: PEAK_SEASON },
  USCHS: { chance: 0.2, hours: 20, peak: PEAK_SEASON },
  USHOU: { chance: 0.25, hours: 30, peak: PEAK_SEASON },
  NLRTM: { chance: 0.3, hours: 30, peak: SUMMER },
  BEANR: { chance: 0.3, hours: 30, peak: SUMMER },
  DEHAM: { chance: 0.35, hours: 36, peak: SUMMER },
  DEBRV: { chance: 0.3, hours: 30, peak: SUMMER },
  GBFXT: { chance: 0.3, hours: 30, peak: SUMMER },
  CNSHA: { chance: 0.3, hours: 24, peak: NEW_YEAR_AND_TYPHOONS },
  CNNGB: { chance: 0.3, hours: 24, peak: NEW_YEAR_AND_TYPHOONS },
  CNYTN: { chance: 0.25, hours: 20, peak: NEW_YEAR_AND_TYPHOONS },
  CNTAO: { chance: 0.2, hours: 20, peak: NEW_YEAR_AND_TYPHOONS },
  HKHKG: { chance: 0.15, hours: 16, peak: NEW_YEAR_AND_TYPHOONS },
  SGSIN: { chance: 0.3, hours: 24, peak: [5, 6, 7, 8, 9, 10] },
  LKCMB: { chance: 0.3, hours: 30, peak: [5, 6, 7, 8] },
  INNSA: { chance: 0.25, hours: 30, peak: [6, 7, 8, 9] },
  NGAPP: { chance: 0.4, hours: 60, peak: [1, 2, 3, 10, 11, 12] },
};

const QUIET: PortQueue = { chance: 0.06, hours: 12, peak: [] };

export interface QueueOutlook {
  chance: number;
  /** The typical wait of a ship that has to wait, in milliseconds. */
  typicalMs: number;
}

/** The chance and size of an anchorage wait for a ship arriving at `locode` at instant `t`. */
export function queueAt(locode: string, t: number): QueueOutlook {
  const queue = QUEUES[locode] ?? QUIET;
  const month = new Date(t).getUTCMonth() + 1;
  const peak = queue.peak.includes(month);
  return {
    chance: Math.min(0.9, queue.chance * (peak ? 1.5 : 1)),
    typicalMs: queue.hours * (peak ? 2 : 1) * HOUR,
  };
}
