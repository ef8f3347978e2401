// The DCSA client against a local carrier (node:http on 127.0.0.1, port 0) that checks every request against the
// standard's yaml: authentication, paging, how each kind of carrier trouble is sorted, the address guard, the
// connection test's words, subscriptions. The clock is a hand-driven one: token expiry is never waited for.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../logger";
import type { Resolver } from "../../net/outbound-guard";
import { dcsaEvents } from "../../testing/dcsa-events";
import { validateDcsaRequest, validateDcsaResponse } from "../../testing/dcsa-openapi";
import { type FakeCarrier, json, type RecordedRequest, startFakeCarrier } from "../../testing/fake-carrier";
import { HttpDcsaClient, type HttpDcsaClientOptions } from "./client";
import type { DcsaAuth, DcsaCallResult, DcsaConnection, DcsaEventQuery } from "./connection";
import type { DcsaEvent } from "./types";

const API_KEY = "k3y-Sup3r-S3cret";
const CLIENT_SECRET = "s3cr3t:with&odd=chars";
const BL: DcsaEventQuery = { requestType: "bill_of_lading", reference: "MAEU123456" };

let carrier: FakeCarrier;
let now: Date;
const clock = { now: () => now };

beforeEach(async () => {
  now = new Date("2026-03-01T12:00:00Z");
  carrier = await startFakeCarrier();
});
afterEach(async () => {
  await carrier.close();
  // A page or a request the standard would refuse, noticed inside the carrier.
  expect(carrier.errors).toEqual([]);
});

function connection(
  auth: DcsaAuth = { type: "none" },
  overrides: Partial<DcsaConnection> = {},
): DcsaConnection {
  return {
    id: "conn-1",
    accountId: "acct-1",
    scac: "MAEU",
    baseUrl: `${carrier.origin}/tnt`,
    auth,
    internal: true,
    pushEnabled: false,
    ...overrides,
  };
}

const apiKey: DcsaAuth = { type: "api_key", header: "API-Key", value: API_KEY };
const oauth = (): DcsaAuth => ({
  type: "oauth2_client_credentials",
  tokenUrl: `${carrier.origin}/oauth/token`,
  clientId: "boxtrack client",
  clientSecret: CLIENT_SECRET,
  scope: "tnt:read",
});

function client(options: HttpDcsaClientOptions = {}) {
  return new HttpDcsaClient({ clock, timeoutMs: 5_000, ...options });
}

/** The API requests (not the token endpoint's), each checked against the standard. */
function apiRequests(): RecordedRequest[] {
  const requests = carrier.requests.filter((r) => r.path.startsWith("/tnt/"));
  for (const r of requests) {
    const problems = validateDcsaRequest({
      method: r.method,
      path: r.path.slice("/tnt".length),
      query: r.query,
      headers: r.headers as Record<string, string>,
      body: r.body,
    });
    expect(problems, `${r.method} ${r.path}`).toEqual([]);
  }
  return requests;
}

const tokenRequests = () => carrier.requests.filter((r) => r.path === "/oauth/token");

/** A page of events, itself checked against the standard so that the test speaks real DCSA. */
function page(res: http.ServerResponse, events: DcsaEvent[], headers: Record<string, string> = {}) {
  const all = { "Current-Page": "current", "API-Version": "2.2.0", ...headers };
  expect(validateDcsaResponse("GET /v2/events", 200, events, all)).toEqual([]);
  json(res, 200, events, all);
}

/** Serves the events API (three events) and a token endpoint handing out tokens tok-1, tok-2, …. */
function carrierWithTokens(
  accepts: (token: string) => boolean = () => true,
  expiresIn: number | null = 3600,
) {
  let issued = 0;
  carrier.handle((req, res) => {
    if (req.path === "/oauth/token") {
      issued += 1;
      json(res, 200, {
        access_token: `tok-${issued}`,
        token_type: "Bearer",
        ...(expiresIn ? { expires_in: expiresIn } : {}),
      });
      return;
    }
    const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!accepts(token)) return json(res, 401, { statusCode: 401 });
    page(res, dcsaEvents(1, 3));
  });
}

