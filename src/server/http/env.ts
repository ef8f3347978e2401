// Types shared by the HTTP modules: what every handler can reach, and the per-request variables.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Principal } from "../db/accounts";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import type { Logger } from "../logger";
import type { Clock } from "../tracking/clock";

export interface AppDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
  logger: Logger;
  rateLimitPerMinute: number;
  trackingRequestLimitPerMinute: number;
  /** Directory of the built dashboard to serve at `/`; none in service tests. */
  webRoot?: string;
  /** Present when this server runs the local demo account: the sign-in page may offer its key. */
  demoApiKey?: () => string | undefined;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal;
  };
}

export type App = OpenAPIHono<AppEnv>;
