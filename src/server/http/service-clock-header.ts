// The X-Service-Clock header on every /v2 answer: the service clock's time, which may run ahead of real time (the
// demo's sped-up clock), so that clients tell "today" and "overdue" by the service's clock, not the browser's.
import type { MiddlewareHandler } from "hono";
import { SERVICE_CLOCK_HEADER } from "../../api/triage";
import type { Clock } from "../clock";
import type { AppEnv } from "./env";

export function serviceClockHeader(clock: Clock): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Read when the answer leaves, so that an answer served from memory carries the time of this request.
    c.res.headers.set(SERVICE_CLOCK_HEADER, clock.now().toISOString());
  };
}