function expectFailure<T>(result: DcsaCallResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  // No detail may ever carry a credential.
  expect(result.failure.detail).not.toContain(API_KEY);
  expect(result.failure.detail).not.toContain(CLIENT_SECRET);
  return result.failure;
}

describe("events: authentication", () => {
  it("sends the API key in its named header, the API version and Accept, and the reference as the standard's filter", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 3)));
    const result = await client().events(connection(apiKey), BL);
    expect(result).toEqual({ ok: true, value: dcsaEvents(1, 3) });
    const [request] = apiRequests();
    expect(request!.headers["api-key"]).toBe(API_KEY);
    expect(request!.headers["api-version"]).toBe("2");
    expect(request!.headers.accept).toBe("application/json");
    expect(request!.query).toEqual({ transportDocumentReference: "MAEU123456", limit: "100" });
  });

  it("asks by booking and by container with their own parameters, and sends no credentials when there are none", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 1)));
    await client().events(connection(), { requestType: "booking_number", reference: "BK1" });
    await client().events(connection(), { requestType: "container", reference: "APZU4812090" });
    const [booking, container] = apiRequests();
    expect(booking!.query.carrierBookingReference).toBe("BK1");
    expect(container!.query.equipmentReference).toBe("APZU4812090");
    expect(booking!.headers.authorization).toBeUndefined();
    expect(booking!.headers["api-key"]).toBeUndefined();
  });

  it("fetches an OAuth token by client credentials with HTTP Basic, once, and reuses it", async () => {
    carrierWithTokens();
    const dcsa = client();
    const conn = connection(oauth());
    // Concurrent calls share one token request.
    const results = await Promise.all([dcsa.events(conn, BL), dcsa.events(conn, BL)]);
    await dcsa.events(conn, BL);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(tokenRequests()).toHaveLength(1);
    const [token] = tokenRequests();
    expect(token!.method).toBe("POST");
    expect(token!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token!.rawBody))).toEqual({
      grant_type: "client_credentials",
      scope: "tnt:read",
    });
    // RFC 6749 §2.3.1: id and secret form-encoded, then Basic.
    const basic = Buffer.from(
      String(token!.headers.authorization).replace(/^Basic /, ""),
      "base64",
    ).toString();
    const [id, secret] = basic.split(":").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    expect([id, secret]).toEqual(["boxtrack client", CLIENT_SECRET]);
    expect(apiRequests().map((r) => r.headers.authorization)).toEqual([
      "Bearer tok-1",
      "Bearer tok-1",
      "Bearer tok-1",
    ]);
  });

  it("renews the token before it expires (60 s ahead), not sooner", async () => {
    carrierWithTokens();
    const dcsa = client();
    const conn = connection(oauth());
    await dcsa.events(conn, BL);
    now = new Date(now.getTime() + 3_539_000);
    await dcsa.events(conn, BL);
    expect(tokenRequests()).toHaveLength(1);
    now = new Date(now.getTime() + 2_000);
    await dcsa.events(conn, BL);
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests().at(-1)!.headers.authorization).toBe("Bearer tok-2");
  });

  it("renews a short-lived token at 90 % of its life", async () => {
    carrierWithTokens(() => true, 30);
    const dcsa = client();
    const conn = connection(oauth());
    await dcsa.events(conn, BL);
    now = new Date(now.getTime() + 26_000);
    await dcsa.events(conn, BL);
    expect(tokenRequests()).toHaveLength(1);
    now = new Date(now.getTime() + 2_000);
    await dcsa.events(conn, BL);
    expect(tokenRequests()).toHaveLength(2);
  });

  it("fetches a new token for a connection whose client changed", async () => {
    carrierWithTokens();
    const dcsa = client();
    await dcsa.events(connection(oauth()), BL);
    await dcsa.events(connection({ ...oauth(), clientId: "another client" } as DcsaAuth), BL);
    expect(tokenRequests()).toHaveLength(2);
  });

  it("drops a cached token the carrier refuses (401) and tries once more with a new one", async () => {
    carrierWithTokens((token) => token !== "tok-1");
    const dcsa = client();
    const conn = connection(oauth());
    // The first token is fetched for the call: a 401 with it is final.
    const first = expectFailure(await dcsa.events(conn, BL));
    expect(first).toMatchObject({ kind: "credentials_refused", httpStatus: 401 });
    expect(first.detail).toBe("The carrier refused the OAuth client's token (401)");
    expect(tokenRequests()).toHaveLength(1);
    // tok-1 stayed cached (it has not expired): this call uses it, is refused, fetches tok-2 and succeeds.
    const second = await dcsa.events(conn, BL);
    expect(second.ok).toBe(true);
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests().map((r) => r.headers.authorization)).toEqual([
      "Bearer tok-1",
      "Bearer tok-1",
      "Bearer tok-2",
    ]);
  });

  it("retries a refused cached token only once", async () => {
    carrierWithTokens((token) => token === "tok-1");
    const dcsa = client();
    const conn = connection(oauth());
    expect((await dcsa.events(conn, BL)).ok).toBe(true);
    carrier.handle((req, res) =>
      req.path === "/oauth/token"
        ? json(res, 200, { access_token: "tok-again", token_type: "bearer", expires_in: 3600 })
        : json(res, 401, {}),
    );
    expect(expectFailure(await dcsa.events(conn, BL))).toMatchObject({
      kind: "credentials_refused",
      httpStatus: 401,
    });
    expect(tokenRequests()).toHaveLength(2);
    expect(apiRequests()).toHaveLength(3);
  });

  it.each([
    [400, { error: "invalid_client" }, "The token endpoint refused the OAuth client (400 invalid_client)"],
    [401, { error: "invalid_client" }, "The token endpoint refused the OAuth client (401 invalid_client)"],
    [400, { error: "invalid_scope" }, "The token endpoint refused the OAuth client (400 invalid_scope)"],
  ])(
    "sorts a token endpoint answering %i %j as refused credentials, without calling the API",
    async (status, body, detail) => {
      carrier.handle((req, res) =>
        req.path === "/oauth/token" ? json(res, status, body) : page(res, dcsaEvents(1, 1)),
      );
      const failure = expectFailure(await client().events(connection(oauth()), BL));
      expect(failure).toEqual({ kind: "credentials_refused", httpStatus: status, detail });
      expect(apiRequests()).toHaveLength(0);
    },
  );

  it("sorts a token endpoint's other troubles: 503 unavailable, a 200 without a token unreadable", async () => {
    carrier.handle((_, res) => json(res, 503, {}));
    expect(expectFailure(await client().events(connection(oauth()), BL))).toMatchObject({
      kind: "unavailable",
      httpStatus: 503,
    });
    carrier.handle((_, res) => json(res, 200, { token_type: "bearer" }));
    expect(expectFailure(await client().events(connection(oauth()), BL))).toMatchObject({
      kind: "unreadable",
    });
    carrier.handle((_, res) => json(res, 404, {}));
    expect(expectFailure(await client().events(connection(oauth()), BL))).toMatchObject({
      kind: "unreadable",
      httpStatus: 404,
    });
  });
});

