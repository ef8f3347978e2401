// How long to leave a carrier connection alone after it failed (5xx, timeouts, refused connections): exponential
// with jitter per connection, so that one carrier in trouble is asked less and less often while every other
// connection goes on as usual, and a carrier coming back is not hit by every waiting lookup at the same instant.
import { MINUTE, SECOND } from "../../../api/durations";

export interface BackoffOptions {
  /** The first pause. */
  initialMs: number;
  /** The longest pause. */
  maxMs: number;
  /** A number in [0, 1): the jitter's source (Math.random in the service, fixed in tests). */
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialMs: 30 * SECOND,
  maxMs: 30 * MINUTE,
  random: Math.random,
};

interface State {
  failures: number;
  until: number;
}

export class ConnectionBackoff {
  readonly #options: BackoffOptions;
  readonly #states = new Map<string, State>();

  constructor(options: Partial<BackoffOptions> = {}) {
    this.#options = { ...DEFAULT_BACKOFF, ...options };
  }

  /** When the connection may be asked again, or null when it may be now. */
  pausedUntil(connectionId: string, now: Date): Date | null {
    const state = this.#states.get(connectionId);
    return state && state.until > now.getTime() ? new Date(state.until) : null;
  }

  /**
   * Another failure: the pause doubles (from `initialMs`, at most `maxMs`), and is drawn between half of that and
   * all of it ("equal jitter"), so that it still grows while calls waiting on it spread out. Answers its end.
   */
  failed(connectionId: string, now: Date): Date {
    const { initialMs, maxMs, random } = this.#options;
    const failures = (this.#states.get(connectionId)?.failures ?? 0) + 1;
    const ceiling = Math.min(maxMs, initialMs * 2 ** (failures - 1));
    const pause = ceiling / 2 + random() * (ceiling / 2);
    const until = now.getTime() + Math.round(pause);
    this.#states.set(connectionId, { failures, until });
    return new Date(until);
  }

  /** The carrier answered: no pause any more, and the next failure starts from the first pause again. */
  succeeded(connectionId: string): void {
    this.#states.delete(connectionId);
  }
}
