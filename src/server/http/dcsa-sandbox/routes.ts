// The sandbox carrier network speaking DCSA Track & Trace 2.2 at /dcsa/sandbox/{scac}: point a carrier connection
// at `http://<this host>/dcsa/sandbox/MAEU` and the whole path runs as with a real carrier (events, paging,
// subscriptions, signed notifications). Outside /v2 and its API keys: a carrier's API has its own (API-Key header,
// when the operator sets DCSA_SANDBOX_API_KEY), and its errors take the standard's shape, not JSON:API's.
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { Db } from "../../db/connection";
import type { SandboxDcsaPublisher } from "../../tracking/sandbox/dcsa/publisher";
import type { AppEnv } from "../env";
import { dcsaError } from "./dcsa-errors";
import { registerEventRoutes } from "./events";
import { registerSubscriptionRoutes } from "./subscriptions";

export interface DcsaSandboxDeps {
  publisher: SandboxDcsaPublisher;
  /** When set, every request must carry it in an `API-Key` header (DCSA_SANDBOX_API_KEY); else the routes are open. */
  apiKey?: string;
  /** How long the HEAD check of a subscription's callback address may take. */
  callbackTimeoutMs?: number;
}

export const DCSA_SANDBOX_BASE_PATH = "/dcsa/sandbox";

function sameKey(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function dcsaSandboxRoutes(db: Db, deps: DcsaSandboxDeps): Hono {
  const routes = new Hono();
  routes.use("*", async (c, next) => {
    if (deps.apiKey !== undefined && !sameKey(c.req.header("API-Key"), deps.apiKey))
      return dcsaError(c, 401, "unauthorized", "Send this sandbox's key in the API-Key header");
    const scac = c.req.param("scac") ?? "";
    if (!deps.publisher.knowsLine(scac))
      return dcsaError(c, 404, "notFound", `The sandbox has no shipping line with SCAC ${scac}`);
    return next();
  });
  registerEventRoutes(routes, deps.publisher);
  registerSubscriptionRoutes(routes, {
    db,
    publisher: deps.publisher,
    callbackTimeoutMs: deps.callbackTimeoutMs,
  });
  routes.all("*", (c) =>
    dcsaError(c, 404, "notFound", `The DCSA T&T 2.2 API has no ${c.req.method} ${c.req.path}`),
  );
  return routes;
}

/** The sandbox's routes where the app serves them: under /dcsa/sandbox/{scac}. */
export function dcsaSandboxMount(db: Db, deps: DcsaSandboxDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().route(`${DCSA_SANDBOX_BASE_PATH}/:scac`, dcsaSandboxRoutes(db, deps));
}