describe("events: paging", () => {
  it("follows Next-Page links through three pages", async () => {
    carrier.handle((req, res) => {
      const n = Number(req.query.cursor ?? "0");
      const next: Record<string, string> =
        n < 2 ? { "Next-Page": `${carrier.origin}/tnt/v2/events?cursor=${n + 1}&limit=100` } : {};
      page(res, dcsaEvents(n * 10, 2), next);
    });
    const result = await client().events(connection(), BL);
    expect(result).toEqual({
      ok: true,
      value: [...dcsaEvents(0, 2), ...dcsaEvents(10, 2), ...dcsaEvents(20, 2)],
    });
    expect(apiRequests().map((r) => r.query.cursor)).toEqual([undefined, "1", "2"]);
  });

  it("follows bare cursors through three pages, sending the cursor alone", async () => {
    const cursors = ["fE9mZnNldHw9MiZsaW1pdD0y", "fE9mZnNldHw9NCZsaW1pdD0y"];
    carrier.handle((req, res) => {
      const n = req.query.cursor ? cursors.indexOf(req.query.cursor) + 1 : 0;
      page(res, dcsaEvents(n * 10, 2), n < 2 ? { "Next-Page": cursors[n]! } : {});
    });
    const result = await client({ pageSize: 2 }).events(connection(), BL);
    expect(result.ok && result.value).toHaveLength(6);
    const requests = apiRequests();
    expect(requests.map((r) => r.query)).toEqual([
      { transportDocumentReference: "MAEU123456", limit: "2" },
      { cursor: cursors[0] },
      { cursor: cursors[1] },
    ]);
  });

  it("sorts a 404 on a later page as the carrier's paging gone wrong, not as an unknown reference", async () => {
    carrier.handle((req, res) =>
      req.query.cursor ? json(res, 404, {}) : page(res, dcsaEvents(1, 1), { "Next-Page": "gone" }),
    );
    expect(expectFailure(await client().events(connection(), BL))).toEqual({
      kind: "unreadable",
      httpStatus: 404,
      detail: "The carrier answered 404 for page 2 of its own paging",
    });
  });

  it("refuses a Next-Page link to another origin as unreadable", async () => {
    carrier.handle((_, res) =>
      page(res, dcsaEvents(1, 1), { "Next-Page": "https://elsewhere.example/v2/events?cursor=2" }),
    );
    const failure = expectFailure(await client().events(connection(apiKey), BL));
    expect(failure.kind).toBe("unreadable");
    expect(failure.detail).toMatch(/points to https:\/\/elsewhere\.example/);
    expect(apiRequests()).toHaveLength(1);
  });

  it("stops at the page cap, and at a page that links back to one already read, saying so in the log", async () => {
    const warnings: string[] = [];
    const logger = {
      debug() {},
      info() {},
      error() {},
      warn: (message: string) => warnings.push(message),
    } as Logger;
    carrier.handle((req, res) => {
      const n = Number(req.query.cursor ?? "0");
      page(res, dcsaEvents(n, 1), { "Next-Page": String(n + 1) });
    });
    const capped = await client({ maxPages: 4, logger }).events(connection(), BL);
    expect(capped.ok && capped.value).toHaveLength(4);
    expect(apiRequests()).toHaveLength(4);
    expect(warnings).toEqual(["dcsa paging stopped at the page cap"]);

    carrier.requests.length = 0;
    carrier.handle((req, res) => page(res, dcsaEvents(req.query.cursor ? 2 : 1, 1), { "Next-Page": "same" }));
    const looped = await client({ logger }).events(connection(), BL);
    expect(looped.ok && looped.value).toHaveLength(2);
    expect(apiRequests()).toHaveLength(2);
    expect(warnings.at(-1)).toBe("dcsa paging stopped at a page already read");
  });
});

