// Service tests of /v2/carrier_connections: create, list (paged, by SCAC), read, change, delete; every refusal at
// its pointer; another account's connection is not found; secrets are write-only and sealed in the database; a
// service without SECRETS_KEY refuses a secret; the internal flag is the operator's; `POST …/test` records what the
// carrier answered (here a DcsaClient double: the real client's test against a local carrier is its own).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CarrierConnection,
  carrierConnectionDocumentSchema,
  carrierConnectionListDocumentSchema,
  carrierConnectionTestDocumentSchema,
} from "../../../api/carrier-connections";
import { carrierConnections, dcsaSubscriptions } from "../../db/schema";
import { openSecret, sealSecret } from "../../secrets";
import { createHarness, type Harness } from "../../testing/service-harness";
import type { DcsaClient, DcsaConnection, DcsaProbe } from "../../tracking/dcsa/connection";

const SECRETS_KEY = randomBytes(32);
const API_KEY = "k3y-that-must-never-show-up";
const CLIENT_SECRET = "oauth-secret-never-shown";

/** Answers probes as told, and keeps the connections it was handed (to see the opened secrets reach it). */
class ProbeDouble implements DcsaClient {
  answer: DcsaProbe = {
    ok: true,
    status: "ok",
    httpStatus: 200,
    detail: "Connected: the carrier answered 200 with 1 event",
    url: "",
    durationMs: 12,
  };
  seen: DcsaConnection[] = [];
  async probe(connection: DcsaConnection): Promise<DcsaProbe> {
    this.seen.push(connection);
    return { ...this.answer, url: `${connection.baseUrl}/v2/events?limit=1` };
  }
  events(): never {
    throw new Error("not used by the routes");
  }
  subscribe(): never {
    throw new Error("not used by the routes");
  }
  unsubscribe(): never {
    throw new Error("not used by the routes");
  }
}

let h: Harness;
let bare: Harness;
let key: string;
let otherKey: string;
let accountId: string;
const client = new ProbeDouble();

beforeAll(async () => {
  h = await createHarness({
    carrierConnections: {
      secretsKey: SECRETS_KEY,
      dcsaClient: client,
      carrierConnectionsAllowInternal: false,
    },
  });
  const account = await h.newAccount("Connections Co");
  key = account.apiKey;
  accountId = account.account.id;
  otherKey = (await h.newAccount("Other Co")).apiKey;
});
afterAll(async () => {
  await h.close();
  await bare?.close();
});

type Init = { method?: string; json?: unknown };
const call = (path: string, init: Init = {}, as = key, harness = h) => harness.request(as, path, init);
const body = (attributes: Record<string, unknown>) => ({ data: { type: "carrier_connection", attributes } });
const create = (attributes: Record<string, unknown>, as = key, harness = h) =>
  call("/v2/carrier_connections", { method: "POST", json: body(attributes) }, as, harness);
const patch = (id: string, attributes: Record<string, unknown>, as = key) =>
  call(`/v2/carrier_connections/${id}`, { method: "PATCH", json: body(attributes) }, as);

const apiKeyConnection = (scac: string, extra: Record<string, unknown> = {}) => ({
  scac,
  name: `${scac} production`,
  base_url: `https://dcsa.${scac.toLowerCase()}.example/tnt/`,
  auth_type: "api_key",
  api_key_header: "API-Key",
  api_key: API_KEY,
  ...extra,
});

async function created(attributes: Record<string, unknown>, as = key): Promise<CarrierConnection> {
  const response = await create(attributes, as);
  const text = await response.clone().text();
  expect(response.status, text).toBe(201);
  expect(text).not.toContain(API_KEY);
  expect(text).not.toContain(CLIENT_SECRET);
  return carrierConnectionDocumentSchema.parse(await response.json()).data;
}

async function errorsOf(response: Response, status = 422) {
  expect(response.status).toBe(status);
  return (
    (await response.json()) as { errors: { code: string; detail: string; source: { pointer?: string } }[] }
  ).errors;
}

async function refusal(response: Response) {
  const errors = await errorsOf(response);
  return errors.map((e) => [e.source.pointer, e.detail] as const);
}

async function storedRow(id: string) {
  const [row] = await h.db.select().from(carrierConnections).where(eq(carrierConnections.id, id));
  return row!;
}

