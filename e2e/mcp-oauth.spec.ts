// An assistant that signs in (MCP over OAuth, issue 31 item 7), with the MCP SDK's own client in the test and a real
// Chromium for the person: the client finds the sign-in from /mcp's 401, registers and sends the browser to the
// authorization endpoint; the person, signed out, signs in first and lands on the consent page (the assistant's name,
// the account and the role it acts with), allows it, and the browser goes to the assistant's loopback listener with
// the code. The client then lists the account's shipments through MCP; Settings → Security lists the connected
// assistant and revokes it, after which its token is refused within 5 seconds. Both pages are checked with axe and
// photographed at a desktop's and a phone's size, and in the dark theme.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expectAccessible } from "./axe";
import { expect, type Page, SIGN_IN_URL, test } from "./fixtures";
import { accountWithPeople } from "./people";

const ASSISTANT = "E2E Desk Assistant";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The assistant's loopback listener (RFC 8252): where the browser brings the code after Allow. */
async function loopbackListener(): Promise<{ server: Server; url: string; code: Promise<string> }> {
  let received: (code: string) => void = () => {};
  const code = new Promise<string>((resolve) => {
    received = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const got = url.searchParams.get("code");
    if (got) received(got);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>Signed in</title><h1>You can close this window</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { server, url, code };
}

class AssistantStore implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: ASSISTANT,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
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

/** A page at both sizes, and dark at a desktop's: axe finds nothing, no sideways scrolling; a screenshot of each. */
async function lookAt(page: Page, what: string, name: string, outputPath: (file: string) => string) {
  for (const [size, scheme] of [
    [DESKTOP, "light"],
    [PHONE, "light"],
    [DESKTOP, "dark"],
  ] as const) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    const shown = `${size.width}x${size.height}${scheme === "dark" ? "-dark" : ""}`;
    await expectAccessible(page, `${what} at ${shown}`);
    await page.screenshot({ path: outputPath(`${name}-${shown}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

test("an MCP client signs in through the consent page, lists shipments, and is revoked from Settings", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const email = `ana.${Date.now()}@e2e.example`;
  const account = await accountWithPeople(
    request,
    "E2E Assistant Co",
    [{ email, role: "member", name: "Ana Ruiz" }],
    {
      shipments: 1,
    },
  );
  const password = account.people[0]!.password;
  const shipments = await request.get("/v2/shipments", {
    headers: { Authorization: `Token ${account.api_key}` },
  });
  const billOfLading: string = (await shipments.json()).data[0].attributes.bill_of_lading_number;

  const listener = await loopbackListener();
  try {
    const store = new AssistantStore(listener.url);
    const mcpUrl = new URL(`${baseURL}/mcp`);
    await expect(
      new Client({ name: "e2e", version: "1" }).connect(
        new StreamableHTTPClientTransport(mcpUrl, { authProvider: store }),
      ),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(store.authorizationUrl?.pathname).toBe("/oauth/authorize");

    // The browser opens the authorization URL: signed out, it goes through sign-in and comes back to consent.
    await page.setViewportSize(DESKTOP);
    await page.goto(store.authorizationUrl!.toString());
    await expect(page).toHaveURL(SIGN_IN_URL);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/oauth\/consent\?request=/);
    await expect(page.getByRole("heading", { level: 1, name: "Connect an assistant" })).toBeVisible();
    await expect(page.getByText(ASSISTANT)).toBeVisible();
    await expect(page.getByText("E2E Assistant Co")).toBeVisible();
    await expect(page.getByText(/^Member \(your own role\)/)).toBeVisible();
    await expect(page.getByText(new URL(listener.url).host)).toBeVisible();
    await lookAt(page, "the consent page", "consent", (file) => testInfo.outputPath(file));

    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page.getByRole("heading", { name: "You can close this window" })).toBeVisible();
    const code = await listener.code;

    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: store });
    await transport.finishAuth(code);
    const client = new Client({ name: "e2e", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: store }));
    const listed = (await client.callTool({ name: "list_shipments", arguments: {} })) as CallToolResult;
    const text = listed.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    expect(listed.isError).toBeFalsy();
    expect(text).toContain(billOfLading);
    await client.close();

    // Settings → Security lists it; Revoke ends its access.
    await page.goto("/settings/security");
    const section = page.getByRole("region", { name: /^Connected assistants/ });
    await expect(section.getByText(ASSISTANT)).toBeVisible();
    await expect(section.getByText(/allowed/)).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, "Settings → Security", "settings-assistants", (file) => testInfo.outputPath(file));
    await section.getByRole("button", { name: new RegExp(`^Revoke ${ASSISTANT}`) }).click();
    await expect(page.getByText("Assistant revoked")).toBeVisible();
    await expect(section.getByText(ASSISTANT)).toHaveCount(0);

    const token = store.saved!.access_token;
    const initialize = () =>
      request.post("/mcp", {
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json, text/event-stream" },
        data: {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "e2e", version: "1" },
          },
        },
      });
    // The promise: refused within 5 seconds of the revocation (one process here: at once).
    await expect.poll(async () => (await initialize()).status(), { timeout: 5_000 }).toBe(401);
    expect((await initialize()).headers()["www-authenticate"]).toContain("resource_metadata=");
  } finally {
    await new Promise<void>((resolve) => listener.server.close(() => resolve()));
  }
});