describe("events: carrier trouble", () => {
  it.each([
    [401, "The carrier refused the API key (401)"],
    [403, "The carrier refused the API key (403)"],
  ])("sorts %i as refused credentials naming the API key", async (status, detail) => {
    carrier.handle((_, res) => json(res, status, {}));
    expect(expectFailure(await client().events(connection(apiKey), BL))).toEqual({
      kind: "credentials_refused",
      httpStatus: status,
      detail,
    });
  });

  it("sorts a 404 and an empty answer as not found", async () => {
    carrier.handle((_, res) => json(res, 404, {}));
    expect(expectFailure(await client().events(connection(), BL))).toEqual({
      kind: "not_found",
      detail: "The carrier does not know transportDocumentReference MAEU123456 (404)",
    });
    carrier.handle((_, res) => page(res, []));
    expect(expectFailure(await client().events(connection(), BL))).toEqual({
      kind: "not_found",
      detail: "The carrier has no events for transportDocumentReference MAEU123456",
    });
  });

  it("sorts a 429 as rate limited until Retry-After: seconds, an HTTP date, or a minute when absent", async () => {
    carrier.handle((_, res) => json(res, 429, {}, { "Retry-After": "120" }));
    expect(expectFailure(await client().events(connection(), BL))).toMatchObject({
      kind: "rate_limited",
      retryAfter: new Date("2026-03-01T12:02:00Z"),
    });
    carrier.handle((_, res) => json(res, 429, {}, { "Retry-After": "Sun, 01 Mar 2026 12:30:00 GMT" }));
    expect(expectFailure(await client().events(connection(), BL))).toMatchObject({
      retryAfter: new Date("2026-03-01T12:30:00Z"),
    });
    carrier.handle((_, res) => json(res, 429, {}));
    expect(expectFailure(await client().events(connection(), BL))).toMatchObject({
      retryAfter: new Date("2026-03-01T12:01:00Z"),
    });
  });

  it("sorts a 500, a refused connection and an unknown host as unavailable", async () => {
    carrier.handle((_, res) => json(res, 500, {}));
    expect(expectFailure(await client().events(connection(), BL))).toEqual({
      kind: "unavailable",
      httpStatus: 500,
      detail: "The carrier answered 500",
    });
    const closed = carrier.origin;
    await carrier.close();
    const refused = expectFailure(await client().events(connection(apiKey, { baseUrl: closed }), BL));
    expect(refused).toMatchObject({ kind: "unavailable", httpStatus: null });
    expect(refused.detail).toMatch(/ECONNREFUSED/);
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND carrier.invalid"), { code: "ENOTFOUND" });
    };
    const unknown = expectFailure(
      await client({ resolve: nowhere }).events(
        connection(apiKey, { baseUrl: "https://carrier.invalid" }),
        BL,
      ),
    );
    expect(unknown).toMatchObject({ kind: "unavailable", httpStatus: null });
    expect(unknown.detail).toMatch(/ENOTFOUND/);
    carrier = await startFakeCarrier();
  });

  it("keeps the default for an option passed as undefined (an unset setting)", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 1)));
    expect((await client({ timeoutMs: undefined, pageSize: undefined }).events(connection(), BL)).ok).toBe(
      true,
    );
    expect(apiRequests()[0]!.query.limit).toBe("100");
  });

  it("gives up on a carrier that never answers at the timeout, as unavailable", async () => {
    carrier.handle(() => {});
    const failure = expectFailure(await client({ timeoutMs: 200 }).events(connection(apiKey), BL));
    expect(failure).toEqual({
      kind: "unavailable",
      httpStatus: null,
      detail: "No answer from the carrier within 200 ms",
    });
  });

  it.each([
    ["a JSON object", (res: http.ServerResponse) => json(res, 200, { events: [] })],
    [
      "events without eventType",
      (res: http.ServerResponse) => json(res, 200, [{ eventClassifierCode: "ACT" }]),
    ],
    ["HTML", (res: http.ServerResponse) => res.writeHead(200, { "Content-Type": "text/html" }).end("<html>")],
  ])("sorts a 2xx with %s as unreadable", async (_, answer) => {
    carrier.handle((_req, res) => answer(res));
    expect(expectFailure(await client().events(connection(), BL))).toEqual({
      kind: "unreadable",
      httpStatus: 200,
      detail:
        "The carrier answered 200, but not with DCSA events (a JSON array of events, each with its eventType)",
    });
  });

  it("reads no more than the body cap", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 50)));
    const failure = expectFailure(await client({ maxBodyBytes: 4096 }).events(connection(), BL));
    expect(failure).toMatchObject({ kind: "unreadable", httpStatus: 200 });
    expect(failure.detail).toMatch(/larger than 4 KiB/);
  });

  it("does not follow redirects", async () => {
    carrier.handle((_, res) => res.writeHead(302, { Location: "http://127.0.0.1:1/v2/events" }).end());
    expect(expectFailure(await client().events(connection(), BL))).toMatchObject({
      kind: "unreadable",
      httpStatus: 302,
    });
    expect(carrier.requests).toHaveLength(1);
  });
});

