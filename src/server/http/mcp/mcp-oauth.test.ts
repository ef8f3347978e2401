// Assistants that sign in (issue 31 item 7), end to end with the MCP SDK's own OAuth client over real HTTP: the
// client finds how to sign in from /mcp's 401 (RFC 9728), reads the server's metadata (RFC 8414), registers itself
// (RFC 7591) and is sent to the authorization endpoint; a signed-in person sees the request on the consent page's API
// and allows it; the client trades the code (PKCE) for tokens, lists the tools and its shipments as that person, its
// refresh token rotates, and Settings revokes it: the next call is a 401 with the Bearer challenge, in this process at
// once and in another process within the 2 s it may remember a token. `Authorization: Token` keeps working.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedAccount } from "../../db/accounts";
import { activities } from "../../db/schema";
import { personCookie } from "../../testing/people-fixtures";
import { createHarness, type Harness, insertShipment } from "../../testing/service-harness";

let h: Harness;
let server: Server;
let base: string;
let mine: CreatedAccount;
let cookie: string;

const REDIRECT = "http://127.0.0.1:53682/callback";

/** What a desktop assistant keeps between runs: its registration, its tokens, the PKCE verifier of the sign-in. */
class AssistantStore implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  /** Where the client sent "the browser": the authorization URL of its latest sign-in. */
  authorizationUrl: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: "Test Assistant",
    redirect_uris: [REDIRECT],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  state() {
    return "state-1234";
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const mcpUrl = () => new URL(`${base}/mcp`);

async function connect(
  store: AssistantStore,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: store });
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** What the person's browser does with the authorization URL: follow it to the consent page and press Allow. */
async function consentInBrowser(authorizationUrl: URL, verdict: "approve" | "deny" = "approve") {
  const authorize = await fetch(authorizationUrl, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const consent = new URL(authorize.headers.get("location")!, base);
  expect(consent.pathname).toBe("/oauth/consent");
  const id = consent.searchParams.get("request")!;
  const asPerson = { cookie, origin: base };
  const shown = await fetch(`${base}/v2/assistant_authorizations/${id}`, { headers: asPerson });
  expect(shown.status).toBe(200);
  const request = (await shown.json()).data.attributes;
  const answer = await fetch(`${base}/v2/assistant_authorizations/${id}/${verdict}`, {
    method: "POST",
    headers: asPerson,
  });
  expect(answer.status).toBe(200);
  return { request, redirectTo: new URL((await answer.json()).meta.redirect_to) };
}

const rawMcp = (token: string, url = `${base}/mcp`) =>
  fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    }),
  });

const tokenForm = (form: Record<string, string>) =>
  fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

