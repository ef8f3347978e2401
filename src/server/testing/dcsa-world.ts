// The whole DCSA path of the service in one test world, put together as main.ts puts it: the app served on a real
// node:http socket (port 0) with the sandbox's DCSA publisher mounted behind an API key, the carrier connection
// store, one HttpDcsaClient (real HTTP calls, to the publisher or to a fake carrier), the engine routing through
// createCarrierAdapters with the sandbox as fallback, the push subscription manager (callbacks to this socket), the
// publisher's notifier and the webhook fan-out and delivery. Every clock is the harness's ManualClock, so a test
// moves the sandbox world, the engine and the carrier's Retry-After together and by hand.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { DbCarrierConnectionStore } from "../db/carrier-connection-store";
import { createApp } from "../http/app";
import { createLogger } from "../logger";
import { createCarrierAdapters } from "../tracking/dcsa/adapter";
import { HttpDcsaClient } from "../tracking/dcsa/client";
import { DcsaSubscriptionManager } from "../tracking/dcsa/subscriptions";
import { TrackingEngine } from "../tracking/engine";
import { SandboxCarrierNetwork } from "../tracking/sandbox";
import { SandboxDcsaNotifier } from "../tracking/sandbox/dcsa/notifier";
import { SandboxDcsaPublisher } from "../tracking/sandbox/dcsa/publisher";
import { WebhookDelivery } from "../webhooks/delivery";
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
  client: HttpDcsaClient;
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
  const secretsKey = testSecretsKey();
  const h = await createHarness({ secretsKey });
  const logger = createLogger("debug", (line) => h.logs.push(line));
  const sandbox = new SandboxCarrierNetwork();
  const publisher = new SandboxDcsaPublisher({
    db: h.db,
    network: sandbox,
    world: h.clock,
  });
  const notifier = new SandboxDcsaNotifier({
    db: h.db,
    publisher,
    logger,
    timeoutMs: 5_000,
  });
  const store = new DbCarrierConnectionStore(h.db, secretsKey);
  const client = new HttpDcsaClient({
    timeoutMs: o.dcsaTimeoutMs ?? 10_000,
    clock: h.clock,
    logger,
  });
  const wakes = { requests: 0, shipments: 0 };
  const onWake: DcsaWorld["onWake"] = {};
  let base = "";
  // The address is known once the socket listens; the manager reads it at each pass.
  const push = new DcsaSubscriptionManager({
    db: h.db,
    clock: h.clock,
    logger,
    client,
    connections: store,
    secretsKey,
    get callbackBaseUrl() {
      return base;
    },
  });
  const engine = new TrackingEngine({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    adapters: createCarrierAdapters({
      store,
      client,
      fallback: sandbox,
      clock: h.clock,
      logger,
      pollSlowerWhen: (connection, query) => push.pollSlowerWhen(connection, query),
    }),
    positions: sandbox,
    logger,
  });
  const webhooks = new WebhookDelivery({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    leaseClock: h.clock,
    logger,
    timeoutMs: 5_000,
    allowHttp: true,
    allowPrivateAddresses: true,
  });
  const app = createApp({
    db: h.db,
    reference: h.reference,
    clock: h.clock,
    logger,
    rateLimitPerMinute: 100_000,
    trackingRequestLimitPerMinute: 100_000,
    rateLimitClock: h.clock,
    failedAuthLimitPerMinute: 100_000,
    apiKeyCacheMs: 0,
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
    onTrackingRequestCreated: () => {
      wakes.requests++;
      onWake.requests?.();
    },
    onShipmentRefreshRequested: () => {
      wakes.shipments++;
      onWake.shipments?.();
    },
    onCarrierConnectionDeleting: async (accountId, connectionId) => {
      const connection = await store.byId(connectionId).catch(() => null);
      if (connection?.accountId === accountId) await push.forgetConnection(connection);
    },
    secretsKey,
    dcsaSandbox: {
      publisher,
      apiKey: WORLD_SANDBOX_KEY,
      callbackTimeoutMs: 5_000,
    },
    carrierConnectionsAllowInternal: true,
    carrierConnectionStore: store,
    dcsaClient: client,
  });
  const server: Server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

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
    sandbox,
    publisher,
    notifier,
    store,
    client,
    engine,
    push,
    webhooks,
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
