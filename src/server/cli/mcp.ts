// The MCP server for a desktop assistant, over stdio (`npm run --silent mcp`): the same tools as `/mcp`, calling a
// running service over HTTP with the key in BOXTRACK_API_KEY. stdout carries the protocol and nothing else, so
// every word for a person goes to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadMcpClientConfig } from "../config";
import { apiCaller, remoteFetch } from "../http/mcp/api-caller";
import { createMcpServer } from "../http/mcp/server";

let config: ReturnType<typeof loadMcpClientConfig>;
try {
  config = loadMcpClientConfig();
} catch (error) {
  console.error(`boxtrack mcp: ${(error as Error).message}`);
  process.exit(1);
}

const server = createMcpServer(apiCaller(remoteFetch(config.apiUrl, config.apiKey)));
await server.connect(new StdioServerTransport());
console.error(`boxtrack mcp: serving over stdio, calling ${config.apiUrl}`);
