// The authorization server's refusals and limits, by hand: registration's redirect URI rules, an authorization
// request that cannot be answered to its client (an error page, no redirect) or that lacks PKCE (an error sent back),
// a wrong PKCE verifier, a wrong redirect_uri, a code used twice (what it gave is revoked), a refresh token used twice
// (likewise), an expired access token, a removed person, a viewer's assistant that cannot change anything, the token
// refused by /v2 and by the person's own settings, and consent refused to an API key.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, personCookie } from "../../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";
import { MCP_IN_PROCESS } from "../mcp/paths";

let h: Harness;
let accountId: string;
let apiKey: string;
let shipmentId: string;
let memberCookie: string;
let viewerCookie: string;
let ownerCookie: string;

const ORIGIN = "http://localhost";
const REDIRECT = "http://127.0.0.1:8765/callback";

const post = (path: string, body: string, type: string) =>
  h.app.request(`${ORIGIN}${path}`, { method: "POST", headers: { "content-type": type }, body });

async function register(redirectUris: unknown = [REDIRECT], name = "Hand Assistant") {
  const response = await post(
    "/oauth/register",
    JSON.stringify({ client_name: name, redirect_uris: redirectUris }),
    "application/json",
  );
  return { status: response.status, body: await response.json() };
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

const authorize = (params: Record<string, string>) =>
  h.app.request(`${ORIGIN}/oauth/authorize?${new URLSearchParams(params)}`);

/** Register, authorize and approve as the person of `cookie`: the code, and what the token request needs. */
async function approved(cookie: string) {
  const { body: client } = await register();
  const { verifier, challenge } = pkce();
  const response = await authorize({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "xyz",
  });
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("location")!, ORIGIN).searchParams.get("request")!;
  const answer = await asPerson(h, cookie, `/v2/assistant_authorizations/${id}/approve`, { method: "POST" });
  expect(answer.status).toBe(200);
  const code = new URL((await answer.json()).meta.redirect_to).searchParams.get("code")!;
  return { clientId: client.client_id as string, code, verifier };
}

async function token(form: Record<string, string>) {
  const response = await post(
    "/oauth/token",
    new URLSearchParams(form).toString(),
    "application/x-www-form-urlencoded",
  );
  return { status: response.status, body: await response.json() };
}

async function tokensFor(cookie: string) {
  const { clientId, code, verifier } = await approved(cookie);
  const { status, body } = await token({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: REDIRECT,
  });
  expect(status).toBe(200);
  return { clientId, access: body.access_token as string, refresh: body.refresh_token as string };
}

const mcp = (accessToken: string, message: Record<string, unknown>) =>
  h.app.request(`${ORIGIN}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
  });

const initialize = (accessToken: string) =>
  mcp(accessToken, {
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });

beforeAll(async () => {
  // Many sign-ins from one address in a minute that never moves on: the limit has a test of its own below.
  h = await createHarness({ tuning: { oauthStartsPerMinute: 10_000 } });
  const created = await h.newAccount("Oauth Errors Co");
  accountId = created.account.id;
  apiKey = created.apiKey;
  shipmentId = (await insertShipment(h.db, accountId, { billOfLading: "MAEU720000001" })).shipment.id;
  memberCookie = await personCookie(h, accountId, "max@oauth-errors.example", "member");
  viewerCookie = await personCookie(h, accountId, "vic@oauth-errors.example", "viewer");
  ownerCookie = await personCookie(h, accountId, "ola@oauth-errors.example", "owner");
});
afterAll(() => h.close());

describe("registration", () => {
  it("takes https and loopback http redirect URIs only, and issues no secret", async () => {
    const ok = await register([
      "https://assistant.example/cb",
      "http://localhost:9000/cb",
      "http://[::1]:9/cb",
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.token_endpoint_auth_method).toBe("none");
    expect(ok.body.client_secret).toBeUndefined();
    for (const bad of [
      ["http://assistant.example/cb"],
      ["javascript:alert(1)"],
      ["https://a.example/cb#x"],
      [],
    ]) {
      const refused = await register(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBe("invalid_redirect_uri");
    }
    const notJson = await post("/oauth/register", "{", "application/json");
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toBe("invalid_client_metadata");
  });

  it("answers 429 past the registrations and sign-ins an address may start a minute", async () => {
    const other = await h.anotherService({}, { tuning: { oauthStartsPerMinute: 2 } });
    const start = () =>
      other.app.request(`${ORIGIN}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT] }),
      });
    expect((await start()).status).toBe(201);
    expect((await start()).status).toBe(201);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await refused.json()).error).toBe("too_many_requests");
  });
});

