// The service serves the built dashboard: its files, index.html for client-side routes, never files outside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createHarness, type Harness } from "../testing/service-harness";
import { createApp } from "./app";

describe("dashboard files", () => {
  let h: Harness;
  let root: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    h = await createHarness();
    root = mkdtempSync(join(tmpdir(), "webroot-"));
    mkdirSync(join(root, "assets", "fonts"), { recursive: true });
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Dashboard</title>");
    writeFileSync(join(root, "assets", "main-abc123.js"), "console.log(1)");
    app = createApp({
      db: h.db,
      reference: h.reference,
      clock: h.clock,
      logger: createLogger("error", () => {}),
      rateLimitPerMinute: 1000,
      trackingRequestLimitPerMinute: 1000,
      webRoot: root,
    });
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await h.close();
  });

  it("serves hashed assets as immutable with their content type", async () => {
    const res = await app.request("/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it.each(["/shipments/123", "/assets/fonts", "/assets/fonts/", "/%E0%A4%A", "/../package.json"])(
    "answers %s with the app's index.html",
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Dashboard</title>");
    },
  );

  it("leaves /v2 paths to the API", async () => {
    const res = await app.request("/v2/nothing-here");
    expect(res.status).toBe(401);
    expect((await res.json()).errors[0].status).toBe("401");
  });
});
