// The service clock's epoch (table service_clock): read and settled once per process start, under an advisory
// lock, so that processes starting together agree on one epoch and none of them moves it back.
import { sql } from "drizzle-orm";
import { type Clock, type ClockEpoch, clockFromEpoch, systemClock } from "../clock";
import type { Db } from "./connection";
import { serviceClock } from "./schema";

/** Any fixed number: it names this lock among the service's advisory locks. */
const CLOCK_LOCK_KEY = 0x636c6f63;

/**
 * Reads the stored epoch and stores what `settle` makes of it (the same epoch, or a new one), atomically among
 * processes: a second process starting at the same moment waits for the first, then reads what it stored.
 */
export async function settleClockEpoch(
  db: Db,
  settle: (stored: ClockEpoch | undefined) => ClockEpoch,
): Promise<ClockEpoch> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLOCK_LOCK_KEY})`);
    const [stored] = await tx
      .select({
        clockAt: serviceClock.clockAt,
        realAt: serviceClock.realAt,
        speed: serviceClock.speed,
      })
      .from(serviceClock)
      .limit(1);
    const epoch = settle(stored);
    if (
      stored &&
      stored.clockAt.getTime() === epoch.clockAt.getTime() &&
      stored.realAt.getTime() === epoch.realAt.getTime() &&
      stored.speed === epoch.speed
    )
      return stored;
    await tx
      .insert(serviceClock)
      .values({ id: 1, ...epoch })
      .onConflictDoUpdate({ target: serviceClock.id, set: epoch });
    return epoch;
  });
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