describe("the address guard", () => {
  it("refuses a loopback carrier unless the connection is internal, before any request", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 1)));
    const refused = expectFailure(await client().events(connection(apiKey, { internal: false }), BL));
    expect(refused.kind).toBe("address_refused");
    expect(refused.detail).toMatch(
      /127\.0\.0\.1 is loopback; carrier connections may only reach public addresses/,
    );
    expect(carrier.requests).toHaveLength(0);
    expect((await client().events(connection(apiKey, { internal: true }), BL)).ok).toBe(true);
  });

  it("checks what a name resolves to, and connects to exactly that address", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 1)));
    const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const named = `http://carrier.example:${carrier.port}`;
    const refused = expectFailure(
      await client({ resolve: toLoopback }).events(
        connection(apiKey, { baseUrl: named, internal: false }),
        BL,
      ),
    );
    expect(refused.detail).toMatch(/carrier\.example resolves to 127\.0\.0\.1/);
    const internal = await client({ resolve: toLoopback }).events(connection(apiKey, { baseUrl: named }), BL);
    expect(internal.ok).toBe(true);
    expect(carrier.requests[0]!.headers.host).toBe(`carrier.example:${carrier.port}`);
  });

  it("verifies the carrier's TLS certificate against its name, sending nothing to one it cannot trust", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dcsa-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=carrier.example",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    let requests = 0;
    const server = https.createServer(
      { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
      (_, res) => {
        requests += 1;
        res.end("[]");
      },
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
      const failure = expectFailure(
        await client({ resolve: toLoopback }).events(
          connection(apiKey, { baseUrl: `https://carrier.example:${port}` }),
          BL,
        ),
      );
      expect(failure).toMatchObject({ kind: "unavailable", httpStatus: null });
      expect(failure.detail).toMatch(/self[- ]signed certificate/);
      expect(requests).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a private token endpoint, and plain http to a public address", async () => {
    const toPublic: Resolver = async () => [{ address: "93.184.215.14", family: 4 }];
    const privateToken = expectFailure(
      await client({ resolve: toPublic }).events(
        connection({ ...oauth(), tokenUrl: "https://10.1.2.3/token" } as DcsaAuth, {
          baseUrl: "https://api.carrier.example",
          internal: false,
        }),
        BL,
      ),
    );
    expect(privateToken).toMatchObject({ kind: "address_refused" });
    expect(privateToken.detail).toMatch(/10\.1\.2\.3 is private/);
    const plain = expectFailure(
      await client({ resolve: toPublic }).events(
        connection(apiKey, { baseUrl: "http://api.carrier.example", internal: false }),
        BL,
      ),
    );
    expect(plain).toMatchObject({ kind: "address_refused" });
    expect(plain.detail).toMatch(/plain http/);
  });
});

