// Tests of response compression: gzip only for clients that accept it, whole and correct, never for small or
// already-encoded bodies, Vary set either way, and immutable assets compressed once.
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";

const big = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });

function app() {
  const a = new Hono();
  a.use("*", compression());
  a.get("/big", (c) => c.json(JSON.parse(big)));
  a.get("/small", (c) => c.json({ ok: true }));
  a.get("/png", (c) => c.body("x".repeat(5000), 200, { "Content-Type": "image/png" }));
  let served = 0;
  a.get("/assets/app.js", (c) => {
    served++;
    return c.body(`/* ${served} */${"x".repeat(5000)}`, 200, {
      "Content-Type": "text/javascript",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
  return a;
}

const gzipHeaders = { "Accept-Encoding": "gzip, deflate, br" };

describe("compression", () => {
  it("gzips a large JSON body for a client that accepts gzip, with its length and Vary", async () => {
    const response = await app().request("/big", { headers: gzipHeaders });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length);
    expect(gunzipSync(bytes).toString("utf8")).toBe(big);
  });

  it("sends the body as it is to a client that does not accept gzip, or refuses it with q=0", async () => {
    for (const accept of [undefined, "identity", "gzip;q=0", "br"]) {
      const response = await app().request("/big", { headers: accept ? { "Accept-Encoding": accept } : {} });
      expect(response.headers.get("content-encoding"), String(accept)).toBeNull();
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(await response.text()).toBe(big);
    }
  });

  it("leaves small bodies and formats that are already compressed alone", async () => {
    const a = app();
    expect((await a.request("/small", { headers: gzipHeaders })).headers.get("content-encoding")).toBeNull();
    expect((await a.request("/png", { headers: gzipHeaders })).headers.get("content-encoding")).toBeNull();
  });

  it("compresses an immutable asset once and serves the same bytes after", async () => {
    const a = app();
    const first = Buffer.from(
      await (await a.request("/assets/app.js", { headers: gzipHeaders })).arrayBuffer(),
    );
    const second = Buffer.from(
      await (await a.request("/assets/app.js", { headers: gzipHeaders })).arrayBuffer(),
    );
    expect(gunzipSync(second).toString("utf8")).toBe(gunzipSync(first).toString("utf8"));
    expect(gunzipSync(second).toString("utf8").startsWith("/* 1 */")).toBe(true);
  });
});
