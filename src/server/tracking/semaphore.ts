// A counting semaphore: at most `limit` holders at a time, the others wait in arrival order. Bounds the calls in
// flight to a carrier and the write transactions in flight of a pass.
export class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a semaphore needs a limit of at least 1 (got ${limit})`);
    this.#free = limit;
  }

  async acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }

  /** Runs `task` holding one place. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }
}
