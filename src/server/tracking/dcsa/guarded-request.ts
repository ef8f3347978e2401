// One HTTP exchange with a carrier (its T&T API or its OAuth token endpoint): the address passes the outbound guard
// first unless the connection is internal, the socket connects to exactly the address that was checked (as webhook
// deliveries do, so a DNS answer that changes in between cannot reach an internal host), redirects are not
// followed, one deadline covers the DNS lookup, the connection and the whole body, and the body is read only up
// to a cap. Answers what happened as data, never throws.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { ForbiddenAddressError, portProblem, type Resolver, resolveGuarded } from "../../net/outbound-guard";

export interface GuardedRequest {
  method: "GET" | "POST" | "DELETE";
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export interface GuardedRequestOptions {
  timeoutMs: number;
  /** The connection is internal: private and loopback addresses are allowed, and any port. */
  internal: boolean;
  maxBodyBytes: number;
  resolve?: Resolver;
}

export type GuardedAnswer =
  | { ok: true; status: number; headers: http.IncomingHttpHeaders; body: Buffer }
  | { ok: false; kind: "timeout"; timeoutMs: number; detail: string }
  | { ok: false; kind: "address_refused"; detail: string }
  | { ok: false; kind: "too_large"; status: number; detail: string }
  /** No answer: refused or reset connection, DNS failure, TLS trouble. */
  | { ok: false; kind: "network"; detail: string };

class Deadline extends Error {}
class TooLarge extends Error {
  constructor(readonly status: number) {
    super("too large");
  }
}

/** "15 s" or "250 ms", for details a user reads. */
export function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export async function guardedRequest(
  request: GuardedRequest,
  options: GuardedRequestOptions,
): Promise<GuardedAnswer> {
  const { url } = request;
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, kind: "address_refused", detail: `${url.protocol} addresses are not supported` };
  const badPort = options.internal ? undefined : portProblem(url);
  if (badPort)
    return { ok: false, kind: "address_refused", detail: `refused to call ${url.origin}: ${badPort}` };

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Deadline());
    }, options.timeoutMs);
  });
  try {
    const resolved = await Promise.race([
      resolveGuarded(url.hostname, {
        allowPrivateAddresses: options.internal,
        resolve: options.resolve,
        subject: "carrier connections",
      }),
      deadline,
    ]);
    // Credentials travel in the clear over http: only to a carrier inside the operator's own network.
    if (url.protocol === "http:" && !options.internal)
      return {
        ok: false,
        kind: "address_refused",
        detail: `refused to call ${url.origin}: plain http is allowed only on an internal connection`,
      };
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
      else callback(null, resolved.address, resolved.family);
    };
    return await Promise.race([exchange(request, pinned, controller.signal, options.maxBodyBytes), deadline]);
  } catch (e) {
    controller.abort();
    if (e instanceof Deadline)
      return {
        ok: false,
        kind: "timeout",
        timeoutMs: options.timeoutMs,
        detail: `no answer within ${formatDuration(options.timeoutMs)}`,
      };
    if (e instanceof ForbiddenAddressError) return { ok: false, kind: "address_refused", detail: e.message };
    if (e instanceof TooLarge)
      return {
        ok: false,
        kind: "too_large",
        status: e.status,
        detail: `the answer was larger than ${Math.round(options.maxBodyBytes / 1024)} KiB`,
      };
    const code = (e as { code?: string }).code;
    const message = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      kind: "network",
      detail: code && !message.includes(code) ? `${message} (${code})` : message,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the request and reads the whole answer, refusing one larger than `maxBodyBytes`. */
function exchange(
  request: GuardedRequest,
  lookup: LookupFunction,
  signal: AbortSignal,
  maxBodyBytes: number,
): Promise<GuardedAnswer> {
  return new Promise((resolve, reject) => {
    const client = request.url.protocol === "https:" ? https : http;
    const headers = { ...request.headers };
    if (request.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(request.body));
    const req = client.request(
      request.url,
      // No pooling: every call resolves, checks and connects afresh, as the guard requires.
      { method: request.method, headers, lookup, agent: false, signal },
      (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          response.destroy();
          reject(new TooLarge(status));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBodyBytes) {
            response.destroy();
            reject(new TooLarge(status));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ ok: true, status, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}
