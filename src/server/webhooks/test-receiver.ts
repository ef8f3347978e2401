// A real HTTP receiver on 127.0.0.1 for the webhook tests: records every request as received (raw body
// included) and answers as the test scripts it (status, body, delay, or when the test lets it).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Names and values as they arrived, in turn (Node's `headers` leaves out a header named `__proto__`). */
  rawHeaders: string[];
  /** The body exactly as it arrived. */
  body: string;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (to provoke timeouts). */
  delayMs?: number;
  /** Answer once this settles (a receiver the test holds, then lets go). */
  until?: Promise<unknown>;
}

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Decides each answer; by default 200 "ok". */
  reply: (request: ReceivedRequest, index: number) => Reply;
  /** Parsed `webhook-id` headers, in arrival order. */
  ids(): string[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const receiver: Receiver = {
    url: "",
    port: 0,
    requests,
    reply: () => ({ status: 200, body: "ok" }),
    ids: () => requests.map((r) => String(r.headers["webhook-id"])),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const index = requests.length;
      requests.push(request);
      const reply = receiver.reply(request, index);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (reply.until) reply.until.then(send, send);
      else if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}`;
  return receiver;
}
