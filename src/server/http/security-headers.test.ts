// Tests of the security headers, on the whole service: the dashboard's page and a static asset of it, an API answer,
// an API error, /v2/docs (whose one inline style the policy allows by hash) and a path nothing is served at; HSTS
// only over HTTPS; a tile server, other API origins and embedding origins only when configured; and no answer,
// to a cookie or not, lets another origin read it with credentials.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tileOrigin } from "../config";
import type { Service } from "../service";
import { createHarness, type Harness } from "../testing/service-harness";
import { REFERENCE_STYLE } from "./api-reference-page";

let harness: Harness;
let webRoot: string;
let apiKey: string;

beforeAll(async () => {
  harness = await createHarness();
  webRoot = await mkdtemp(join(tmpdir(), "security-headers-"));
  await mkdir(join(webRoot, "assets"));
  await writeFile(join(webRoot, "index.html"), "<!doctype html><title>Boxtrack</title>");
  await writeFile(join(webRoot, "assets", "index-abc.js"), "console.log(1)");
  apiKey = (await harness.newAccount()).apiKey;
});

afterAll(async () => {
  await harness.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** A service over the harness's database with the dashboard's files and these settings. */
async function serviceWith(env: Parameters<Harness["anotherService"]>[0] = {}): Promise<Service> {
  return harness.anotherService(env, { webRoot });
}

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-frame-options": "DENY",
};

describe("security headers", () => {
  it("the dashboard's page: its own scripts and styles only, no inline script or eval, never framed", async () => {
    const service = await serviceWith();
    for (const path of ["/", "/shipments/abc", "/sign-in"]) {
      const response = await service.app.request(path);
      expect(response.status, path).toBe(200);
      for (const [name, value] of Object.entries(EVERY_ANSWER))
        expect(response.headers.get(name), name).toBe(value);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(Object.fromEntries(csp)).toEqual({
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data: blob:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "worker-src": "'self'",
        "manifest-src": "'self'",
        "frame-src": "'none'",
        "frame-ancestors": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "object-src": "'none'",
      });
      const permissions = response.headers.get("permissions-policy") ?? "";
      for (const off of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) {
        expect(permissions).toContain(off);
      }
      // Plain http here: no HSTS (a browser would ignore it, and it would pin a local name to https).
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("a static asset of the dashboard carries them too", async () => {
    const service = await serviceWith();
    const response = await service.app.request("/assets/index-abc.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/javascript");
    for (const [name, value] of Object.entries(EVERY_ANSWER))
      expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("an API answer and an API error: nothing may run or frame them, and CORS stays * without credentials", async () => {
    const ok = await harness.request(apiKey, "/v2/shipments", {
      headers: { origin: "https://elsewhere.example" },
    });
    const unauthorized = await harness.request(null, "/v2/shipments", {
      headers: { origin: "https://elsewhere.example", cookie: "session=whatever" },
    });
    const missing = await harness.request(apiKey, "/v2/nothing-here");
    expect([ok.status, unauthorized.status, missing.status]).toEqual([200, 401, 404]);
    for (const response of [ok, unauthorized, missing]) {
      for (const [name, value] of Object.entries(EVERY_ANSWER))
        expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
    for (const response of [ok, unauthorized]) {
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("/v2/docs: its one inline style sheet by hash, nothing else", async () => {
    const response = await harness.request(null, "/v2/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(style).toBe(REFERENCE_STYLE);
    const hash = createHash("sha256")
      .update(style ?? "", "utf8")
      .digest("base64");
    expect(Object.fromEntries(directives(response.headers.get("content-security-policy")))).toEqual({
      "default-src": "'none'",
      "style-src": `'sha256-${hash}'`,
      "img-src": "'self' data:",
      "frame-ancestors": "'none'",
      "base-uri": "'none'",
      "form-action": "'none'",
    });
    expect(html).not.toContain("<script");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("over HTTPS (PUBLIC_URL) browsers are told to use HTTPS only", async () => {
    const service = await serviceWith({ publicUrl: "https://track.example.com" });
    for (const path of ["/", "/v2/docs", "/v2/shipments"]) {
      const response = await service.app.request(path);
      expect(response.headers.get("strict-transport-security"), path).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
  });

  it("a configured tile server, other API origins and embedding origins widen only their own directive", async () => {
    const service = await serviceWith({
      contentSecurity: {
        tileOrigin: tileOrigin("https://{s}.tiles.example.com/{z}/{x}/{y}.png"),
        connectOrigins: ["https://api.example.com"],
        frameAncestors: ["https://portal.example.com"],
      },
    });
    const response = await service.app.request("/");
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("img-src")).toBe("'self' data: blob: https://*.tiles.example.com");
    expect(csp.get("connect-src")).toBe("'self' https://api.example.com");
    expect(csp.get("frame-ancestors")).toBe("https://portal.example.com");
    expect(csp.get("script-src")).toBe("'self'");
    // X-Frame-Options cannot name an origin, so it goes where frame-ancestors names some.
    expect(response.headers.get("x-frame-options")).toBeNull();
    // The API itself still cannot be framed.
    const api = await service.app.request("/v2/docs");
    expect(api.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("tileOrigin", () => {
  it("takes the origin of a tile template, a {s} subdomain as a wildcard", () => {
    expect(tileOrigin("https://tile.example.com/{z}/{x}/{y}.png")).toBe("https://tile.example.com");
    expect(tileOrigin("https://{s}.tile.example.com:8443/{z}/{x}/{y}.png")).toBe(
      "https://*.tile.example.com:8443",
    );
    expect(tileOrigin(undefined)).toBeUndefined();
    expect(tileOrigin("ftp://tile.example.com/{z}/{x}/{y}.png")).toBeUndefined();
    expect(tileOrigin("https://tile.example.com/tiles.png")).toBeUndefined();
  });
});