describe("authorization requests", () => {
  it("shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri", async () => {
    const { body: client } = await register();
    const { challenge } = pkce();
    const common = { response_type: "code", code_challenge: challenge, code_challenge_method: "S256" };
    for (const params of [
      { ...common, client_id: crypto.randomUUID(), redirect_uri: REDIRECT },
      { ...common, client_id: client.client_id, redirect_uri: "http://127.0.0.1:8765/elsewhere" },
    ]) {
      const response = await authorize(params);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("cannot go on");
    }
  });

  it("sends a request without S256 PKCE back to the client as invalid_request, with its state", async () => {
    const { body: client } = await register();
    const response = await authorize({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: "plain-challenge-plain-challenge-plain-challenge",
      code_challenge_method: "plain",
      state: "s1",
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("state")).toBe("s1");
  });

  it("refuses consent to an API key, and to an assistant's own token", async () => {
    const { body: client } = await register();
    const { challenge } = pkce();
    const response = await authorize({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const id = new URL(response.headers.get("location")!, ORIGIN).searchParams.get("request")!;
    expect((await h.request(apiKey, `/v2/assistant_authorizations/${id}`)).status).toBe(403);
    const { access } = await tokensFor(memberCookie);
    // As the MCP tools' in-process calls would carry it: closed to the assistant all the same.
    for (const path of [
      `/v2/assistant_authorizations/${id}`,
      "/v2/connected_assistants",
      "/v2/sessions",
      "/v2/api_keys",
    ]) {
      const asAssistant = await h.app.request(
        `${ORIGIN}${path}`,
        { headers: { authorization: `Bearer ${access}` } },
        { [MCP_IN_PROCESS]: true },
      );
      expect(asAssistant.status, path).toBe(403);
    }
    // From the network, /v2 does not take it at all.
    const direct = await h.request(null, "/v2/shipments", { headers: { authorization: `Bearer ${access}` } });
    expect(direct.status).toBe(401);
    expect((await direct.json()).errors[0].detail).toContain("/mcp only");
  });
});

describe("the token endpoint", () => {
  it("refuses a wrong PKCE verifier, and the code is spent after it", async () => {
    const { clientId, code, verifier } = await approved(memberCookie);
    const wrong = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: pkce().verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(wrong.body.error_description).toContain("PKCE");
    const right = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
    });
    expect(right).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a redirect_uri other than the request's, and a code of another client", async () => {
    const { clientId, code, verifier } = await approved(memberCookie);
    const wrong = await token({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: "http://127.0.0.1:8765/other",
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(wrong.body.error_description).toContain("redirect_uri");
    const other = await approved(memberCookie);
    const { body: thief } = await register();
    const stolen = await token({
      grant_type: "authorization_code",
      code: other.code,
      code_verifier: other.verifier,
      client_id: thief.client_id,
    });
    expect(stolen).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("revokes what a code gave when the code is used again", async () => {
    const { clientId, code, verifier } = await approved(memberCookie);
    const form = { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId };
    const first = await token(form);
    expect(first.status).toBe(200);
    expect((await initialize(first.body.access_token)).status).toBe(200);
    const second = await token(form);
    expect(second).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await initialize(first.body.access_token)).status).toBe(401);
  });

  it("rotates refresh tokens, and a refresh token used twice revokes the grant", async () => {
    const { clientId, refresh } = await tokensFor(memberCookie);
    const next = await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId });
    expect(next.status).toBe(200);
    expect((await initialize(next.body.access_token)).status).toBe(200);
    const replay = await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId });
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await initialize(next.body.access_token)).status).toBe(401);
    const after = await token({
      grant_type: "refresh_token",
      refresh_token: next.body.refresh_token,
      client_id: clientId,
    });
    expect(after).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("answers OAuth errors for a missing or unknown grant type and a body that is not a form", async () => {
    expect(await token({})).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(await token({ grant_type: "password" })).toMatchObject({
      status: 400,
      body: { error: "unsupported_grant_type" },
    });
    const json = await post("/oauth/token", "{}", "application/json");
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe("invalid_request");
  });
});

describe("access tokens", () => {
  it("expire after 15 minutes and are refreshed", async () => {
    const { clientId, access, refresh } = await tokensFor(memberCookie);
    h.authClock.advance(15 * 60_000 + 1);
    const expired = await initialize(access);
    expect(expired.status).toBe(401);
    expect((await expired.json()).errors[0].detail).toContain("expired");
    const next = await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId });
    expect((await initialize(next.body.access_token)).status).toBe(200);
  });

  it("act with the person's role: a viewer's assistant reads but cannot stop tracking", async () => {
    const { access } = await tokensFor(viewerCookie);
    const read = await mcp(access, {
      method: "tools/call",
      params: { name: "get_shipment", arguments: { id: shipmentId } },
    });
    expect(JSON.stringify(await read.json())).toContain("MAEU720000001");
    const stop = await mcp(access, {
      method: "tools/call",
      params: { name: "stop_tracking", arguments: { id: shipmentId } },
    });
    const answer = (await stop.json()).result;
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer.content)).toContain("viewer");
  });

  it("stop working when their person is removed from the account", async () => {
    const removedCookie = await personCookie(h, accountId, "rex@oauth-errors.example", "member");
    const { access, refresh, clientId } = await tokensFor(removedCookie);
    expect((await initialize(access)).status).toBe(200);
    const people = await (await asPerson(h, ownerCookie, "/v2/users")).json();
    const rex = people.data.find(
      (p: { attributes: { email: string } }) => p.attributes.email === "rex@oauth-errors.example",
    );
    expect((await asPerson(h, ownerCookie, `/v2/users/${rex.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await initialize(access)).status).toBe(401);
    expect(
      await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId }),
    ).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });
});