beforeAll(async () => {
  h = await createHarness({ tuning: { oauthStartsPerMinute: 10_000 } });
  mine = await h.newAccount("Oauth Mine Logistics");
  const theirs = await h.newAccount("Oauth Their Logistics");
  await insertShipment(h.db, mine.account.id, { billOfLading: "MAEU710000001" });
  await insertShipment(h.db, theirs.account.id, { billOfLading: "MAEU719999999" });
  cookie = await personCookie(h, mine.account.id, "mia@oauth-mine.example", "member");
  server = createServer(getRequestListener(h.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await h?.close();
});

describe("an MCP client that signs in", () => {
  it("registers, goes through consent, lists shipments as the person, rotates its refresh token and is revoked from Settings", async () => {
    // /mcp without credentials: a 401 that says where to sign in.
    const bare = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    );

    const store = new AssistantStore();
    await expect(connect(store)).rejects.toBeInstanceOf(UnauthorizedError);
    // The client registered itself and was sent to the authorization endpoint with PKCE and our resource.
    expect(store.information?.client_id).toBeTruthy();
    const authorizationUrl = store.authorizationUrl!;
    expect(authorizationUrl.pathname).toBe("/oauth/authorize");
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${base}/mcp`);

    const { request, redirectTo } = await consentInBrowser(authorizationUrl);
    // The consent page shows the assistant, the account and the role it will act with.
    expect(request).toMatchObject({
      client_name: "Test Assistant",
      redirect_uri: REDIRECT,
      account_name: "Oauth Mine Logistics",
      role: "member",
    });
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(REDIRECT);
    expect(redirectTo.searchParams.get("state")).toBe("state-1234");
    expect(redirectTo.searchParams.get("iss")).toBe(base);
    const code = redirectTo.searchParams.get("code")!;

    // The client finishes the sign-in: code + verifier for tokens.
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: store });
    await first.finishAuth(code);
    expect(store.saved?.access_token).toMatch(/^bxa_/);
    expect(store.saved?.refresh_token).toBeTruthy();
    expect(store.saved?.token_type).toBe("Bearer");

    const { client } = await connect(store);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("list_shipments");
    const listed = (await client.callTool({ name: "list_shipments", arguments: {} })) as CallToolResult;
    expect(listed.isError).toBeFalsy();
    // The person's account only.
    expect(textOf(listed)).toContain("MAEU710000001");
    expect(textOf(listed)).not.toContain("MAEU719999999");
    await client.close();

    // Connected assistants in Settings lists it, and the activity log says who allowed it.
    const listedInSettings = await fetch(`${base}/v2/connected_assistants`, { headers: { cookie } });
    const assistants = (await listedInSettings.json()).data;
    expect(assistants).toHaveLength(1);
    expect(assistants[0].attributes).toMatchObject({
      client_name: "Test Assistant",
      redirect_uris: [REDIRECT],
    });
    const connected = await h.db.select().from(activities).where(eq(activities.kind, "assistant.connected"));
    expect(connected.map((a) => a.summary)).toContain(
      'mia let the assistant "Test Assistant" act as them over MCP',
    );

    // Refresh: a new pair, the old refresh token is spent.
    const clientId = store.information!.client_id;
    const oldRefresh = store.saved!.refresh_token!;
    const refreshed = await tokenForm({
      grant_type: "refresh_token",
      refresh_token: oldRefresh,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
    const pair = await refreshed.json();
    expect(pair.refresh_token).not.toBe(oldRefresh);
    expect(pair.access_token).not.toBe(store.saved!.access_token);
    expect((await rawMcp(pair.access_token)).status).toBe(200);

    // Revoked in Settings: refused at once, with the challenge that sends it to sign in again.
    const revoked = await fetch(`${base}/v2/connected_assistants/${assistants[0].id}`, {
      method: "DELETE",
      headers: { cookie, origin: base },
    });
    expect(revoked.status).toBe(200);
    const refused = await rawMcp(pair.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource", error="invalid_token"`,
    );
    expect((await refused.json()).errors[0].code).toBe("invalid_token");
    const again = await tokenForm({
      grant_type: "refresh_token",
      refresh_token: pair.refresh_token,
      client_id: clientId,
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");
    expect(
      (await (await fetch(`${base}/v2/connected_assistants`, { headers: { cookie } })).json()).data,
    ).toEqual([]);
  });

  it("Authorization: Token keeps working on /mcp beside OAuth", async () => {
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Token ${mine.apiKey}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "key", version: "1" },
        },
      }),
    });
    expect(response.status).toBe(200);
    const badKey = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { authorization: "Token trk_nope", "content-type": "application/json" },
    });
    expect(badKey.status).toBe(401);
    // A bad key is told about signing in too (no error="invalid_token": it was not a bearer token).
    expect(badKey.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    );
  });

  it("publishes the protected resource's and the authorization server's metadata", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const response = await fetch(`${base}${path}`, { headers: { origin: "https://assistant.example" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [base],
        bearer_methods_supported: ["header"],
      });
    }
    const metadata = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    });
  });

  it("a denied request sends the client access_denied and connects nothing", async () => {
    const store = new AssistantStore();
    await expect(connect(store)).rejects.toBeInstanceOf(UnauthorizedError);
    const { redirectTo } = await consentInBrowser(store.authorizationUrl!, "deny");
    expect(redirectTo.searchParams.get("error")).toBe("access_denied");
    expect(redirectTo.searchParams.get("state")).toBe("state-1234");
    expect(redirectTo.searchParams.has("code")).toBe(false);
    expect(
      (await (await fetch(`${base}/v2/connected_assistants`, { headers: { cookie } })).json()).data,
    ).toEqual([]);
  });

  it("a revocation holds in another service process within the 2 s it may remember a token", async () => {
    const store = new AssistantStore();
    await expect(connect(store)).rejects.toBeInstanceOf(UnauthorizedError);
    const { redirectTo } = await consentInBrowser(store.authorizationUrl!);
    await new StreamableHTTPClientTransport(mcpUrl(), { authProvider: store }).finishAuth(
      redirectTo.searchParams.get("code")!,
    );
    const token = store.saved!.access_token;
    // Another process over the same database, remembering keys for 5 s as production does.
    const other = await h.anotherService({}, { tuning: { apiKeyCacheMs: 5_000 } });
    const otherMcp = () =>
      other.app.request("http://localhost/mcp", {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "b", version: "1" },
          },
        }),
      });
    expect((await otherMcp()).status).toBe(200);
    const [grant] = (await (await fetch(`${base}/v2/connected_assistants`, { headers: { cookie } })).json())
      .data;
    await fetch(`${base}/v2/connected_assistants/${grant.id}`, {
      method: "DELETE",
      headers: { cookie, origin: base },
    });
    // Refused here at once; the other process may still hold it for up to 2 s of real time, never past that.
    expect((await rawMcp(token)).status).toBe(401);
    h.authClock.advance(2_001);
    expect((await otherMcp()).status).toBe(401);
  });
});
