// Tests of the response cache on a small app of its own: what is kept and for whom, when it is dropped, and that an
// answer read while its account changed is never kept. The service reading the database's change log is tested in
// response-cache-changes.test.ts.
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Principal } from "./actor";
import type { AppEnv } from "./env";
import { type CachePolicy, ResponseCache, type WritePolicy } from "./response-cache";

const KEEP_A_MINUTE: CachePolicy = (path) => (path.startsWith("/v2/things") ? 60_000 : undefined);

/** An app whose answers count how often the handler ran; `x-account` names the caller's account. */
function appWith(
  cache: ResponseCache,
  options: { policy?: CachePolicy; leaves?: WritePolicy; beforeAnswer?: () => Promise<void> } = {},
) {
  const app = new Hono<AppEnv>();
  const reads = new Map<string, number>();
  app.use("*", async (c, next) => {
    c.set("principal", { account: { id: c.req.header("x-account") ?? "a" } } as unknown as Principal);
    await next();
  });
  app.use("*", cache.middleware(options.policy ?? KEEP_A_MINUTE, options.leaves));
  app.get("/v2/*", async (c) => {
    const key = `${c.get("principal").account.id} ${c.req.path}`;
    const n = (reads.get(key) ?? 0) + 1;
    reads.set(key, n);
    await options.beforeAnswer?.();
    if (c.req.path.endsWith("/missing")) return c.json({ errors: [{ status: "404" }] }, 404);
    // Long enough to be gzipped.
    return c.json({
      account: c.get("principal").account.id,
      path: c.req.path,
      read: n,
      pad: "x".repeat(2_000),
    });
  });
  app.patch("/v2/*", (c) => c.json({ ok: true }));
  app.post("/v2/*", (c) => c.json({ ok: true }, 201));
  const get = async (path: string, account = "a", headers: Record<string, string> = {}) => {
    const res = await app.request(`http://localhost${path}`, {
      headers: { "x-account": account, ...headers },
    });
    return {
      res,
      body: res.status === 200 ? ((await res.json()) as { account: string; read: number }) : undefined,
    };
  };
  return { app, get, reads };
}

