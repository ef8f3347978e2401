// Types shared by the HTTP modules: the per-request variables, the app and router type, and what most routers read.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Permission } from "../../api/roles";
import type { Clock } from "../clock";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import type { Principal } from "./actor";

export interface AppEnv {
  Variables: {
    requestId: string;
    /** Who asks, and the account they act in (http/actor.ts). */
    principal: Principal;
    /** The permission the request's operation needed, which the actor held. */
    permission: Permission;
    /** The client's address and scheme, honouring TRUST_PROXY (http/client-address.ts). */
    clientAddress: string;
    clientProtocol: string;
    /** The Idempotency-Key this POST holds (http/idempotency.ts): its creation notes what it created under it. */
    idempotency?: { accountId: string; key: string };
  };
}

/** The app, and each router mounted on it (a sub-app whose OpenAPI routes join the app's document). */
export type App = OpenAPIHono<AppEnv>;

/**
 * What most routers read: the database, the reference rows (lines, ports, terminals) and the service's clock.
 * Each router names the part it uses (`Pick<DataDeps, "db" | "reference">`) and adds only what else it needs.
 */
export interface DataDeps {
  db: Db;
  reference: ReferenceData;
  clock: Clock;
}
