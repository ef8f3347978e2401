// `POST /v2/carrier_connections/{id}/test` through the real DCSA client (HttpDcsaClient) against a local node:http
// server playing the carrier (testing/fake-carrier.ts): the key reaches the carrier in its header and nowhere
// else; a refused key is recorded as credentials_refused, a carrier that does not answer in time as not_reachable,
// and an OAuth connection fetches its token first.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  carrierConnectionDocumentSchema,
  carrierConnectionTestDocumentSchema,
} from "../../../api/carrier-connections";
import { type FakeCarrier, json, startFakeCarrier } from "../../testing/fake-carrier";
import { createHarness, type Harness } from "../../testing/service-harness";
import { HttpDcsaClient } from "../../tracking/dcsa/client";
import type { DcsaClient } from "../../tracking/dcsa/connection";

const GOOD_KEY = "the-carriers-key-1234";
const WRONG_KEY = "a-wrong-key-5678";
const CLIENT_SECRET = "client-secret-9012";
let carrier: FakeCarrier;
let h: Harness;
let key: string;

/**
 * The real client, patient while the carrier answers (a loaded machine may take seconds to serve a loopback call)
 * and impatient only where the test waits for the timeout, against a carrier that never answers.
 */
const patient = new HttpDcsaClient({ timeoutMs: 30_000 });
const impatient = new HttpDcsaClient({ timeoutMs: 300 });
let client: DcsaClient = patient;
const switchable: DcsaClient = {
  events: (connection, query) => client.events(connection, query),
  probe: (connection) => client.probe(connection),
  subscribe: (connection, body) => client.subscribe(connection, body),
  unsubscribe: (connection, id) => client.unsubscribe(connection, id),
};

beforeAll(async () => {
  carrier = await startFakeCarrier();
  h = await createHarness({
    carrierConnections: {
      secretsKey: randomBytes(32),
      carrierConnectionsAllowInternal: true,
      dcsaClient: switchable,
    },
  });
  key = (await h.newAccount("Probe")).apiKey;
});
afterAll(async () => {
  await carrier.close();
  await h.close();
});

async function created(attributes: Record<string, unknown>) {
  const response = await h.request(key, "/v2/carrier_connections", {
    method: "POST",
    json: {
      data: {
        type: "carrier_connection",
        attributes: { base_url: `${carrier.origin}/tnt/`, internal: true, ...attributes },
      },
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return carrierConnectionDocumentSchema.parse(await response.json()).data;
}

async function tested(id: string) {
  const response = await h.request(key, `/v2/carrier_connections/${id}/test`, { method: "POST" });
  const text = await response.clone().text();
  expect(response.status, text).toBe(200);
  expect(text).not.toMatch(new RegExp(`${GOOD_KEY}|${WRONG_KEY}|${CLIENT_SECRET}`));
  return carrierConnectionTestDocumentSchema.parse(await response.json());
}

describe("POST /v2/carrier_connections/{id}/test with the real DCSA client", () => {
  it("calls the carrier's events endpoint with the key in its header, and records what it answered", async () => {
    carrier.handle((request, response) =>
      request.headers["api-key"] === GOOD_KEY
        ? json(response, 200, [])
        : json(response, 401, { message: "Unauthorized" }),
    );
    const connection = await created({
      scac: "MAEU",
      auth_type: "api_key",
      api_key_header: "API-Key",
      api_key: GOOD_KEY,
    });
    const ok = await tested(connection.id);
    expect(ok.data.attributes).toMatchObject({ ok: true, status: "ok", http_status: 200 });
    expect(ok.data.attributes.url).toBe(`${carrier.origin}/tnt/v2/events?limit=1`);
    const request = carrier.requests.at(-1)!;
    expect(request).toMatchObject({ method: "GET", path: "/tnt/v2/events", query: { limit: "1" } });
    expect(request.headers["api-key"]).toBe(GOOD_KEY);
    expect(ok.included[0]!.attributes).toMatchObject({ status: "ok" });
    expect(ok.included[0]!.attributes.last_success_at).not.toBeNull();

    // Another key, refused by the carrier: credentials_refused on the connection, no key in any word.
    const patched = await h.request(key, connection.links.self, {
      method: "PATCH",
      json: { data: { attributes: { api_key: WRONG_KEY } } },
    });
    expect(patched.status).toBe(200);
    const refused = await tested(connection.id);
    expect(refused.data.attributes).toMatchObject({
      ok: false,
      status: "credentials_refused",
      http_status: 401,
    });
    const after = carrierConnectionDocumentSchema.parse(
      await (await h.request(key, connection.links.self)).json(),
    ).data;
    expect(after.attributes).toMatchObject({
      status: "credentials_refused",
      status_detail: refused.data.attributes.detail,
    });

    // A carrier that never answers: not reachable once the client's timeout is up.
    carrier.handle(() => {});
    client = impatient;
    const silent = await tested(connection.id).finally(() => {
      client = patient;
    });
    expect(silent.data.attributes).toMatchObject({ ok: false, status: "not_reachable", http_status: null });
    expect(h.logs.join("\n")).not.toMatch(new RegExp(`${GOOD_KEY}|${WRONG_KEY}`));
  });

  it("fetches an OAuth token with the client's credentials first, and sends it as a bearer token", async () => {
    carrier.handle((request, response) => {
      if (request.path === "/oauth/token") {
        const basic = Buffer.from(`me:${CLIENT_SECRET}`).toString("base64");
        const sentSecret =
          request.headers.authorization === `Basic ${basic}` || request.rawBody.includes(CLIENT_SECRET);
        return sentSecret
          ? json(response, 200, { access_token: "tok-1", token_type: "Bearer", expires_in: 3600 })
          : json(response, 401, { error: "invalid_client" });
      }
      return request.headers.authorization === "Bearer tok-1"
        ? json(response, 200, [])
        : json(response, 401, { message: "Unauthorized" });
    });
    const connection = await created({
      scac: "HLCU",
      auth_type: "oauth2_client_credentials",
      oauth_token_url: `${carrier.origin}/oauth/token`,
      oauth_client_id: "me",
      oauth_client_secret: CLIENT_SECRET,
    });
    const ok = await tested(connection.id);
    expect(ok.data.attributes).toMatchObject({ ok: true, status: "ok" });
    expect(carrier.requests.map((r) => r.path).slice(-2)).toEqual(["/oauth/token", "/tnt/v2/events"]);
  });
});
