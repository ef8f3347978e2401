// The address of the client a request came from, and whether it came from this machine: routes that hand out
// secrets (the demo account's key, its sign-in) or control the service (the end-to-end tests' routes) answer
// loopback clients only. By default the connection's own address (proxy headers are the client's to forge);
// behind a reverse proxy (TRUST_PROXY=1) the address the proxy saw, the last of X-Forwarded-For, and the scheme of
// X-Forwarded-Proto. The activity log and the rate limits read it from here.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}

/** The client's address, or "" when the request did not come through a Node server (then it is not loopback). */
export function clientAddress(c: Context): string {
  const resolved = (c.var as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof resolved === "string" ? resolved : socketAddress(c);
}

export function isLoopbackClient(c: Context): boolean {
  return LOOPBACK.test(clientAddress(c));
}

/** The scheme the client used: X-Forwarded-Proto behind a trusted proxy, else the request URL's. */
export function clientProtocol(c: Context): string {
  const resolved = (c.var as { clientProtocol?: unknown } | undefined)?.clientProtocol;
  return typeof resolved === "string" ? resolved : new URL(c.req.url).protocol.replace(":", "");
}

/** Resolves the client's address (and scheme) once per request, honouring TRUST_PROXY. */
export function resolveClient(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    let address = socketAddress(c);
    let protocol = new URL(c.req.url).protocol.replace(":", "");
    if (trustProxy) {
      const forwarded = c.req.header("x-forwarded-for");
      const last = forwarded?.split(",").at(-1)?.trim();
      if (last) address = last;
      const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
      if (proto === "http" || proto === "https") protocol = proto;
    }
    c.set("clientAddress" as never, address as never);
    c.set("clientProtocol" as never, protocol as never);
    await next();
  };
}
