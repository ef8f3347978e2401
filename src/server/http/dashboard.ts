// The built dashboard's files, mounted last: hashed assets kept for a year, and index.html for any other path
// outside /v2, so that the dashboard's client-side routes deep-link.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { Hono } from "hono";
import { SHARED_PAGE_PATH } from "../../api/share-links";
import type { AppEnv } from "./env";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** Decodes a URL path; a malformed escape is left as it is (it then matches no file and gets index.html). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Serves the dashboard built into `webRoot`; any other non-API path gets index.html. */
export function dashboardRoutes(webRoot: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const indexPath = join(webRoot, "index.html");
  // With its separator: a bare prefix would also take in a sibling folder whose name starts alike (web-secret/).
  const rootPrefix = resolve(webRoot) + sep;
  routes.get("*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/v2")) return next();
    const file = resolve(webRoot, `.${safeDecode(path)}`);
    if (file.startsWith(rootPrefix) && path !== "/" && (await isFile(file))) {
      const ext = file.slice(file.lastIndexOf("."));
      const immutable = path.startsWith("/assets/");
      return c.body(await readFile(file), 200, {
        "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    }
    if (!existsSync(indexPath)) return next();
    // A shared shipment's page is for the one who has its link: never indexed or kept (security-headers.ts sends
    // no referrer from it).
    const shared: Record<string, string> = path.startsWith(`${SHARED_PAGE_PATH}/`)
      ? { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" }
      : { "Cache-Control": "no-cache" };
    return c.html(await readFile(indexPath, "utf8"), 200, shared);
  });
  return routes;
}
