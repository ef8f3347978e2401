// Response compression: gzip for clients that accept it, done in one piece on zlib's thread pool.
//
// Hono's compress middleware pipes every body through a web CompressionStream, which costs more per response
// than the compression itself for the JSON documents this API sends (a few to a few hundred kilobytes, always
// whole): here the body is read once and gzipped off the main thread. The dashboard's immutable assets are
// compressed once and remembered.
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const gzipAsync = promisify(gzip);

/** Below this, compression saves less than its headers cost. */
export const GZIP_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|vnd\.api\+json|javascript|geo\+json)|text\/|image\/svg\+xml)/i;
/** Level 5 shrinks a JSON page nearly as much as 9 at a third of the cost. */
const LEVEL = 5;
/** Compressed immutable assets, by path; the dashboard has a few dozen. */
const MAX_REMEMBERED = 200;

export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** A body gzipped as this API sends it (off the main thread). */
export async function gzipBytes(body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const gzipped = await gzipAsync(body, { level: LEVEL, strategy: constants.Z_DEFAULT_STRATEGY });
  return new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength) as Uint8Array<ArrayBuffer>;
}

export function compression(): MiddlewareHandler {
  const remembered = new Map<string, Uint8Array<ArrayBuffer>>();
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 206 || !res.body) return;
    if (res.headers.has("Content-Encoding") || !COMPRESSIBLE.test(res.headers.get("Content-Type") ?? ""))
      return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get("Cache-Control") ?? "")) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? "")) {
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
    const immutable = /\bimmutable\b/.test(res.headers.get("Cache-Control") ?? "");
    let compressed = immutable ? remembered.get(c.req.path) : undefined;
    if (!compressed) {
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength < GZIP_THRESHOLD_BYTES) {
        c.res = new Response(body, res);
        return;
      }
      compressed = await gzipBytes(body);
      if (immutable && remembered.size < MAX_REMEMBERED) remembered.set(c.req.path, compressed);
    }
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(compressed.byteLength));
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    c.res = new Response(compressed, { status: res.status, statusText: res.statusText, headers });
  };
}
