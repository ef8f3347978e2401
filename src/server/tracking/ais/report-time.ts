// When an AIS position report was made. Transponders send only the second of the minute; the receiver's time
// (its tag block, or when the line was read) gives the rest. Two receivers that hear the same report a moment
// apart then agree on its time, which is what lets the duplicate be recognised.

/** A receiver's clock may run this far ahead of the transponder's before the second is read as last minute's. */
const SKEW_MS = 5_000;

export function reportTime(receivedAt: Date, utcSecond: number | null): Date {
  const heard = receivedAt.getTime();
  if (utcSecond === null) return new Date(Math.floor(heard / 1000) * 1000);
  const minute = Math.floor(heard / 60_000) * 60_000;
  let at = minute + utcSecond * 1000;
  if (at > heard + SKEW_MS) at -= 60_000;
  return new Date(at);
}
