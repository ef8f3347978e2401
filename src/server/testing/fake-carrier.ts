// A local stand-in for a shipping line's DCSA T&T API in tests: a node:http server on 127.0.0.1 (port 0) that
// records every request (method, path, query, headers, raw and parsed body) and answers with the test's handler.
// Nothing in a test ever calls the internet; this is what a client under test talks to instead.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON when it is JSON, otherwise undefined. */
  body: unknown;
}

export type CarrierHandler = (request: RecordedRequest, response: http.ServerResponse) => void;

export interface FakeCarrier {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /**
   * What the handler threw (a failed `expect` about a request, say): answered 500 at once so the client does not
   * wait for its timeout, and kept here for the test to show (`expect(carrier.errors).toEqual([])`).
   */
  errors: unknown[];
  /** Replaces the handler for the requests that follow. */
  handle(handler: CarrierHandler): void;
  close(): Promise<void>;
}

/** Writes a JSON answer with extra headers. */
export function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

export async function startFakeCarrier(
  handler: CarrierHandler = (_, res) => json(res, 200, []),
): Promise<FakeCarrier> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const errors: unknown[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://carrier.invalid");
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      try {
        current(recorded, res);
      } catch (error) {
        errors.push(error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    errors,
    handle: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
