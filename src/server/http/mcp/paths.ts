// Where the MCP server is, and the mark its tools' in-process calls carry: an assistant's OAuth access token is for
// `/mcp` only (its audience), so /v2 takes it only from the MCP server's own calls, which no client can make.

export const MCP_PATH = "/mcp";

/**
 * Set in the env of the tools' in-process calls to the app (http/mcp/api-caller.ts). A request from the network has
 * the Node server's env ({ incoming, outgoing }) and cannot add to it.
 */
export const MCP_IN_PROCESS = "boxtrackMcpInProcess";

/** Whether the request is /mcp itself or one of its tools' calls to /v2. */
export function isMcpRequest(path: string, env: unknown): boolean {
  return path === MCP_PATH || (env as Record<string, unknown> | undefined)?.[MCP_IN_PROCESS] === true;
}
