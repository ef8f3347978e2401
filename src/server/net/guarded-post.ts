// One guarded HTTP POST of a webhook delivery (or an alert's chat message): resolves and checks the address, connects to exactly that
// address (TLS still verifies the certificate against the host name) or reuses a kept connection to that same
// checked address (kept-connections.ts), never follows redirects, gives up at a deadline that covers the DNS lookup,
// the connection and the response, and keeps the response's first bytes.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { ForbiddenAddressError, portProblem, type Resolver, resolveGuarded } from "../net/outbound-guard";
import { KeptConnections } from "./kept-connections";

export const RESPONSE_HEAD_BYTES = 1024;
/**
 * The rest of an answer is read and dropped so that its connection can carry the next post; an answer longer than
 * this, or not over within DRAIN_MS, is cut instead, and its connection closed.
 */
const DRAIN_BYTES = 64 * 1024;
const DRAIN_MS = 2_000;
/** The process's kept connections: 64 at once per receiver address (the delivery worker's concurrency), 16 idle. */
export const OUTBOUND_CONNECTIONS = new KeptConnections(64, 16);
/** Who knocks: webhook notifications and alerts' Slack and Teams messages alike. */
export const USER_AGENT = "boxtrack-webhooks/1";

export interface PostOptions {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
  /** Where connections are kept between posts; OUTBOUND_CONNECTIONS by default. */
  connections?: KeptConnections;
}

export interface PostResult {
  /** The receiver's status; null when no response arrived. */
  statusCode: number | null;
  /** A 2xx arrived in time. */
  ok: boolean;
  error: string | null;
  /** The guard refused the address: no connection was made. */
  refused: boolean;
  durationMs: number;
  responseHeaders: Record<string, string> | null;
  responseHead: string | null;
}

class Timeout extends Error {}

export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, refused = false): PostResult => ({
    statusCode: null,
    ok: false,
    error,
    refused,
    durationMs: elapsed(),
    responseHeaders: null,
    responseHead: null,
  });

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return failure(`'${target}' is not an absolute address`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return failure(`unsupported scheme ${url.protocol}`);
  // Checked here as well as when the webhook is saved: addresses saved before the rule still meet it.
  const badPort = options.allowPrivateAddresses ? undefined : portProblem(url);
  if (badPort) return failure(`refused to connect: ${badPort}`, true);

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Timeout());
    }, options.timeoutMs);
  });
  try {
    const resolved = await Promise.race([
      resolveGuarded(url.hostname, {
        allowPrivateAddresses: options.allowPrivateAddresses,
        resolve: options.resolve,
      }),
      deadline,
    ]);
    // Whatever the socket asks (one address or all of them), it gets the address that was checked.
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
      else callback(null, resolved.address, resolved.family);
    };
    const agent = (options.connections ?? OUTBOUND_CONNECTIONS).agentFor(url, resolved.address);
    const response = await Promise.race([
      send(url, body, headers, { lookup: pinned, agent }, controller.signal),
      deadline,
    ]);
    const durationMs = elapsed();
    const { statusCode } = response;
    const ok = statusCode >= 200 && statusCode < 300;
    let error: string | null = null;
    if (statusCode >= 300 && statusCode < 400) {
      const location = response.headers.location;
      error = `redirects are not followed (HTTP ${statusCode}${location ? ` to ${location}` : ""})`;
    } else if (!ok) error = `HTTP ${statusCode}`;
    return { statusCode, ok, error, refused: false, durationMs, ...response.read() };
  } catch (e) {
    if (e instanceof Timeout) return failure(`no response within ${options.timeoutMs} ms`);
    if (e instanceof ForbiddenAddressError) return failure(e.message, true);
    const code = (e as { code?: string }).code;
    const message = e instanceof Error ? e.message : String(e);
    // Whatever failed, no request of this attempt may linger.
    controller.abort();
    return failure(code && !message.includes(code) ? `${message} (${code})` : message);
  } finally {
    // Not aborted after an answer: `send` reads the rest of it (or cuts it) on its own, and the connection goes
    // back to its pool. An abort there destroyed the socket with an AbortError whose stack Node formats at once
    // (through source maps under tsx): about a fifth of the worker's CPU in a burst.
    clearTimeout(timer);
  }
}

interface Answer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  read(): { responseHeaders: Record<string, string>; responseHead: string };
}

/** Sends the request; resolves when the status line and the first bytes (or the end) of the body are in. */
function send(
  url: URL,
  body: string,
  headers: Record<string, string>,
  connection: { lookup: LookupFunction; agent: http.Agent },
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        // A new connection goes to the checked address; a kept one was made to that same address.
        lookup: connection.lookup,
        agent: connection.agent,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          const head = Buffer.concat(chunks).subarray(0, RESPONSE_HEAD_BYTES).toString("utf8");
          const responseHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            read: () => ({ responseHeaders, responseHead: head }),
          });
          // The rest of the body is of no interest: read and dropped, so that the connection is kept, unless it
          // runs long.
          if (!response.complete) drain = setTimeout(() => response.destroy(), DRAIN_MS);
        };
        let drain: NodeJS.Timeout | undefined;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (settled) {
            if (size > DRAIN_BYTES) response.destroy();
            return;
          }
          chunks.push(chunk);
          if (size >= RESPONSE_HEAD_BYTES) finish();
        });
        response.on("end", () => {
          clearTimeout(drain);
          finish();
        });
        response.on("close", () => {
          clearTimeout(drain);
          finish();
        });
        response.on("error", finish);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