describe("probe", () => {
  it("makes one GET /v2/events?limit=1 and says it is connected", async () => {
    carrier.handle((_, res) => page(res, dcsaEvents(1, 1)));
    const probe = await client().probe(connection(apiKey));
    expect(probe).toMatchObject({
      ok: true,
      status: "ok",
      httpStatus: 200,
      detail: "Connected: the carrier answered 200 with 1 event",
      url: `${carrier.origin}/tnt/v2/events?limit=1`,
    });
    expect(apiRequests().map((r) => r.query)).toEqual([{ limit: "1" }]);
  });

  it("fetches the OAuth token first", async () => {
    carrierWithTokens();
    const probe = await client().probe(connection(oauth()));
    expect(probe.detail).toBe("Connected: the carrier answered 200 with 3 events");
    expect(tokenRequests()).toHaveLength(1);
  });

  it.each([
    [
      "a refused key",
      (res: http.ServerResponse) => json(res, 401, {}),
      "credentials_refused",
      401,
      "The carrier refused the API key (401)",
    ],
    [
      "an empty answer",
      (res: http.ServerResponse) => json(res, 200, [], { "Current-Page": "1" }),
      "ok",
      200,
      "Connected: the carrier answered 200 with an empty list (no reference was asked for)",
    ],
    [
      "a 429",
      (res: http.ServerResponse) => json(res, 429, {}, { "Retry-After": "30" }),
      "rate_limited",
      429,
      "The carrier is limiting requests (429); asking again after 2026-03-01T12:00:30.000Z",
    ],
    [
      "a 503",
      (res: http.ServerResponse) => json(res, 503, {}),
      "not_reachable",
      503,
      "The carrier answered 503",
    ],
    [
      "a 404",
      (res: http.ServerResponse) => json(res, 404, {}),
      "error",
      404,
      /answered 404 at .*: is the base URL that of its DCSA T&T API\?/,
    ],
    ["no answer", () => {}, "not_reachable", null, "No answer from the carrier within 300 ms"],
  ] as const)("words %s for the user", async (_, answer, status, httpStatus, detail) => {
    carrier.handle((_req, res) => answer(res));
    // Only the case that waits for the timeout has a short one: a loaded machine may take long to answer.
    const probe = await client(httpStatus === null ? { timeoutMs: 300 } : {}).probe(connection(apiKey));
    expect(probe).toMatchObject({ ok: status === "ok", status, httpStatus });
    expect(probe.detail).toMatch(
      typeof detail === "string" ? new RegExp(`^${detail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : detail,
    );
    expect(probe.detail).not.toContain(API_KEY);
  });

  it("never throws: a refused address and an unreadable token URL are answers too", async () => {
    const probe = await client().probe(connection(apiKey, { internal: false }));
    expect(probe).toMatchObject({ ok: false, status: "address_refused", httpStatus: null });
    const badToken = await client().probe(connection({ ...oauth(), tokenUrl: "not a url" } as DcsaAuth));
    expect(badToken).toMatchObject({ ok: false, status: "error" });
    const badBase = await client().probe(connection(apiKey, { baseUrl: "carrier without scheme" }));
    expect(badBase).toMatchObject({
      ok: false,
      status: "error",
      detail: "The base URL is not an absolute address",
    });
    expect(carrier.requests).toHaveLength(0);
  });
});

describe("subscriptions", () => {
  it("subscribes with the standard's body and answers the carrier's subscriptionID", async () => {
    const id = "8fbdc2d8-57c8-48b9-a04b-18fd8ec1d809";
    carrier.handle((req, res) => {
      const created = { subscriptionID: id, ...(req.body as object), secret: undefined };
      expect(validateDcsaResponse("POST /v2/event-subscriptions", 201, created)).toEqual([]);
      json(res, 201, created);
    });
    const secret = Buffer.from("a shared secret of 32 bytes......");
    const result = await client().subscribe(connection(apiKey), {
      callbackUrl: "https://boxtrack.example/v2/dcsa/notifications/conn-1",
      secret,
      reference: { requestType: "container", reference: "APZU4812090" },
    });
    expect(result).toEqual({ ok: true, value: { subscriptionId: id } });
    const [request] = apiRequests();
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/tnt/v2/event-subscriptions");
    expect(request!.headers["api-key"]).toBe(API_KEY);
    expect(request!.body).toEqual({
      callbackUrl: "https://boxtrack.example/v2/dcsa/notifications/conn-1",
      eventType: ["SHIPMENT", "TRANSPORT", "EQUIPMENT"],
      equipmentReference: "APZU4812090",
      secret: secret.toString("base64"),
    });
  });

  it("sorts a subscription answer without an ID as unreadable, and a missing endpoint too", async () => {
    carrier.handle((_, res) => json(res, 201, {}));
    const sub = { callbackUrl: "https://boxtrack.example/cb", secret: Buffer.from("x"), reference: BL };
    expect(expectFailure(await client().subscribe(connection(), sub))).toMatchObject({
      kind: "unreadable",
      httpStatus: 201,
    });
    carrier.handle((_, res) => json(res, 404, {}));
    expect(expectFailure(await client().subscribe(connection(), sub))).toMatchObject({
      kind: "unreadable",
      httpStatus: 404,
    });
  });

  it("unsubscribes by DELETE; one the carrier no longer knows is gone already", async () => {
    carrier.handle((_, res) => res.writeHead(204).end());
    const id = "8fbdc2d8-57c8-48b9-a04b-18fd8ec1d809";
    expect(await client().unsubscribe(connection(apiKey), id)).toEqual({ ok: true, value: undefined });
    const [request] = apiRequests();
    expect([request!.method, request!.path]).toEqual(["DELETE", `/tnt/v2/event-subscriptions/${id}`]);
    carrier.handle((_, res) => json(res, 404, {}));
    expect((await client().unsubscribe(connection(apiKey), id)).ok).toBe(true);
    carrier.handle((_, res) => json(res, 403, {}));
    expect(expectFailure(await client().unsubscribe(connection(apiKey), id))).toMatchObject({
      kind: "credentials_refused",
    });
  });
});