describe("carrier connections", () => {
  it("creates a connection with its SCAC's line, a trimmed base URL and no secret in the answer", async () => {
    const connection = await created(apiKeyConnection("MAEU"));
    expect(connection.attributes).toMatchObject({
      scac: "MAEU",
      shipping_line_name: "Maersk",
      name: "MAEU production",
      base_url: "https://dcsa.maeu.example/tnt",
      api_version: "2.2",
      auth_type: "api_key",
      api_key_header: "API-Key",
      api_key_set: true,
      oauth_client_secret_set: false,
      internal: false,
      push_enabled: false,
      status: "untested",
      status_detail: null,
      checked_at: null,
    });
    expect(JSON.stringify(connection)).not.toContain(API_KEY);
    // At rest the key is sealed, not the plain text, and opens with the service's key only.
    const row = await storedRow(connection.id);
    expect(row.apiKeySealed).not.toContain(API_KEY);
    expect(openSecret(row.apiKeySealed!, SECRETS_KEY).toString("utf8")).toBe(API_KEY);
    expect(() => openSecret(row.apiKeySealed!, randomBytes(32))).toThrow();
    // Read back as created.
    const again = await call(connection.links.self);
    expect(carrierConnectionDocumentSchema.parse(await again.json()).data).toEqual(connection);
  });

  it("stores an alternative SCAC as its line's main one, and finds it by either in filter[scac]", async () => {
    const line = [...h.reference.shippingLines.values()].find((l) => l.alternativeScacs.length > 0)!;
    const alternative = line.alternativeScacs[0]!;
    const connection = await created({
      scac: alternative.toLowerCase(),
      base_url: "https://alt.example/dcsa",
      auth_type: "none",
    });
    expect(connection.attributes.scac).toBe(line.scac);
    for (const asked of [alternative, line.scac]) {
      const list = carrierConnectionListDocumentSchema.parse(
        await (await call(`/v2/carrier_connections?filter[scac]=${asked}`)).json(),
      );
      expect(list.data.map((c) => c.id)).toEqual([connection.id]);
    }
    expect(await (await call(`/v2/carrier_connections/${connection.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
  });

  it("lists by SCAC in pages, with exact totals", async () => {
    const account = await h.newAccount("Lister");
    for (const scac of ["ONEY", "CMDU", "HLCU"]) {
      await created({ scac, base_url: `https://${scac}.example`, auth_type: "none" }, account.apiKey);
    }
    const first = carrierConnectionListDocumentSchema.parse(
      await (await call("/v2/carrier_connections?page[size]=2", {}, account.apiKey)).json(),
    );
    expect(first.data.map((c) => c.attributes.scac)).toEqual(["CMDU", "HLCU"]);
    expect(first.meta).toEqual({ size: 2, total: 3 });
    expect(first.links.next).toBeDefined();
    const second = carrierConnectionListDocumentSchema.parse(
      await (await call("/v2/carrier_connections?page[size]=2&page[number]=2", {}, account.apiKey)).json(),
    );
    expect(second.data.map((c) => c.attributes.scac)).toEqual(["ONEY"]);
    const bad = await errorsOf(await call("/v2/carrier_connections?filter[scac]=not%20a%20scac"), 400);
    expect(bad[0]).toMatchObject({ source: { parameter: "filter[scac]" } });
  });

  it("refuses every bad attribute at its pointer, all at once", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ scac: "ZZZZ" }, "scac", /^Scac 'ZZZZ' is not recognized/],
      [{ base_url: "not a url" }, "base_url", /^Base url must be an absolute https URL/],
      [{ base_url: "ftp://x.example" }, "base_url", /^Base url must be an https URL/],
      [{ base_url: "http://x.example" }, "base_url", /^Base url must be an https URL; plain http/],
      [{ base_url: "https://u:p@x.example" }, "base_url", /cannot carry a user name or password/],
      [{ base_url: "https://x.example/tnt?x=1" }, "base_url", /cannot have a query or fragment/],
      [{ base_url: "https://x.example/tnt#top" }, "base_url", /cannot have a query or fragment/],
      [{ base_url: "https://127.0.0.1/tnt" }, "base_url", /points to 127\.0\.0\.1, which is .*internal/],
      [{ base_url: "https://10.1.2.3" }, "base_url", /points to 10\.1\.2\.3/],
      [{ base_url: "https://localhost:8443" }, "base_url", /points to localhost/],
      [{ base_url: `https://x.example/${"a".repeat(2001)}` }, "base_url", /at most 2000 characters/],
      [{ api_key_header: "API Key:" }, "api_key_header", /^API key header must be a valid HTTP header name/],
      [{ api_key_header: null }, "api_key_header", /^API key header can't be blank for auth_type api_key/],
      [{ api_key: null }, "api_key", /^API key can't be blank/],
      [{ api_key: "" }, "api_key", /^API key can't be blank/],
      [{ api_key: "a\r\nX-Injected: 1" }, "api_key", /control characters/],
      [{ api_key: "k".repeat(4097) }, "api_key", /at most 4096 characters/],
      [
        { oauth_client_id: "someone" },
        "oauth_client_id",
        /applies only to auth_type oauth2_client_credentials/,
      ],
      [{ internal: true }, "internal", /CARRIER_CONNECTIONS_ALLOW_INTERNAL=1/],
      [{ name: "n".repeat(201) }, "name", /at most 200 characters/],
    ];
    for (const [change, field, detail] of cases) {
      const errors = await refusal(await create(apiKeyConnection("MSCU", change)));
      expect(errors, JSON.stringify(change)).toContainEqual([
        `/data/attributes/${field}`,
        expect.stringMatching(detail),
      ]);
    }
    // Several problems are told together.
    const many = await refusal(await create({ scac: "NOPE", base_url: "http://x", auth_type: "api_key" }));
    expect(many.map(([pointer]) => pointer)).toEqual([
      "/data/attributes/scac",
      "/data/attributes/base_url",
      "/data/attributes/api_key_header",
      "/data/attributes/api_key",
    ]);
    // The schema's own checks: required attributes, an unknown auth type, an attribute that does not exist.
    const shape = await errorsOf(await create({ auth_type: "basic", secret: "x" }));
    expect(shape.map((e) => e.source.pointer)).toEqual(
      expect.arrayContaining([
        "/data/attributes/scac",
        "/data/attributes/base_url",
        "/data/attributes/auth_type",
      ]),
    );
    expect(shape.find((e) => e.source.pointer === "/data/attributes/secret")?.code).toBe("unknown_attribute");
    // Nothing was stored.
    const list = carrierConnectionListDocumentSchema.parse(
      await (await call("/v2/carrier_connections?filter[scac]=MSCU")).json(),
    );
    expect(list.meta.total).toBe(0);
  });

  it("requires the OAuth fields, and refuses a token URL that is not https", async () => {
    const oauth = {
      scac: "CMDU",
      base_url: "https://api.cma.example/dcsa",
      auth_type: "oauth2_client_credentials",
    };
    const missing = await refusal(await create(oauth));
    expect(missing.map(([p]) => p)).toEqual([
      "/data/attributes/oauth_token_url",
      "/data/attributes/oauth_client_id",
      "/data/attributes/oauth_client_secret",
    ]);
    const plain = await refusal(
      await create({
        ...oauth,
        oauth_token_url: "http://auth.cma.example/token",
        oauth_client_id: "me",
        oauth_client_secret: CLIENT_SECRET,
        api_key: "x",
      }),
    );
    expect(plain).toEqual([
      ["/data/attributes/api_key", expect.stringMatching(/applies only to auth_type api_key/)],
      ["/data/attributes/oauth_token_url", expect.stringMatching(/^OAuth token url must be an https URL/)],
    ]);
    const connection = await created({
      ...oauth,
      oauth_token_url: "https://auth.cma.example/token",
      oauth_client_id: "me",
      oauth_client_secret: CLIENT_SECRET,
      oauth_scope: "  tnt:read ",
      api_key: null,
    });
    expect(connection.attributes).toMatchObject({
      oauth_token_url: "https://auth.cma.example/token",
      oauth_client_id: "me",
      oauth_scope: "tnt:read",
      oauth_client_secret_set: true,
      api_key_set: false,
    });
    const row = await storedRow(connection.id);
    expect(row.oauthClientSecretSealed).not.toContain(CLIENT_SECRET);
    expect(openSecret(row.oauthClientSecretSealed!, SECRETS_KEY).toString()).toBe(CLIENT_SECRET);
  });

  it("allows one connection per shipping line, whichever of its SCACs is sent", async () => {
    const account = await h.newAccount("Twice");
    await created({ scac: "HLCU", base_url: "https://a.example", auth_type: "none" }, account.apiKey);
    const again = await refusal(
      await create({ scac: "hlcu", base_url: "https://b.example", auth_type: "none" }, account.apiKey),
    );
    expect(again).toEqual([
      ["/data/attributes/scac", expect.stringMatching(/already has a carrier connection for HLCU/)],
    ]);
    // Another account may connect the same line.
    await created({ scac: "HLCU", base_url: "https://a.example", auth_type: "none" }, otherKey);
    // PATCHing another connection onto a taken SCAC is refused too.
    const oney = await created(
      { scac: "ONEY", base_url: "https://o.example", auth_type: "none" },
      account.apiKey,
    );
    const moved = await call(
      `/v2/carrier_connections/${oney.id}`,
      { method: "PATCH", json: body({ scac: "HLCU" }) },
      account.apiKey,
    );
    expect(await refusal(moved)).toEqual([["/data/attributes/scac", expect.stringMatching(/already has/)]]);
  });

  it("keeps a secret that a PATCH does not send, replaces one sent, and clears one sent as null", async () => {
    const connection = await created(apiKeyConnection("ZIMU"));
    const sealedBefore = (await storedRow(connection.id)).apiKeySealed;
    const renamed = carrierConnectionDocumentSchema.parse(
      await (await patch(connection.id, { name: "Zim" })).json(),
    ).data;
    expect(renamed.attributes).toMatchObject({ name: "Zim", api_key_set: true });
    expect((await storedRow(connection.id)).apiKeySealed).toBe(sealedBefore);

    const replaced = await patch(connection.id, { api_key: "a-new-key" });
    expect(replaced.status).toBe(200);
    const sealedAfter = (await storedRow(connection.id)).apiKeySealed!;
    expect(openSecret(sealedAfter, SECRETS_KEY).toString()).toBe("a-new-key");

    // Cleared, an api_key connection lacks its key: refused; switching to none clears it and its header.
    expect(await refusal(await patch(connection.id, { api_key: null }))).toEqual([
      ["/data/attributes/api_key", expect.stringMatching(/can't be blank/)],
    ]);
    const none = carrierConnectionDocumentSchema.parse(
      await (await patch(connection.id, { auth_type: "none", api_key: null })).json(),
    ).data;
    expect(none.attributes).toMatchObject({ auth_type: "none", api_key_set: false, api_key_header: null });
    expect((await storedRow(connection.id)).apiKeySealed).toBeNull();
  });

  it("resets the status to untested when where or how the carrier is called changes, not for a label", async () => {
    const connection = await created(apiKeyConnection("YMLU"));
    await call(`/v2/carrier_connections/${connection.id}/test`, { method: "POST" });
    const tested = () =>
      call(connection.links.self).then(
        async (r) => carrierConnectionDocumentSchema.parse(await r.json()).data,
      );
    expect((await tested()).attributes.status).toBe("ok");
    await patch(connection.id, { name: "Yang Ming", push_enabled: true });
    expect((await tested()).attributes).toMatchObject({ status: "ok", push_enabled: true });
    for (const change of [
      { base_url: "https://other.example/tnt" },
      { api_key: "rotated" },
      { api_key_header: "X-API-Key" },
    ]) {
      await call(`/v2/carrier_connections/${connection.id}/test`, { method: "POST" });
      expect((await tested()).attributes.status).toBe("ok");
      expect((await patch(connection.id, change)).status).toBe(200);
      const after = (await tested()).attributes;
      expect(after, JSON.stringify(change)).toMatchObject({
        status: "untested",
        status_detail: null,
        checked_at: null,
      });
      // When it last worked is history, kept.
      expect(after.last_success_at).not.toBeNull();
    }
  });

  it("tests a connection through the DCSA client, with its secret opened, and records what it got", async () => {
    const connection = await created(apiKeyConnection("EGLV"));
    client.answer = {
      ok: true,
      status: "ok",
      httpStatus: 200,
      detail: "Connected: the carrier answered 200 with 1 event",
      url: "",
      durationMs: 31,
    };
    const started = h.clock.now();
    const response = await call(`/v2/carrier_connections/${connection.id}/test`, { method: "POST" });
    const text = await response.clone().text();
    expect(response.status, text).toBe(200);
    expect(text).not.toContain(API_KEY);
    const document = carrierConnectionTestDocumentSchema.parse(await response.json());
    expect(document.data.attributes).toMatchObject({
      ok: true,
      status: "ok",
      http_status: 200,
      url: "https://dcsa.eglv.example/tnt/v2/events?limit=1",
      duration_ms: 31,
      checked_at: started.toISOString(),
    });
    expect(document.data.relationships.carrier_connection.data.id).toBe(connection.id);
    expect(document.included[0]!.attributes).toMatchObject({
      status: "ok",
      checked_at: started.toISOString(),
      last_success_at: started.toISOString(),
    });
    const seen = client.seen.at(-1)!;
    expect(seen).toMatchObject({
      id: connection.id,
      accountId,
      scac: "EGLV",
      baseUrl: "https://dcsa.eglv.example/tnt",
    });
    expect(seen.auth).toEqual({ type: "api_key", header: "API-Key", value: API_KEY });

    // The carrier refuses the key: the status says so, and the last success is kept.
    client.answer = {
      ok: false,
      status: "credentials_refused",
      httpStatus: 401,
      detail: "The carrier refused the API key (401)",
      url: "",
      durationMs: 5,
    };
    h.clock.advance(60_000);
    const refused = carrierConnectionTestDocumentSchema.parse(
      await (await call(`/v2/carrier_connections/${connection.id}/test`, { method: "POST" })).json(),
    );
    expect(refused.data.attributes).toMatchObject({
      ok: false,
      status: "credentials_refused",
      http_status: 401,
    });
    const after = carrierConnectionDocumentSchema.parse(
      await (await call(connection.links.self)).json(),
    ).data;
    expect(after.attributes).toMatchObject({
      status: "credentials_refused",
      status_detail: "The carrier refused the API key (401)",
      checked_at: h.clock.now().toISOString(),
      last_success_at: started.toISOString(),
    });
    // Not a word of the key in anything logged.
    expect(h.logs.join("\n")).not.toContain(API_KEY);
  });

  it("tests a connection whose secret was sealed under another key as an error saying so, without a call", async () => {
    const connection = await created(apiKeyConnection("SUDU"));
    await h.db
      .update(carrierConnections)
      .set({ apiKeySealed: sealSecret("old", randomBytes(32)) })
      .where(eq(carrierConnections.id, connection.id));
    const calls = client.seen.length;
    const document = carrierConnectionTestDocumentSchema.parse(
      await (await call(`/v2/carrier_connections/${connection.id}/test`, { method: "POST" })).json(),
    );
    expect(client.seen.length).toBe(calls);
    expect(document.data.attributes).toMatchObject({ ok: false, status: "error", http_status: null });
    expect(document.data.attributes.detail).toMatch(/SECRETS_KEY changed/);
    expect(document.included[0]!.attributes.status).toBe("error");
  });

  it("deletes a connection with 204, and its DCSA subscriptions with it", async () => {
    const connection = await created(apiKeyConnection("COSU"));
    await h.db.insert(dcsaSubscriptions).values({
      accountId,
      connectionId: connection.id,
      requestType: "bill_of_lading",
      reference: "COSU123",
      secretSealed: sealSecret(randomBytes(32), SECRETS_KEY),
    });
    const deleted = await call(connection.links.self, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await call(connection.links.self)).status).toBe(404);
    const left = await h.db
      .select()
      .from(dcsaSubscriptions)
      .where(eq(dcsaSubscriptions.connectionId, connection.id));
    expect(left).toEqual([]);
    expect((await call(connection.links.self, { method: "DELETE" })).status).toBe(404);
  });

  it("never reads, changes, tests or deletes another account's connection", async () => {
    const mine = await created(apiKeyConnection("OOLU"));
    const path = `/v2/carrier_connections/${mine.id}`;
    for (const [method, json] of [
      ["GET", undefined],
      ["PATCH", body({ name: "taken over" })],
      ["DELETE", undefined],
    ] as const) {
      const errors = await errorsOf(await call(path, { method, json }, otherKey), 404);
      expect(errors[0]!.detail).toMatch(/No carrier connection with id/);
    }
    expect((await call(`${path}/test`, { method: "POST" }, otherKey)).status).toBe(404);
    const theirs = carrierConnectionListDocumentSchema.parse(
      await (await call("/v2/carrier_connections", {}, otherKey)).json(),
    );
    expect(theirs.data.map((c) => c.id)).not.toContain(mine.id);
    // Still mine, unchanged.
    const still = carrierConnectionDocumentSchema.parse(await (await call(path)).json()).data;
    expect(still.attributes.name).toBe("OOLU production");
    expect((await call("/v2/carrier_connections/not-a-uuid")).status).toBe(404);
  });

  it("answers a PATCH whose data.id is another connection's with 422", async () => {
    const connection = await created(apiKeyConnection("HDMU"));
    const response = await call(`/v2/carrier_connections/${connection.id}`, {
      method: "PATCH",
      json: {
        data: { type: "carrier_connection", id: "00000000-0000-0000-0000-000000000000", attributes: {} },
      },
    });
    expect((await errorsOf(response))[0]!.source.pointer).toBe("/data/id");
  });

  it("lists the routes in the OpenAPI document", async () => {
    const document = (await (await h.request(null, "/v2/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/v2/carrier_connections"]!)).toEqual(
      expect.arrayContaining(["get", "post"]),
    );
    expect(Object.keys(document.paths["/v2/carrier_connections/{id}"]!)).toEqual(
      expect.arrayContaining(["get", "patch", "delete"]),
    );
    expect(Object.keys(document.paths["/v2/carrier_connections/{id}/test"]!)).toEqual(["post"]);
  });
});

describe("carrier connections behind the response cache", () => {
  it("answers a read after a PATCH with the change at once", async () => {
    const cached = await createHarness({
      responseCache: true,
      carrierConnections: { secretsKey: SECRETS_KEY },
    });
    try {
      const as = (await cached.newAccount("Cached")).apiKey;
      const made = await create(apiKeyConnection("MAEU"), as, cached);
      const { id } = carrierConnectionDocumentSchema.parse(await made.json()).data;
      const read = async () =>
        carrierConnectionDocumentSchema.parse(
          await (await cached.request(as, `/v2/carrier_connections/${id}`)).json(),
        ).data.attributes;
      const list = async () =>
        carrierConnectionListDocumentSchema.parse(
          await (await cached.request(as, "/v2/carrier_connections")).json(),
        ).data;
      expect((await read()).name).toBe("MAEU production");
      expect(await list()).toHaveLength(1);
      await cached.request(as, `/v2/carrier_connections/${id}`, {
        method: "PATCH",
        json: body({ name: "Renamed" }),
      });
      expect((await read()).name).toBe("Renamed");
      expect((await list())[0]!.attributes.name).toBe("Renamed");
      await cached.request(as, `/v2/carrier_connections/${id}`, { method: "DELETE" });
      expect(await list()).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});

describe("carrier connections on a service without SECRETS_KEY, internal connections allowed, no DCSA client", () => {
  let bareKey: string;
  beforeAll(async () => {
    bare = await createHarness({
      carrierConnections: { carrierConnectionsAllowInternal: true, dcsaClient: null },
    });
    bareKey = (await bare.newAccount("Bare")).apiKey;
  });

  it("refuses a secret, saying that the service has no SECRETS_KEY", async () => {
    const apiKey = await refusal(await create(apiKeyConnection("MAEU"), bareKey, bare));
    expect(apiKey).toEqual([
      [
        "/data/attributes/api_key",
        "This service has no SECRETS_KEY, so it cannot store the API key encrypted; ask the operator to set it",
      ],
    ]);
    const oauth = await refusal(
      await create(
        {
          scac: "MAEU",
          base_url: "https://x.example",
          auth_type: "oauth2_client_credentials",
          oauth_token_url: "https://x.example/token",
          oauth_client_id: "id",
          oauth_client_secret: "s",
        },
        bareKey,
        bare,
      ),
    );
    expect(oauth).toEqual([
      [
        "/data/attributes/oauth_client_secret",
        "This service has no SECRETS_KEY, so it cannot store the OAuth client secret encrypted; ask the operator to set it",
      ],
    ]);
  });

  it("stores a connection without authentication, and an internal one on a private http address", async () => {
    const response = await create(
      {
        scac: "MAEU",
        base_url: "http://127.0.0.1:4000/dcsa/sandbox/MAEU/",
        auth_type: "none",
        internal: true,
      },
      bareKey,
      bare,
    );
    expect(response.status).toBe(201);
    const connection = carrierConnectionDocumentSchema.parse(await response.json()).data;
    expect(connection.attributes).toMatchObject({
      internal: true,
      base_url: "http://127.0.0.1:4000/dcsa/sandbox/MAEU",
    });
    // Internal no more, its plain-http private address is refused.
    const back = await bare.request(bareKey, connection.links.self, {
      method: "PATCH",
      json: body({ internal: false }),
    });
    expect((await errorsOf(back))[0]!.source.pointer).toBe("/data/attributes/base_url");
  });

  it("answers 503 to a test when the service has no DCSA client", async () => {
    const list = carrierConnectionListDocumentSchema.parse(
      await (await bare.request(bareKey, "/v2/carrier_connections")).json(),
    );
    const response = await bare.request(bareKey, `/v2/carrier_connections/${list.data[0]!.id}/test`, {
      method: "POST",
    });
    const errors = await errorsOf(response, 503);
    expect(errors[0]!.detail).toMatch(/not set up to call carriers/);
  });
});
