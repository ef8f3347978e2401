// Tests of the operators' endpoints: /healthz and /readyz answer plain JSON without a key (readiness lists what
// is not ready with 503), and /metrics gives Prometheus text, to loopback clients only unless opened, with
// requests labelled by route pattern (not by id), tracking passes, deliveries, the outbox and the pool.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connection";
import { outboxDepth } from "../db/operational-state";
import { createHarness, type Harness } from "../testing/service-harness";
import { openTestDatabase } from "../testing/test-database";
import { ServiceMetrics } from "./metrics";

describe("operations endpoints", () => {
  let h: Harness;
  const servers: Server[] = [];
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) server.close();
    await h.close();
  });

  it("answers /healthz without a key", async () => {
    const response = await h.request(null, "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz 200 when the database answers and the migrations are applied", async () => {
    const response = await h.request(null, "/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ready",
      checks: { database: { ready: true }, migrations: { ready: true } },
    });
  });

  it("answers /readyz 503 naming what is not ready: stopped workers, a missing migration", async () => {
    // A service whose workers ran and stopped.
    const stopped = await h.anotherService();
    await stopped.start();
    await stopped.stop();
    const { app } = stopped;
    await h.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await app.request("http://localhost/readyz");
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.status).toBe("not_ready");
    expect(body.checks.database).toEqual({ ready: true });
    expect(body.checks.migrations).toEqual({
      ready: false,
      detail: expect.stringMatching(/^migration \S+ is not applied$/),
    });
    expect(body.checks.workers).toEqual({ ready: false, detail: "stopped" });
  });

  it("answers /readyz 503 when the database does not answer", async () => {
    const closed = await openTestDatabase();
    const { app } = await h.anotherService({}, { database: closed.database });
    await closed.database.close();
    await closed.drop();
    const response = await app.request("http://localhost/readyz");
    expect(response.status).toBe(503);
    expect((await response.json()).checks.database).toEqual({
      ready: false,
      detail: "the database does not answer",
    });
  });

  it("refuses /metrics to a client that is not on loopback unless METRICS_PUBLIC opens it", async () => {
    const closedResponse = await h.request(null, "/metrics");
    expect(closedResponse.status).toBe(403);
    expect((await closedResponse.json()).errors[0]).toMatchObject({ status: "403", code: "forbidden" });
    const { app: open } = await h.anotherService({ metricsPublic: true });
    expect((await open.request("http://localhost/metrics")).status).toBe(200);
  });

  it("serves /metrics to a loopback client in the Prometheus text format, requests labelled by route pattern", async () => {
    const { apiKey } = await h.newAccount();
    // With the dashboard served, whose catch-all route matches every path.
    const webRoot = mkdtempSync(join(tmpdir(), "boxtrack-web-"));
    writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>dashboard</title>");
    const { app, metrics } = await h.anotherService({}, { webRoot });
    const server = createServer(getRequestListener(app.fetch));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const headers = { authorization: `Token ${apiKey}` };
    const ids = ["7d4c2f53-0d6e-4a8e-9a39-3d7d1b1e0c11", "0b9e2a4c-5f61-4c7e-8d2a-1a2b3c4d5e6f"];
    for (const id of ids) expect((await fetch(`${base}/v2/shipments/${id}`, { headers })).status).toBe(404);
    expect((await fetch(`${base}/v2/shipments`, { headers })).status).toBe(200);
    expect((await fetch(`${base}/v2/shipments/${ids[0]}`)).status).toBe(401);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/v2/no/such/${ids[0]}`, { headers })).status).toBe(404);
    expect((await fetch(`${base}/shipments/${ids[1]}`)).status).toBe(200);
    metrics.trackingPass({ lane: "requests", done: 3 });
    metrics.trackingPass({ lane: "shipments", done: 0 });
    metrics.delivery({ ok: true, refused: false, statusCode: 200 });
    metrics.delivery({ ok: false, refused: false, statusCode: null });

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v2/shipments/:id",status="404"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v2/shipments",status="200"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/v2\/shipments"/,
    );
    // Middleware's answer (no key) is labelled with the route the request was for.
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v2/shipments/:id",status="401"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="dashboard",status="200"} 1',
    );
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).toContain('boxtrack_tracking_passes_total{lane="requests",outcome="work"} 1');
    expect(text).toContain('boxtrack_tracking_passes_total{lane="shipments",outcome="idle"} 1');
    expect(text).toContain('boxtrack_tracking_items_total{lane="requests"} 3');
    expect(text).toContain('boxtrack_webhook_deliveries_total{result="delivered"} 1');
    expect(text).toContain('boxtrack_webhook_deliveries_total{result="unreachable"} 1');
    expect(text).toContain('boxtrack_outbox_depth{outbox="events"} 0');
    expect(text).toContain('boxtrack_outbox_depth{outbox="notifications"} 0');
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("reads the outbox depth from the database at each scrape", async () => {
    const { account } = await h.newAccount();
    await h.db.execute(sql`insert into account_events (account_id, event, reference_type, reference_id)
      values (${account.id}, 'tracking_request.succeeded', 'tracking_request', gen_random_uuid())`);
    const metrics = new ServiceMetrics({ outboxDepth: () => outboxDepth(h.db) });
    expect(await metrics.text()).toContain('boxtrack_outbox_depth{outbox="events"} 1');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("reports the PostgreSQL pool's connections", async () => {
    const database = await openDatabase({ url: h.databaseUrl! });
    try {
      await database.db.execute(sql`select 1`);
      const metrics = new ServiceMetrics({ poolStats: () => database.poolStats?.() });
      const text = await metrics.text();
      expect(text).toContain('boxtrack_db_pool_connections{state="total"} 1');
      expect(text).toContain('boxtrack_db_pool_connections{state="idle"} 1');
      expect(text).toContain('boxtrack_db_pool_connections{state="waiting"} 0');
    } finally {
      await database.close();
    }
  });
});