describe("the response cache", () => {
  it("answers a repeated read from memory, plain and gzipped, with the same bytes", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { app, get } = appWith(cache);
    expect((await get("/v2/things?page[size]=3")).body?.read).toBe(1);
    expect((await get("/v2/things?page[size]=3")).body?.read).toBe(1);
    const zipped = await app.request("http://localhost/v2/things?page[size]=3", {
      headers: { "x-account": "a", "accept-encoding": "gzip" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    const unzipped = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()) as {
      read: number;
    };
    expect(unzipped.read).toBe(1);
    // Another query string is another answer.
    expect((await get("/v2/things?page[size]=4")).body?.read).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 2 });
  });

  it("never gives one account's answer to another", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { get } = appWith(cache);
    expect((await get("/v2/things", "a")).body?.account).toBe("a");
    expect((await get("/v2/things", "b")).body?.account).toBe("b");
    expect((await get("/v2/things", "a")).body?.account).toBe("a");
  });

  it("keeps only the reads its policy names, and only successful answers", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { get, reads } = appWith(cache);
    await get("/v2/other");
    await get("/v2/other");
    expect(reads.get("a /v2/other")).toBe(2);
    expect((await get("/v2/things/missing")).res.status).toBe(404);
    expect((await get("/v2/things/missing")).res.status).toBe(404);
    expect(reads.get("a /v2/things/missing")).toBe(2);
  });

  it("drops an account's answers when told it changed, and only that account's", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { get } = appWith(cache);
    await get("/v2/things", "a");
    await get("/v2/things", "b");
    cache.changed({ account: "a" });
    expect((await get("/v2/things", "a")).body?.read).toBe(2);
    expect((await get("/v2/things", "b")).body?.read).toBe(1);
    cache.changed({ everything: true });
    expect((await get("/v2/things", "b")).body?.read).toBe(2);
  });

  it("drops an account's answers around its writes through the API", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { app, get } = appWith(cache);
    await get("/v2/things", "a");
    await get("/v2/things", "b");
    await app.request("http://localhost/v2/things/1", { method: "PATCH", headers: { "x-account": "a" } });
    expect((await get("/v2/things", "a")).body?.read).toBe(2);
    expect((await get("/v2/things", "b")).body?.read).toBe(1);
  });

  it("keeps an account's answers through a write that no kept answer shows, and drops them around any other", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { app, get } = appWith(cache, {
      leaves: (method, path) => method === "POST" && path === "/v2/papers",
    });
    await get("/v2/things", "a");
    const post = (path: string) =>
      app.request(`http://localhost${path}`, { method: "POST", headers: { "x-account": "a" } });
    expect((await post("/v2/papers")).status).toBe(201);
    expect((await get("/v2/things", "a")).body?.read).toBe(1);
    // The same path by another method, and another path, still drop them.
    await app.request("http://localhost/v2/papers", { method: "PATCH", headers: { "x-account": "a" } });
    expect((await get("/v2/things", "a")).body?.read).toBe(2);
    await post("/v2/things");
    expect((await get("/v2/things", "a")).body?.read).toBe(3);
  });

  it("does not keep an answer read while its account changed", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    let change = () => {};
    const { get } = appWith(cache, { beforeAnswer: async () => change() });
    change = () => cache.changed({ account: "a" });
    await get("/v2/things", "a");
    change = () => {};
    expect((await get("/v2/things", "a")).body?.read).toBe(2);
    expect((await get("/v2/things", "a")).body?.read).toBe(2);
  });

  it("reads once for requests that ask for the same answer at the same time", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { get, reads } = appWith(cache, { beforeAnswer: () => gate });
    const answers = Promise.all([get("/v2/things"), get("/v2/things"), get("/v2/things")]);
    release();
    expect((await answers).map((a) => a.body?.read)).toEqual([1, 1, 1]);
    expect(reads.get("a /v2/things")).toBe(1);
  });

  it("serves nothing from memory while changes cannot be heard, and starts afresh when they can", async () => {
    const cache = new ResponseCache({ maxBytes: 1_000_000 });
    const { get } = appWith(cache);
    await get("/v2/things");
    cache.lost();
    expect((await get("/v2/things")).body?.read).toBe(2);
    expect((await get("/v2/things")).body?.read).toBe(3);
    expect(cache.stats()).toMatchObject({ entries: 0, listening: false });
    cache.changed(undefined);
    expect((await get("/v2/things")).body?.read).toBe(4);
    expect((await get("/v2/things")).body?.read).toBe(4);
  });

  it("keeps an answer no longer than its time to live", async () => {
    let now = 0;
    const cache = new ResponseCache({ maxBytes: 1_000_000, now: () => now });
    const { get } = appWith(cache, { policy: () => 5_000 });
    await get("/v2/fleet");
    now = 4_999;
    expect((await get("/v2/fleet")).body?.read).toBe(1);
    now = 5_000;
    expect((await get("/v2/fleet")).body?.read).toBe(2);
  });

  it("stays within its memory, forgetting the least recently used answers first", async () => {
    // Each answer is a little over 2 KB plain: three fit, four do not.
    const cache = new ResponseCache({ maxBytes: 7_000 });
    const { get } = appWith(cache);
    for (const n of [1, 2, 3]) await get(`/v2/things/${n}`);
    await get("/v2/things/1"); // now the most recently used
    await get("/v2/things/4");
    expect(cache.stats().bytes).toBeLessThanOrEqual(7_000);
    expect((await get("/v2/things/1")).body?.read).toBe(1);
    expect((await get("/v2/things/2")).body?.read).toBe(2);
  });
});
