// The service serves the built dashboard: its files, index.html for client-side routes, never files outside it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/service-harness";
import type { App } from "./env";

describe("dashboard files", () => {
  let h: Harness;
  let root: string;
  let app: App;
  beforeAll(async () => {
    h = await createHarness();
    // The dashboard's folder and, beside it, one whose name starts with the dashboard folder's name.
    const parent = mkdtempSync(join(tmpdir(), "webroot-"));
    root = join(parent, "web");
    mkdirSync(join(parent, "web-secret"), { recursive: true });
    writeFileSync(join(parent, "web-secret", "secret.txt"), "not for the web");
    mkdirSync(join(root, "assets", "fonts"), { recursive: true });
    writeFileSync(join(root, "index.html"), "<!doctype html><title>Dashboard</title>");
    writeFileSync(join(root, "assets", "main-abc123.js"), "console.log(1)");
    app = (await h.anotherService({}, { webRoot: root })).app;
  });
  afterAll(async () => {
    rmSync(join(root, ".."), { recursive: true, force: true });
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

  it.each([
    "/..%2Fweb-secret%2Fsecret.txt",
    "/%2E%2E/web-secret/secret.txt",
    "/..%5Cweb-secret%5Csecret.txt",
  ])("never serves a file of a sibling folder whose name starts with the dashboard's (%s)", async (path) => {
    const res = await app.request(path);
    expect(await res.text()).not.toContain("not for the web");
  });

  it("leaves /v2 paths to the API", async () => {
    const res = await app.request("/v2/nothing-here");
    expect(res.status).toBe(401);
    expect((await res.json()).errors[0].status).toBe("401");
  });
});
