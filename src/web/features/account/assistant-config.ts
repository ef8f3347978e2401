// What an assistant needs to reach this service over MCP: the `/mcp` address next to the API, and the
// configuration snippets (a desktop assistant over stdio, a remote one over HTTP) for a key, as the README shows.

/** The key a snippet carries and the API it reaches. */
export interface KeyAndAddress {
  apiKey: string;
  baseUrl: string;
}

/** `/mcp` sits on the same origin and prefix as `/v2`. */
export function mcpAddress(session: Pick<KeyAndAddress, "baseUrl">): string {
  return `${session.baseUrl}/mcp`;
}

/** `trk_abcd…wxyz`: enough to tell keys apart on screen, not enough to use. */
export function maskedKey(apiKey: string): string {
  return apiKey.length <= 12 ? "…" : `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A desktop assistant's `mcpServers` entry that runs `npm run mcp` from a checkout of this service. */
export function stdioConfig(session: KeyAndAddress, checkoutPath = "/path/to/boxtrack"): string {
  return json({
    mcpServers: {
      boxtrack: {
        command: "npm",
        args: ["run", "--silent", "--prefix", checkoutPath, "mcp"],
        env: { BOXTRACK_API_KEY: session.apiKey, BOXTRACK_API_URL: session.baseUrl },
      },
    },
  });
}

/** A remote assistant's entry: the streamable HTTP address with the key's header. */
export function httpConfig(session: KeyAndAddress): string {
  return json({
    mcpServers: {
      boxtrack: {
        type: "http",
        url: mcpAddress(session),
        headers: { Authorization: `Token ${session.apiKey}` },
      },
    },
  });
}
