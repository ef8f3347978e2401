// The address of the client a request came from, as the Node server saw its socket (no proxy headers: they are
// the client's to forge). "" when the request did not come through a Node server (service tests' app.request).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "";
  } catch {
    return "";
  }
}
