// How far the end-to-end tests moved one account's sandbox world ahead of everyone else's: the e2e server keeps
// the world paused so that the demo account holds still, and a test that needs the service to record real events
// moves only its own account's world on (POST /__test__/accounts/:id/advance), which no other test reads.

export class AccountTimeShifts {
  readonly #shifts = new Map<string, number>();

  /** Moves the account's world `ms` further ahead; returns its whole shift. */
  advance(accountId: string, ms: number): number {
    const shift = this.of(accountId) + ms;
    this.#shifts.set(accountId, shift);
    return shift;
  }

  /** Milliseconds the account's world is ahead; 0 for an account never moved, or none named. */
  of(accountId: string | undefined): number {
    return accountId === undefined ? 0 : (this.#shifts.get(accountId) ?? 0);
  }
}
