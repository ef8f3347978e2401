// The service's Prometheus metrics (prom-client, one registry per app): HTTP requests by route pattern and
// status with latency, tracking passes, webhook deliveries by result, and, read when scraped, the outbox depth
// and the database pool. Route patterns, never raw paths, label requests, so ids cannot grow the label set.
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/connection";
import type { ResponseCacheStats } from "./response-cache";

export type DeliveryResult = "delivered" | "rejected" | "unreachable" | "refused";

export interface MetricsSources {
  /** Depth of the outboxes, read at each scrape; a failed read leaves the gauges out of that scrape. */
  outboxDepth?: () => Promise<{ events: number; notifications: number }>;
  /** The PostgreSQL pool's connections; none on the embedded database. */
  poolStats?: () => PoolStats | undefined;
  /** The kept answers' counts (http/response-cache.ts); none when answers are not kept. */
  responseCache?: () => ResponseCacheStats | undefined;
}

export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<"method" | "route" | "status">;
  readonly #passes: Counter<"lane" | "outcome">;
  readonly #passItems: Counter<"lane">;
  readonly #deliveries: Counter<"result">;

  constructor(sources: MetricsSources = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status, with their latency.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.#passes = new Counter({
      name: "boxtrack_tracking_passes_total",
      help: "Passes of the tracking engine by lane (requests, shipments) and whether they found work.",
      labelNames: ["lane", "outcome"],
      registers,
    });
    this.#passItems = new Counter({
      name: "boxtrack_tracking_items_total",
      help: "Tracking requests processed and shipments refreshed by the tracking engine, by lane.",
      labelNames: ["lane"],
      registers,
    });
    this.#deliveries = new Counter({
      name: "boxtrack_webhook_deliveries_total",
      help: "Webhook delivery attempts by result: delivered (2xx), rejected (another status), unreachable (no answer in time), refused (address not allowed).",
      labelNames: ["result"],
      registers,
    });
    const outbox = new Gauge({
      name: "boxtrack_outbox_depth",
      help: "Work waiting in the outboxes: events not yet fanned out to webhooks, notifications not yet delivered.",
      labelNames: ["outbox"],
      registers,
      async collect() {
        if (!sources.outboxDepth) return;
        const depth = await sources.outboxDepth().catch(() => undefined);
        this.reset();
        if (!depth) return;
        this.set({ outbox: "events" }, depth.events);
        this.set({ outbox: "notifications" }, depth.notifications);
      },
    });
    void outbox;
    const pool = new Gauge({
      name: "boxtrack_db_pool_connections",
      help: "Connections of the PostgreSQL pool: total, idle, and requests waiting for one.",
      labelNames: ["state"],
      registers,
      collect() {
        const stats = sources.poolStats?.();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    void pool;
    // Reads answered from kept answers and built afresh since start: their ratio is the hit rate, which tells how
    // much of a live account's reading the kept answers spare (its data changes every few seconds).
    const kept = new Gauge({
      name: "boxtrack_response_cache_reads",
      help: "Reads the response cache saw since start, by result: hit (answered from a kept answer) or miss (built afresh).",
      labelNames: ["result"],
      registers,
      collect() {
        const stats = sources.responseCache?.();
        if (!stats) return;
        this.set({ result: "hit" }, stats.hits);
        this.set({ result: "miss" }, stats.misses);
      },
    });
    void kept;
  }

  /** Times every request and labels it with the pattern of the route that answered it. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const end = this.#requests.startTimer();
      await next();
      end({ method: c.req.method, route: routeLabel(c), status: String(c.res.status) });
    };
  }

  trackingPass(pass: { lane: "requests" | "shipments"; done: number }): void {
    this.#passes.inc({ lane: pass.lane, outcome: pass.done > 0 ? "work" : "idle" });
    if (pass.done > 0) this.#passItems.inc({ lane: pass.lane }, pass.done);
  }

  delivery(result: { ok: boolean; refused: boolean; statusCode: number | null }): void {
    this.#deliveries.inc({ result: deliveryResult(result) });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function deliveryResult(result: {
  ok: boolean;
  refused: boolean;
  statusCode: number | null;
}): DeliveryResult {
  if (result.ok) return "delivered";
  if (result.refused) return "refused";
  return result.statusCode === null ? "unreachable" : "rejected";
}

/**
 * The pattern of the route that answered (`/v2/shipments/:id`). When middleware answered (a 401, a 429), the
 * pattern of the route the request was for; a request that only catch-alls matched (an unknown path, a dashboard
 * file or page) gets a fixed label instead of its path.
 */
function routeLabel(c: Context): string {
  // After the chain has run, the route index is the handler that answered.
  const answered = routePath(c);
  if (answered && !answered.includes("*")) return answered;
  const intended = matchedRoutes(c).find((route) => !route.path.includes("*"));
  if (intended) return intended.path;
  return c.req.path.startsWith("/v2") || c.res.status === 404 ? "unmatched" : "dashboard";
}
