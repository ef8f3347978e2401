// Service tests of the sandbox's DCSA publisher: the service harness's database and clock, with a service (built
// by createService) whose app mounts /dcsa/sandbox (optionally behind an API key), its publisher and its
// notifier, over one sandbox network.
import { createLogger } from "../logger";
import type { SandboxDcsaNotifier } from "../tracking/sandbox/dcsa/notifier";
import type { SandboxDcsaPublisher } from "../tracking/sandbox/dcsa/publisher";
import { createHarness, type Harness } from "./service-harness";

export interface DcsaSandboxHarness {
  h: Harness;
  publisher: SandboxDcsaPublisher;
  notifier: SandboxDcsaNotifier;
  /** A request to /dcsa/sandbox/…, as a DCSA client sends it. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** Another service on the same database: the service after a restart (with another API key, if given). */
  restart(options?: { apiKey?: string }): Promise<DcsaSandboxHarness>;
  close(): Promise<void>;
}

export async function createDcsaSandboxHarness(
  options: { apiKey?: string } = {},
): Promise<DcsaSandboxHarness> {
  const h = await createHarness();
  const build = async (apiKey = options.apiKey): Promise<DcsaSandboxHarness> => {
    const service = await h.anotherService(
      { dcsaSandboxApiKey: apiKey },
      {
        logger: createLogger("debug", (line) => h.logs.push(line)),
        tuning: { dcsaCallbackTimeoutMs: 2_000 },
      },
    );
    const { app } = service;
    return {
      h,
      publisher: service.dcsaPublisher,
      notifier: service.dcsaNotifier,
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
