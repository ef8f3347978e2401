// A TCP proxy for the fault suite, between the service and PostgreSQL, that plays a database outage without
// touching the server (which the suite may not own): `stop` is a server that went down (every connection
// closed, new ones refused), `freeze` one that stopped answering (connections stay open, nothing passes), and
// `restore` brings it back.
import { createServer, type Server, Socket } from "node:net";

export type ProxyState = "up" | "stopped" | "frozen";

export interface FaultProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  state(): ProxyState;
  stop(): void;
  freeze(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let state: ProxyState = "up";
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server: Server = createServer((client) => {
    // A stopped server refuses; the listener stays, so the port cannot be taken meanwhile, and a connection that
    // is reset at once is what a client of a stopped server sees (ECONNRESET instead of ECONNREFUSED).
    if (state === "stopped") {
      client.resetAndDestroy();
      return;
    }
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    // Bytes are forwarded by hand (not pipe) so that a freeze holds them back instead of buffering them on.
    const held: { to: Socket; chunk: Buffer }[] = [];
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (state === "frozen") held.push({ to, chunk });
      else to.write(chunk);
    };
    client.on("data", forward(upstream));
    upstream.on("data", forward(client));
    heldQueues.set(pair, held);
    upstream.connect(target.port, target.host);
  });
  /** What a freeze held back, per connection; sent on when the proxy is restored. */
  const heldQueues = new WeakMap<object, { to: Socket; chunk: Buffer }[]>();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the proxy has no port");
  return {
    port: address.port,
    state: () => state,
    stop() {
      state = "stopped";
      for (const { client, upstream } of [...pairs]) {
        client.resetAndDestroy();
        upstream.destroy();
      }
    },
    freeze() {
      state = "frozen";
    },
    restore() {
      state = "up";
      for (const pair of pairs) {
        const held = heldQueues.get(pair) ?? [];
        for (const { to, chunk } of held.splice(0)) to.write(chunk);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of [...pairs]) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
