// The whole DCSA path of the service in one test world, built by createService as main.ts builds it (through the
// service harness): the app served on a real node:http socket (port 0) with the sandbox's DCSA publisher behind
// an API key, the carrier connection store, one HttpDcsaClient (real HTTP calls, to the publisher or to a fake
// carrier), the engine routing through the carrier adapters with the sandbox as fallback, the push subscription
// manager (callbacks to this socket), the publisher's notifier and the webhook fan-out and delivery. Every clock
// is the harness's ManualClock, so a test moves the sandbox world, the engine and the carrier's Retry-After
// together and by hand. Nothing runs in the background: the tests drive each part.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { DbCarrierConnectionStore } from "../db/carrier-connection-store";
import type { DcsaClient } from "../tracking/dcsa/connection";
import type { DcsaSubscriptionManager } from "../tracking/dcsa/subscriptions";
import type { TrackingEngine } from "../tracking/engine";
import type { SandboxDcsaNotifier } from "../tracking/sandbox/dcsa/notifier";
import type { SandboxDcsaPublisher } from "../tracking/sandbox/dcsa/publisher";
import type { SandboxCarrierNetwork } from "../tracking/sandbox/network";
import type { WebhookDelivery } from "../webhooks/delivery";
import { testSecretsKey } from "./dcsa-push-fixtures";
import { createHarness, type Harness } from "./service-harness";

/** The publisher's key, as DCSA_SANDBOX_API_KEY sets it. */
export const WORLD_SANDBOX_KEY = "world-sandbox-key";

export interface DcsaWorld {
  h: Harness;
  /** `http://127.0.0.1:<port>` of the app's socket. */
  base: string;
  /** The service's own publisher for a SCAC, as a connection's base_url names it. */
  publisherUrl(scac: string): string;
  sandbox: SandboxCarrierNetwork;
  publisher: SandboxDcsaPublisher;
  notifier: SandboxDcsaNotifier;
  store: DbCarrierConnectionStore;
  client: DcsaClient;
  engine: TrackingEngine;
  push: DcsaSubscriptionManager;
  webhooks: WebhookDelivery;
  /** How often the app told the engine's worker to wake (a new request, a push naming a pending one). */
  wakes: { requests: number; shipments: number };
  /** What a wake also does: a test that runs the real tracking worker wakes it here, as main.ts does. */
  onWake: { requests?: () => void; shipments?: () => void };
  /** A request to the app over its socket, with `Authorization: Token <key>` when a key is given. */
  request(key: string | null, path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** `POST /v2/carrier_connections` with an API key connection to `baseUrl` (the publisher by default). */
  connect(
    apiKey: string,
    o: { scac: string; baseUrl?: string; key?: string; pushEnabled?: boolean },
  ): Promise<string>;
  /** `POST /v2/tracking_requests`; answers the request's id. */
  track(apiKey: string, requestType: string, number: string, scac: string): Promise<string>;
  close(): Promise<void>;
}

export async function createDcsaWorld(o: { dcsaTimeoutMs?: number } = {}): Promise<DcsaWorld> {
  // The socket listens first: its address is the callback base the push subscriptions are made with.
  let listener: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => listener?.(req, res));
  // Tests block the event loop for seconds (sandbox lookups); a connection the server closed meanwhile for being
  // idle would be reused by the next request and reset.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const wakes = { requests: 0, shipments: 0 };
  const onWake: DcsaWorld["onWake"] = {};
  const h = await createHarness({
    rateLimitPerMinute: 100_000,
    failedAuthLimitPerMinute: 100_000,
    secretsKey: testSecretsKey(),
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
    onTrackingRequestCreated: () => {
      wakes.requests++;
      onWake.requests?.();
    },
    onShipmentRefreshRequested: () => {
      wakes.shipments++;
      onWake.shipments?.();
    },
    config: {
      trackingRequestLimitPerMinute: 100_000,
      carrierConnectionsAllowInternal: true,
      dcsaTimeoutMs: o.dcsaTimeoutMs ?? 10_000,
      dcsaCallbackBaseUrl: base,
      dcsaSandboxApiKey: WORLD_SANDBOX_KEY,
    },
    tuning: { dcsaCallbackTimeoutMs: 5_000, webhookTimeoutMs: 5_000 },
  });
  const { service } = h;
  listener = getRequestListener(service.app.fetch);

  const request: DcsaWorld["request"] = (key, path, init = {}) => {
    const headers = new Headers(init.headers);
    if (key !== null && !headers.has("authorization")) headers.set("authorization", `Token ${key}`);
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("content-type", "application/json");
    }
    return fetch(`${base}${path}`, {
      ...init,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
  };

  return {
    h,
    base,
    publisherUrl: (scac) => `${base}/dcsa/sandbox/${scac}`,
    sandbox: service.sandbox,
    publisher: service.dcsaPublisher,
    notifier: service.dcsaNotifier,
    store: service.carrierConnections,
    client: service.dcsaClient!,
    engine: service.engine,
    push: service.dcsaPush!,
    webhooks: service.webhookDelivery,
    wakes,
    onWake,
    request,
    async connect(apiKey, c) {
      const response = await request(apiKey, "/v2/carrier_connections", {
        method: "POST",
        json: {
          data: {
            type: "carrier_connection",
            attributes: {
              scac: c.scac,
              base_url: c.baseUrl ?? `${base}/dcsa/sandbox/${c.scac}`,
              auth_type: "api_key",
              api_key_header: "API-Key",
              api_key: c.key ?? WORLD_SANDBOX_KEY,
              internal: true,
              push_enabled: c.pushEnabled ?? false,
            },
          },
        },
      });
      if (response.status !== 201)
        throw new Error(`POST /v2/carrier_connections: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: { id: string } }).data.id;
    },
    async track(apiKey, requestType, number, scac) {
      const response = await request(apiKey, "/v2/tracking_requests", {
        method: "POST",
        json: {
          data: {
            type: "tracking_request",
            attributes: {
              request_type: requestType,
              request_number: number,
              scac,
            },
          },
        },
      });
      if (response.status !== 201)
        throw new Error(`POST /v2/tracking_requests: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: { id: string } }).data.id;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await h.close();
    },
  };
}
