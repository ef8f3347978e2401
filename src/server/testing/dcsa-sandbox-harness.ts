// Service tests of the sandbox's DCSA publisher: the service harness's database and clock, with an app that mounts
// /dcsa/sandbox (optionally behind an API key), the publisher and its notifier, over one sandbox network.
import { createApp } from "../http/app";
import { createLogger } from "../logger";
import { SandboxCarrierNetwork } from "../tracking/sandbox";
import { SandboxDcsaNotifier } from "../tracking/sandbox/dcsa/notifier";
import { SandboxDcsaPublisher } from "../tracking/sandbox/dcsa/publisher";
import { createHarness, type Harness } from "./service-harness";

export interface DcsaSandboxHarness {
  h: Harness;
  publisher: SandboxDcsaPublisher;
  notifier: SandboxDcsaNotifier;
  /** A request to /dcsa/sandbox/…, as a DCSA client sends it. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** Another app and publisher on the same database: the service after a restart (with another API key, if given). */
  restart(options?: { apiKey?: string }): DcsaSandboxHarness;
  close(): Promise<void>;
}

export async function createDcsaSandboxHarness(
  options: { apiKey?: string } = {},
): Promise<DcsaSandboxHarness> {
  const h = await createHarness();
  const build = (apiKey = options.apiKey): DcsaSandboxHarness => {
    const publisher = new SandboxDcsaPublisher({
      db: h.db,
      network: new SandboxCarrierNetwork(),
      world: h.clock,
    });
    const app = createApp({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      logger: createLogger("debug", (line) => h.logs.push(line)),
      rateLimitPerMinute: 10_000,
      trackingRequestLimitPerMinute: 10_000,
      dcsaSandbox: { publisher, apiKey, callbackTimeoutMs: 2_000 },
    });
    return {
      h,
      publisher,
      notifier: new SandboxDcsaNotifier({
        db: h.db,
        publisher,
        logger: createLogger("debug", (line) => h.logs.push(line)),
        timeoutMs: 2_000,
      }),
      request(path, init = {}) {
        const headers = new Headers(init.headers);
        let body = init.body;
        if (init.json !== undefined) {
          body = JSON.stringify(init.json);
          headers.set("content-type", "application/json");
        }
        const url = path.startsWith("http") ? path : `http://localhost${path}`;
        return Promise.resolve(app.request(url, { ...init, headers, body }));
      },
      restart: (again = {}) => build(again.apiKey),
      close: () => h.close(),
    };
  };
  return build();
}
