// The time source of the service: real time in production (optionally sped up for demos), a hand-driven clock in tests.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Real time running `factor` times faster from the moment of creation; 1 is plain real time. */
export function acceleratedClock(factor: number, start: Date = new Date()): Clock {
  const realStart = Date.now();
  return { now: () => new Date(start.getTime() + (Date.now() - realStart) * factor) };
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
