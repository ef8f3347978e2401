// The HTTP benchmark's yardstick: a bare node:http server that answers every request with the very bytes (status,
// headers, compressed body) our service gave once, so that the difference between the two is our service's work.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as sent, still compressed when the service compressed it. */
  body: Buffer;
}

/** Headers of one connection, not of the response: the bare server sets its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** Asks once and keeps the raw answer (node:http does not decompress, unlike fetch). */
export function captureResponse(
  url: string,
  options: { method: string; headers: Record<string, string> },
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || HOP_BY_HOP.has(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

export interface BareServer {
  url: string;
  /** Answers every request with this response from now on. */
  answer(response: CapturedResponse): void;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  let current: CapturedResponse = { status: 204, headers: {}, body: Buffer.alloc(0) };
  const server: Server = createServer((req, res) => {
    // Read the request to its end, as any server must before it can answer on a kept-alive connection.
    req.resume();
    req.on("end", () => {
      res.writeHead(current.status, { ...current.headers, "content-length": current.body.length });
      res.end(current.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer(response) {
      current = response;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
