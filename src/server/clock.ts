// The time source of the service: real time in production (optionally sped up for demos), a hand-driven clock in
// tests. A sped-up clock is anchored to an epoch that db/service-clock.ts stores, so that every process on the
// database reads the same time and a restart goes on from where the clock was, never back. Every layer reads
// time through this module, so it imports none of them.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Where a clock stood at a moment of real time, and how fast it runs from there. */
export interface ClockEpoch {
  /** The clock's reading at `realAt`. */
  clockAt: Date;
  /** Real time of that reading. */
  realAt: Date;
  /** How much faster than real time the clock runs from `realAt` on. */
  speed: number;
}

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
