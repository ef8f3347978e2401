// Now by the service's clock, for labels such as "today" and "passed 3 days"; re-renders when the clock is corrected.
import { useSyncExternalStore } from "react";
import { serviceClockOffset, serviceNow, subscribeServiceClock } from "../lib/service-clock";

export function useServiceNow(): Date {
  // The offset is the snapshot (stable between answers); the time itself is read at render.
  useSyncExternalStore(subscribeServiceClock, serviceClockOffset, serviceClockOffset);
  return serviceNow();
}
