// The time source of the service: real time in production (optionally sped up for demos), a hand-driven clock in
// tests. A sped-up clock is anchored to an epoch stored in the database (db/service-clock.ts), so that every
// process on the database reads the same time and a restart goes on from where the clock was, never back.
import type { Db } from "./db/connection";
import { type ClockEpoch, settleClockEpoch } from "./db/service-clock";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time running `factor` times faster from the moment of creation; 1 is plain real time. */
export function acceleratedClock(factor: number, start: Date = new Date(), real: Clock = systemClock): Clock {
  return clockFromEpoch({ clockAt: start, realAt: real.now(), speed: factor }, real);
}

/**
 * The clock an epoch describes. Its readings never go back, even if the real clock does (an NTP step): a
 * reading before the epoch's real time counts as the epoch itself, and each reading is at least the last.
 */
export function clockFromEpoch(epoch: ClockEpoch, real: Clock = systemClock): Clock {
  const clockAt = epoch.clockAt.getTime();
  const realAt = epoch.realAt.getTime();
  let last = clockAt;
  return {
    now: () => {
      last = Math.max(last, clockAt + Math.max(0, real.now().getTime() - realAt) * epoch.speed);
      return new Date(last);
    },
  };
}

/**
 * The service's clock at `speed`, from the epoch stored in the database. The first start stores one (the clock
 * starts at real time); a later start with the same speed takes it as it is, so that processes agree; a start
 * with another speed goes on from the stored clock's present reading at the new speed.
 */
export async function openServiceClock(db: Db, speed: number, real: Clock = systemClock): Promise<Clock> {
  const epoch = await settleClockEpoch(db, (stored) => {
    const realNow = real.now();
    if (!stored) return { clockAt: realNow, realAt: realNow, speed };
    if (stored.speed === speed) return stored;
    return {
      clockAt: clockFromEpoch(stored, real).now(),
      realAt: realNow,
      speed,
    };
  });
  return clockFromEpoch(epoch, real);
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  #time: number;
  constructor(start: Date | string) {
    this.#time = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#time);
  }
  advance(ms: number): void {
    this.#time += ms;
  }
  set(time: Date | string): void {
    this.#time = new Date(time).getTime();
  }
}
