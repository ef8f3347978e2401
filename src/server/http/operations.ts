// Endpoints for operators and orchestrators, outside /v2 and without a key: `/healthz` (the process answers),
// `/readyz` (the database answers, this code's migrations are applied, the workers run, no stop under way) and
// `/metrics` (Prometheus text, for loopback clients only unless the operator opens it: it tells who uses what).

import { Hono } from "hono";
import type { Db } from "../db/connection";
import { migrationsApplied, pingDatabase } from "../db/operational-state";
import { isLoopbackClient } from "./client-address";
import type { AppEnv } from "./env";
import { errorObject } from "./errors";
import type { ServiceMetrics } from "./metrics";

/** One line of the readiness answer; the service adds the workers' and the shutdown's. */
export interface ReadinessCheck {
  name: string;
  ready: boolean;
  detail?: string;
}

async function databaseChecks(deps: { db: Db }): Promise<ReadinessCheck[]> {
  try {
    await pingDatabase(deps.db);
  } catch {
    return [
      { name: "database", ready: false, detail: "the database does not answer" },
      { name: "migrations", ready: false, detail: "unknown while the database does not answer" },
    ];
  }
  const migrations = await migrationsApplied(deps.db).catch(() => ({ applied: false, missing: "unknown" }));
  return [
    { name: "database", ready: true },
    migrations.applied
      ? { name: "migrations", ready: true }
      : { name: "migrations", ready: false, detail: `migration ${migrations.missing} is not applied` },
  ];
}

export interface OperationsDeps {
  db: Db;
  metrics: ServiceMetrics;
  /** Serve `/metrics` to any client; otherwise loopback clients only. */
  metricsPublic: boolean;
  /** Readiness beyond the database's: the workers, a stop under way. */
  readiness: () => ReadinessCheck[];
}

export function operationsRoutes(deps: OperationsDeps): Hono<AppEnv> {
  const { metrics } = deps;
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ status: "ok" }));

  app.get("/readyz", async (c) => {
    const checks = [...(await databaseChecks(deps)), ...deps.readiness()];
    const ready = checks.every((check) => check.ready);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        status: ready ? "ready" : "not_ready",
        checks: Object.fromEntries(
          checks.map(({ name, ready, detail }) => [name, detail ? { ready, detail } : { ready }]),
        ),
      },
      ready ? 200 : 503,
    );
  });

  app.get("/metrics", async (c) => {
    if (!deps.metricsPublic && !isLoopbackClient(c)) {
      const detail =
        "Metrics answer loopback clients only; set METRICS_PUBLIC=1 to serve them to any client.";
      return c.json({ errors: [errorObject(403, { code: "forbidden", detail })] }, 403);
    }
    return c.body(await metrics.text(), 200, {
      "Content-Type": metrics.contentType,
      "Cache-Control": "no-store",
    });
  });
  return app;
}
