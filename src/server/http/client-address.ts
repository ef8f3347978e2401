// The address of the client a request came from, as the Node server saw its socket (no proxy headers: they are
// the client's to forge), and whether it came from this machine: routes that hand out secrets (the demo
// account's key) or control the service (the end-to-end tests' routes) answer loopback clients only.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The client's address, or "" when the request did not come through a Node server (then it is not loopback). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}

export function isLoopbackClient(c: Context): boolean {
  return LOOPBACK.test(clientAddress(c));
}
